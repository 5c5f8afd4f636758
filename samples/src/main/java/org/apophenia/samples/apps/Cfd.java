package org.apophenia.samples.apps;

import java.util.ArrayList;
import java.util.List;
import org.apophenia.samples.array.ArrayContext;
import org.apophenia.samples.array.NdArray;
import org.apophenia.samples.array.Scalar;

/**
 * 2-D channel flow, the last of Barba's "12 steps to Navier–Stokes" (step 12; the paper's CFD): the
 * incompressible Navier–Stokes equations with a constant source {@code F} in the u-momentum
 * equation, periodic in x, no-slip walls at y = 0 and y = 2, and a pressure Poisson inner loop of
 * {@value #NIT} Jacobi sweeps per time step. Every step measures Barba's stopping quantity
 * {@code udiff = (sum u - sum u_n) / sum u} as a future; every {@value #CHECK_EVERY} steps the program
 * waits for it and stops below {@value #TOLERANCE}.
 *
 * <p>Layout: arrays of {@code ny x (nx + 2)} points, rows along y (rows 0 and ny-1 are the walls),
 * columns along x; columns 1..nx are the nx periodic points and columns 0 and nx+1 are ghost copies of
 * columns nx and 1, refreshed after every update. That reproduces Barba's explicit wrap-around
 * formulas for the first and last columns with one stencil for all of them.
 *
 * <p>Departures from Barba's notebook: {@value #NIT} pressure sweeps per step instead of 50 (to keep
 * the loop body near two hundred operations; see the next paragraph for why it cannot change the
 * result), and the check every {@value #CHECK_EVERY} steps instead of every step.
 *
 * <p>What the checks rely on: the initial state (at rest) and the forcing are uniform in x and every
 * operation is translation-invariant along the periodic x axis, so the flow stays a function of y only:
 * v stays 0, the pressure source and the pressure stay 0, and u obeys the discrete 1-D diffusion
 * equation {@code u_t = nu u_yy + F}. Hence (1) the discrete divergence {@code du/dx + dv/dy} (central
 * differences, as in the pressure source) is zero up to round-off, and the volume flux through the
 * periodic boundary equals the flux through every other column, so the net flux into the channel is
 * zero; (2) starting from rest, u grows monotonically towards the plane Poiseuille profile
 * {@code F / (2 nu) y (2 - y)}, which the three-point Laplacian reproduces exactly (it is quadratic),
 * and never exceeds it (discrete maximum principle: {@code nu dt / dy^2 <= 1/2}).
 */
public final class Cfd implements Sample {
  static final int NIT = 10;
  static final int CHECK_EVERY = 10;
  static final double TOLERANCE = 1e-3;
  private static final double RHO = 1;
  private static final double NU = 0.1;
  private static final double F = 1;
  /** Barba's time step, used up to the grid where diffusion would become unstable with it. */
  private static final double BARBA_DT = 0.01;
  /**
   * The time step: Barba's, or smaller on finer grids so that the diffusion number
   * {@code nu dt / dy^2} stays at most 0.4 (explicit diffusion is stable up to 1/2; with Barba's
   * 0.01 a grid of 82 points reached 1.6 and blew up).
   */
  private double dt;

  private int nx;
  private int ny;
  private double dx;
  private double dy;
  private NdArray u;
  private NdArray v;
  private NdArray p;
  private Scalar sumU;
  private Scalar sumUn;
  private final List<Double> meanU = new ArrayList<>();

  @Override public String name() { return "cfd"; }
  @Override public String description() { return "2-D channel flow with a pressure Poisson loop (Barba's step 12)"; }
  @Override public int defaultSize() { return 41; }
  @Override public int defaultIterations() { return 1000; }
  // u, v and p are updated in place; the copies and temporaries come from the pool in the same
  // order every step once the first step has created them
  @Override public int manualTraceIterations() { return 1; }
  @Override public int manualTraceStart() { return 1; }

  @Override
  public void setup(ArrayContext np, int n) {
    nx = n;
    ny = n;
    dx = 2.0 / (nx - 1);
    dy = 2.0 / (ny - 1);
    dt = Math.min(BARBA_DT, 0.4 * dy * dy / NU);
    u = np.let(np.zeros(ny, nx + 2));
    v = np.let(np.zeros(ny, nx + 2));
    p = np.let(np.zeros(ny, nx + 2));
  }

  // a[1:-1, 1:-1] (the points updated) and its four neighbours
  private NdArray in(NdArray a) { return a.view(1, ny - 1, 1, nx + 1); }
  private NdArray east(NdArray a) { return a.view(1, ny - 1, 2, nx + 2); }
  private NdArray west(NdArray a) { return a.view(1, ny - 1, 0, nx); }
  private NdArray north(NdArray a) { return a.view(2, ny, 1, nx + 1); }
  private NdArray south(NdArray a) { return a.view(0, ny - 2, 1, nx + 1); }

  /** Refreshes the ghost columns of rows 1..ny-2 from the periodic partners. */
  private void periodic(NdArray a) {
    a.view(1, ny - 1, 0, 1).assign(a.view(1, ny - 1, nx, nx + 1));
    a.view(1, ny - 1, nx + 1, nx + 2).assign(a.view(1, ny - 1, 1, 2));
  }

  /** The source of the pressure Poisson equation, on the interior points (Barba's build_up_b). */
  private NdArray buildUpB(ArrayContext np) {
    NdArray dudx = np.let(east(u).sub(west(u)).div(2 * dx));
    NdArray dvdy = np.let(north(v).sub(south(v)).div(2 * dy));
    NdArray dudy = np.let(north(u).sub(south(u)).div(2 * dy));
    NdArray dvdx = np.let(east(v).sub(west(v)).div(2 * dx));
    NdArray b = dudx.add(dvdy).mul(1 / dt).sub(dudx.mul(dudx)).sub(dudy.mul(dvdx).mul(2)).sub(dvdy.mul(dvdy))
        .mul(RHO);
    for (NdArray t : List.of(dudx, dvdy, dudy, dvdx)) {
      np.release(t);
    }
    return b;
  }

  /** NIT Jacobi sweeps of the pressure Poisson equation; dp/dy = 0 at the walls. */
  private void pressurePoisson(ArrayContext np, NdArray b) {
    double dx2 = dx * dx;
    double dy2 = dy * dy;
    NdArray source = np.let(b.mul(dx2 * dy2 / (2 * (dx2 + dy2))));
    for (int q = 0; q < NIT; q++) {
      NdArray pn = np.let(p.copy());
      in(p).assign(east(pn).add(west(pn)).mul(dy2).add(north(pn).add(south(pn)).mul(dx2))
          .div(2 * (dx2 + dy2)).sub(source));
      periodic(p);
      p.row(ny - 1).assign(p.row(ny - 2));
      p.row(0).assign(p.row(1));
      np.release(pn);
    }
    np.release(source);
  }

  @Override
  public void step(ArrayContext np, int i) {
    NdArray un = np.let(u.copy());
    NdArray vn = np.let(v.copy());
    NdArray b = np.let(buildUpB(np));
    pressurePoisson(np, b);
    np.release(b);
    NdArray uc = in(un);
    NdArray vc = in(vn);
    in(u).assign(uc
        .sub(uc.mul(dt / dx).mul(uc.sub(west(un))))
        .sub(vc.mul(dt / dy).mul(uc.sub(south(un))))
        .sub(east(p).sub(west(p)).mul(dt / (2 * RHO * dx)))
        .add(laplacian(un).mul(NU))
        .add(F * dt));
    in(v).assign(vc
        .sub(uc.mul(dt / dx).mul(vc.sub(west(vn))))
        .sub(vc.mul(dt / dy).mul(vc.sub(south(vn))))
        .sub(north(p).sub(south(p)).mul(dt / (2 * RHO * dy)))
        .add(laplacian(vn).mul(NU)));
    periodic(u);
    periodic(v);
    u.row(0).assign(0);
    u.row(ny - 1).assign(0);
    v.row(0).assign(0);
    v.row(ny - 1).assign(0);
    sumU = np.sum(in(u));
    sumUn = np.sum(in(un));
    np.release(un);
    np.release(vn);
  }

  /** {@code dt * (a_xx + a_yy)} on the interior points, second differences. */
  private NdArray laplacian(NdArray a) {
    NdArray twice = in(a).mul(2);
    NdArray xx = east(a).sub(twice).add(west(a)).mul(dt / (dx * dx));
    NdArray twice2 = in(a).mul(2);
    return xx.add(north(a).sub(twice2).add(south(a)).mul(dt / (dy * dy)));
  }

  @Override
  public boolean monitor(ArrayContext np, int i) {
    if (i % CHECK_EVERY != CHECK_EVERY - 1) {
      return false;
    }
    double now = sumU.get();
    double before = sumUn.get();
    meanU.add(now / ((ny - 2) * (double) nx));
    return (now - before) / now < TOLERANCE;
  }

  @Override
  public List<NdArray> results() {
    return List.of(u, v, p);
  }

  @Override
  public String verify(ArrayContext np) {
    // no-slip: u = v = 0 exactly on both walls
    for (NdArray wall : List.of(u.row(0), u.row(ny - 1), v.row(0), v.row(ny - 1))) {
      double m = np.max(wall.abs()).get();
      SampleCheckException.require(m == 0, "cfd: the no-slip condition fails on a wall: max |velocity| = " + m);
    }
    double umax = np.max(in(u)).get();
    // mass balance: zero discrete divergence and equal volume flux through the periodic boundary and
    // through the middle of the channel
    NdArray div = np.let(east(u).sub(west(u)).div(2 * dx).add(north(v).sub(south(v)).div(2 * dy)));
    double maxDiv = np.max(div.abs()).get();
    np.release(div);
    double tol = 1e-12 * Math.max(umax, 1);
    SampleCheckException.require(maxDiv <= tol / dx, "cfd: the discrete divergence is " + maxDiv);
    double boundary = np.sum(u.view(1, ny - 1, 1, 2)).get() * dy;
    double middle = np.sum(u.view(1, ny - 1, nx / 2, nx / 2 + 1)).get() * dy;
    SampleCheckException.require(Math.abs(boundary - middle) <= tol * ny * dy,
        "cfd: the volume flux through the periodic boundary (" + boundary + ") differs from the middle's ("
            + middle + ")");
    // the flow develops: the mean of u grows at every check, from rest towards plane Poiseuille flow,
    // and stays between 0 and the Poiseuille profile
    for (int k = 1; k < meanU.size(); k++) {
      SampleCheckException.require(meanU.get(k) > meanU.get(k - 1), "cfd: the mean of u did not grow: " + meanU);
    }
    double[] ui = in(u).toArray();
    double mean = 0;
    double target = 0;
    for (int r = 0; r < ny - 2; r++) {
      double y = (r + 1) * dy;
      double poiseuille = F / (2 * NU) * y * (2 - y);
      for (int c = 0; c < nx; c++) {
        double x = ui[r * nx + c];
        SampleCheckException.require(x > 0 && x <= poiseuille * (1 + 1e-12),
            "cfd: u = " + x + " at y = " + y + " is outside (0, " + poiseuille + "]");
        mean += x / ui.length;
        target += poiseuille / ui.length;
      }
    }
    return String.format("mean u %.5f towards Poiseuille's %.5f; walls at rest; max |div u| %.2g; flux %.6g through"
        + " the periodic boundary and the middle", mean, target, maxDiv, boundary);
  }
}
