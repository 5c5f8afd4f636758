package org.apophenia.samples.apps;

import java.util.ArrayList;
import java.util.List;
import org.apophenia.samples.array.ArrayContext;
import org.apophenia.samples.array.NdArray;
import org.apophenia.samples.array.Scalar;

/**
 * An explicit Runge–Kutta stepper (Heun's third-order scheme, three stages) over many species fields on
 * a 1-D grid: each stage computes, for every species, a diffusion term (a stencil) and a cyclic
 * reaction term coupling it to its neighbour species, then updates the stage's fields. With 16 species
 * a step issues a few hundred index launches, so traces are longer than a thousand point tasks (S3D
 * and HTR in spirit). The scheme is linear with column sums of one, so the total over all species is
 * conserved; the check waits for it every 10 steps and at the end.
 */
public final class S3d implements Sample {
  static final int SPECIES = 16;
  private static final double DIFFUSION = 0.2;
  private static final double RATE = 0.3;
  private static final double DT = 0.1;
  private List<NdArray> y = new ArrayList<>();
  private double total;
  private Scalar latest;

  @Override public String name() { return "s3d"; }
  @Override public String description() { return "RK3 over 16 species fields: hundreds of launches per step"; }
  @Override public int defaultSize() { return 1024; }
  @Override public int defaultIterations() { return 100; }
  @Override public int manualTraceIterations() { return 2; }
  @Override public int manualTraceStart() { return 2; }

  @Override
  public void setup(ArrayContext np, int n) {
    for (int k = 0; k < SPECIES; k++) {
      y.add(np.let(np.random(100 + k, n)));
    }
    total = total(np).get();
  }

  private Scalar total(ArrayContext np) {
    NdArray sum = np.let(y.get(0).copy());
    for (int k = 1; k < SPECIES; k++) {
      sum = np.rebind(sum, sum.add(y.get(k)));
    }
    Scalar s = np.sum(sum);
    np.release(sum);
    return s;
  }

  /** The right-hand side for species k: diffusion plus inflow from k-1 minus outflow. */
  private NdArray rhs(ArrayContext np, List<NdArray> q, int k) {
    NdArray prev = q.get((k + SPECIES - 1) % SPECIES);
    return q.get(k).stencil(DIFFUSION, -2 * DIFFUSION, DIFFUSION).add(prev.mul(RATE)).sub(q.get(k).mul(RATE));
  }

  /** {@code base + dt * (sum of w_j * rhs(stage_j))} for every species. */
  private List<NdArray> stage(ArrayContext np, List<NdArray> base, List<List<NdArray>> stages, double[] w) {
    List<NdArray> out = new ArrayList<>();
    for (int k = 0; k < SPECIES; k++) {
      NdArray acc = null; // the sum of the weighted right-hand sides, a temporary
      for (int j = 0; j < stages.size(); j++) {
        if (w[j] != 0) {
          NdArray term = rhs(np, stages.get(j), k).mul(DT * w[j]);
          acc = acc == null ? term : acc.add(term);
        }
      }
      out.add(np.let(base.get(k).add(acc)));
    }
    return out;
  }

  @Override
  public void step(ArrayContext np, int i) {
    List<NdArray> s1 = stage(np, y, List.of(y), new double[] {1.0 / 3});
    List<NdArray> s2 = stage(np, y, List.of(y, s1), new double[] {0, 2.0 / 3});
    List<NdArray> next = stage(np, y, List.of(y, s2), new double[] {1.0 / 4, 3.0 / 4});
    for (int k = 0; k < SPECIES; k++) {
      np.release(s1.get(k));
      np.release(s2.get(k));
      y.set(k, np.rebind(y.get(k), next.get(k)));
    }
    latest = total(np);
  }

  @Override
  public boolean monitor(ArrayContext np, int i) {
    if (i % 10 == 9) {
      double t = latest.get();
      SampleCheckException.require(Math.abs(t - total) <= 1e-9 * total,
          "s3d: the total changed from " + total + " to " + t + " at step " + i);
    }
    return false;
  }

  @Override
  public List<NdArray> results() {
    return y;
  }

  @Override
  public String verify(ArrayContext np) {
    double t = total(np).get();
    double min = Double.POSITIVE_INFINITY;
    for (NdArray a : y) {
      min = Math.min(min, -np.max(a.neg()).get());
    }
    SampleCheckException.require(Math.abs(t - total) <= 1e-9 * total, "s3d: the total changed from " + total
        + " to " + t);
    SampleCheckException.require(min >= 0, "s3d: a species went negative: " + min);
    return String.format("total %.12g conserved over %d species, minimum %.4f", t, SPECIES, min);
  }
}
