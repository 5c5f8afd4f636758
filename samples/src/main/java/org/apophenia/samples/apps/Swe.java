package org.apophenia.samples.apps;

import java.util.ArrayList;
import java.util.List;
import org.apophenia.samples.array.ArrayContext;
import org.apophenia.samples.array.NdArray;
import org.apophenia.samples.array.Scalar;

/**
 * The 2-D shallow-water equations by finite volumes (TorchSWE in spirit): three fields per cell
 * (depth {@code h} and momenta {@code hu}, {@code hv}), Rusanov (local Lax–Friedrichs) fluxes on every
 * face, Heun's two-stage SSP Runge–Kutta in time, reflective walls on all four sides. The problem is
 * a dam break: still water of depth 1 with a square column of depth 2 in one quadrant. Every step
 * sums the depth (a future); every {@value #CHECK_EVERY} steps the program checks the sum kept at the
 * previous check, {@value #CHECK_EVERY} steps old, so its wait finds the value computed and does not
 * drain the pipeline of work in flight (the end of the run checks the final sum).
 *
 * <p>Layout: {@code (n + 2) x (n + 2)} arrays, the n x n cells and a ring of ghost cells that mirror
 * their wall neighbours (depth and tangential momentum copied, normal momentum negated), refreshed
 * before every stage. The stage arrays {@code h1, hu1, hv1} are allocated once and updated in place,
 * like the solution, so only the flux temporaries go through the region pool.
 *
 * <p>What the checks rely on: (1) mass. The update of a cell's depth adds the difference of the
 * fluxes through its faces, and each interior face's flux is one value used by both neighbours, so
 * the sum of the depth telescopes; at a wall the mirrored ghost makes the depth flux
 * {@code (hu - hu)/2 - a (h - h)/2} exactly zero. The total is therefore conserved up to round-off
 * only: every stage rounds every cell's new depth once per operation (a few units in the last place
 * of h), and the check's own sum rounds once per cell. Hence the tolerance
 * {@code 16 eps (steps + cells)} relative to the initial total. (2) positivity. Rusanov's flux with
 * forward Euler keeps the depth positive when the Courant number is at most 1/2, and Heun's
 * stages are convex combinations of forward Euler steps; here {@code dt/dx (|u| + sqrt(g h))} stays
 * near 0.2. (3) the dam collapses: the highest depth falls below the initial 2.
 */
public final class Swe implements Sample {
  static final int CHECK_EVERY = 10;
  private static final double G = 1;
  private static final double DX = 1;
  private static final double DT = 0.1;
  private static final double EPS = Math.ulp(1.0);

  private int n;
  private final NdArray[] q = new NdArray[3];   // h, hu, hv
  private final NdArray[] q1 = new NdArray[3];  // Heun's first stage
  private double mass0;
  private double damMass0;
  private int steps;
  private Scalar mass;
  private Scalar previousCheck;
  private final List<Double> masses = new ArrayList<>();

  @Override public String name() { return "swe"; }
  @Override public String description() { return "2-D shallow water, Rusanov fluxes and Heun's RK2 (a dam break)"; }
  @Override public int defaultSize() { return 64; }
  @Override public int defaultIterations() { return 200; }
  // the solution and the stage arrays are updated in place: from the second step on, the flux
  // temporaries come from the pool in the same order every step
  @Override public int manualTraceIterations() { return 1; }
  @Override public int manualTraceStart() { return 1; }

  @Override
  public void setup(ArrayContext np, int size) {
    n = size;
    for (int k = 0; k < 3; k++) {
      q[k] = np.let(np.zeros(n + 2, n + 2));
      q1[k] = np.let(np.zeros(n + 2, n + 2));
    }
    // still water of depth 1 everywhere, also in the four corners of the ghost ring (never read)
    q[0].assign(1.0);
    q1[0].assign(1.0);
    dam(q[0]).assign(2.0);
    mass0 = np.sum(in(q[0])).get();
    damMass0 = np.sum(dam(q[0])).get();
  }

  /** The cells where the dam's water stands at the start: an n/4 x n/4 square. */
  private NdArray dam(NdArray a) {
    return a.view(n / 4 + 1, n / 2 + 1, n / 4 + 1, n / 2 + 1);
  }

  /** The n x n cells, without the ghost ring. */
  private NdArray in(NdArray a) {
    return a.view(1, n + 1, 1, n + 1);
  }

  /** Mirrors the cells next to the walls into the ghost ring: reflective walls. */
  private void walls(NdArray h, NdArray hu, NdArray hv) {
    for (NdArray a : List.of(h, hu, hv)) {
      boolean xNormal = a == hu;
      boolean yNormal = a == hv;
      mirror(a.view(1, n + 1, 0, 1), a.view(1, n + 1, 1, 2), xNormal);             // west
      mirror(a.view(1, n + 1, n + 1, n + 2), a.view(1, n + 1, n, n + 1), xNormal); // east
      mirror(a.view(0, 1, 1, n + 1), a.view(1, 2, 1, n + 1), yNormal);             // south
      mirror(a.view(n + 1, n + 2, 1, n + 1), a.view(n, n + 1, 1, n + 1), yNormal); // north
    }
  }

  private static void mirror(NdArray ghost, NdArray cell, boolean negate) {
    ghost.assign(negate ? cell.neg() : cell);
  }

  /**
   * Rusanov's flux through faces between states L and R of one field: {@code (f(L) + f(R))/2 - a (R - L)/2},
   * with {@code f} the field's physical flux normal to the faces and {@code a} the larger local wave speed.
   */
  private static NdArray face(NdArray fL, NdArray fR, NdArray qL, NdArray qR, NdArray a) {
    return fL.add(fR).sub(a.mul(qR.sub(qL))).mul(0.5);
  }

  /** {@code dq/dt} on the cells: minus the flux differences through their x and y faces, per field. */
  private NdArray[] tendencies(ArrayContext np, NdArray[] s) {
    NdArray h = s[0];
    NdArray hu = s[1];
    NdArray hv = s[2];
    walls(h, hu, hv);
    // cell quantities, ghosts included: velocities, wave speeds and physical fluxes
    // F = (hu, hu u + g h^2/2, hu v) along x and G = (hv, hu v, hv v + g h^2/2) along y
    NdArray u = np.let(hu.div(h));
    NdArray v = np.let(hv.div(h));
    NdArray c = np.let(h.mul(G).sqrt());
    NdArray sx = np.let(u.abs().add(c));
    NdArray sy = np.let(v.abs().add(c));
    NdArray p = np.let(h.mul(h).mul(0.5 * G));
    NdArray fxx = np.let(hu.mul(u).add(p));
    NdArray fyy = np.let(hv.mul(v).add(p));
    NdArray fxy = np.let(hu.mul(v));
    // x faces: n rows of n + 1 faces, between columns j and j + 1
    NdArray ax = np.let(xLeft(sx).maximum(xRight(sx)));
    NdArray[] fx = {
        np.let(face(xLeft(hu), xRight(hu), xLeft(h), xRight(h), ax)),
        np.let(face(xLeft(fxx), xRight(fxx), xLeft(hu), xRight(hu), ax)),
        np.let(face(xLeft(fxy), xRight(fxy), xLeft(hv), xRight(hv), ax))};
    // y faces: n + 1 rows of n faces, between rows i and i + 1
    NdArray ay = np.let(yLeft(sy).maximum(yRight(sy)));
    NdArray[] fy = {
        np.let(face(yLeft(hv), yRight(hv), yLeft(h), yRight(h), ay)),
        np.let(face(yLeft(fxy), yRight(fxy), yLeft(hu), yRight(hu), ay)),
        np.let(face(yLeft(fyy), yRight(fyy), yLeft(hv), yRight(hv), ay))};
    for (NdArray t : List.of(u, v, c, sx, sy, p, fxx, fyy, fxy, ax, ay)) {
      np.release(t);
    }
    NdArray[] dq = new NdArray[3];
    for (int k = 0; k < 3; k++) {
      dq[k] = np.let(fx[k].view(0, n, 1, n + 1).sub(fx[k].view(0, n, 0, n))
          .add(fy[k].view(1, n + 1, 0, n).sub(fy[k].view(0, n, 0, n))).mul(-1 / DX));
      np.release(fx[k]);
      np.release(fy[k]);
    }
    return dq;
  }

  private NdArray xLeft(NdArray a) { return a.view(1, n + 1, 0, n + 1); }
  private NdArray xRight(NdArray a) { return a.view(1, n + 1, 1, n + 2); }
  private NdArray yLeft(NdArray a) { return a.view(0, n + 1, 1, n + 1); }
  private NdArray yRight(NdArray a) { return a.view(1, n + 2, 1, n + 1); }

  @Override
  public void step(ArrayContext np, int i) {
    // Heun / SSP-RK2: q1 = q + dt L(q); q = (q + q1 + dt L(q1)) / 2
    NdArray[] dq = tendencies(np, q);
    for (int k = 0; k < 3; k++) {
      in(q1[k]).assign(in(q[k]).add(dq[k].mul(DT)));
      np.release(dq[k]);
    }
    dq = tendencies(np, q1);
    for (int k = 0; k < 3; k++) {
      in(q[k]).assign(in(q[k]).add(in(q1[k])).add(dq[k].mul(DT)).mul(0.5));
      np.release(dq[k]);
    }
    mass = np.sum(in(q[0]));
    steps = i + 1;
  }

  @Override
  public boolean monitor(ArrayContext np, int i) {
    // every CHECK_EVERY steps: wait for the total of the previous check, and keep this one for the
    // next, so the check waits for work long finished and never drains the pipeline
    if (i % CHECK_EVERY == CHECK_EVERY - 1) {
      if (previousCheck != null) {
        double m = previousCheck.get();
        masses.add(m);
        checkMass(m, "step " + (i - CHECK_EVERY));
      }
      previousCheck = mass;
    }
    return false;
  }

  private void checkMass(double m, String when) {
    double tolerance = 16 * EPS * (steps + (double) n * n) * mass0;
    SampleCheckException.require(Math.abs(m - mass0) <= tolerance, "swe: the total depth changed from " + mass0
        + " to " + m + " at " + when + " (tolerance " + tolerance + ")");
  }

  @Override
  public List<NdArray> results() {
    return List.of(q);
  }

  @Override
  public String verify(ArrayContext np) {
    double m = np.sum(in(q[0])).get();
    checkMass(m, "the end");
    double lo = np.min(in(q[0])).get();
    double hi = np.max(in(q[0])).get();
    SampleCheckException.require(lo > 0, "swe: the depth is not positive: min h = " + lo);
    // Not max h < 2: on a fine grid the rarefaction needs more steps than a short run has to reach the
    // middle of the dam; water leaving the dam's footprint is visible after the first step at any size.
    double dam = np.sum(dam(q[0])).get();
    SampleCheckException.require(hi <= 2 && (steps == 0 || dam < damMass0), "swe: the dam did not collapse: "
        + "the depth over its footprint sums to " + dam + " (initially " + damMass0 + "), max h = " + hi);
    return String.format("total depth %.15g conserved (drift %.2g relative), depth in [%.4f, %.4f]", m,
        (m - mass0) / mass0, lo, hi);
  }
}
