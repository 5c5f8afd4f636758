package org.apophenia.samples.apps;

import java.util.ArrayList;
import java.util.List;
import org.apophenia.samples.array.ArrayContext;
import org.apophenia.samples.array.NdArray;
import org.apophenia.samples.array.Scalar;

/**
 * Jacobi iteration, the paper's Figure 1: {@code x = (b - R @ x) / d} on a seeded, diagonally dominant
 * system. Each iteration also measures its update {@code |x_new - x|} (a future, not waited for);
 * every 10 iterations the program checks convergence by waiting on the latest one, and stops when
 * the update is negligible. Because {@code x} alternates between two regions, one loop
 * iteration is not a repeated fragment; two are, which is where the manual annotation goes.
 */
public final class Jacobi implements Sample {
  static final int CHECK_EVERY = 10;

  private NdArray a;
  private NdArray b;
  private NdArray d;
  private NdArray r;
  private NdArray x;
  private Scalar change;
  private final List<Double> changes = new ArrayList<>();

  @Override public String name() { return "jacobi"; }
  @Override public String description() { return "Jacobi iteration x = (b - R @ x) / d (paper Figure 1)"; }
  @Override public int defaultSize() { return 256; }
  @Override public int defaultIterations() { return 200; }
  @Override public int manualTraceIterations() { return 2; }

  @Override
  public void setup(ArrayContext np, int n) {
    // A = random + 0.56 n I: the iteration contracts by about 0.9 per step
    a = np.let(np.random(1, n, n).add(np.full(0.56 * n, n).diag()));
    b = np.let(np.random(2, n));
    x = np.let(np.zeros(n));
    d = np.let(a.diag());
    r = np.let(a.sub(d.diag()));
  }

  @Override
  public void step(ArrayContext np, int i) {
    NdArray next = np.let(b.sub(r.matmul(x)).div(d));
    change = np.norm(next.sub(x));
    x = np.rebind(x, next);
  }

  @Override
  public boolean monitor(ArrayContext np, int i) {
    if (i % CHECK_EVERY != CHECK_EVERY - 1) {
      return false;
    }
    double delta = change.get();
    changes.add(delta);
    return delta <= 1e-15 * changes.get(0);
  }

  @Override
  public List<NdArray> results() {
    return List.of(x);
  }

  @Override
  public String verify(ArrayContext np) {
    double first = np.norm(b).get();
    double last = np.norm(b.sub(a.matmul(x))).get();
    SampleCheckException.require(last < first,
        "jacobi: the residual did not fall: |b| = " + first + ", |b - A x| = " + last);
    for (int k = 1; k < changes.size(); k++) {
      SampleCheckException.require(changes.get(k) <= changes.get(k - 1) || changes.get(k) < 1e-12 * first,
          "jacobi: the update grew between checks " + (k - 1) + " and " + k + ": " + changes);
    }
    return String.format("residual |b - A x| = %.3g (|b| = %.3g)", last, first);
  }
}
