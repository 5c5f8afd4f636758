package org.apophenia.samples.apps;

import java.util.List;
import org.apophenia.samples.array.ArrayContext;
import org.apophenia.samples.array.NdArray;

/**
 * Task Bench's {@code stencil_1d} pattern with four independent task graphs (Task Bench's
 * {@code -ngraphs 4}): at every step, each tile's task reads its own and its neighbours' points of the
 * previous step (a three-point average through a ghost partition) and writes the next step. One index
 * launch per graph and step: a tiny loop body, for runtime overhead studies. The average conserves
 * each graph's total and keeps values within their initial range.
 */
public final class Stencil implements Sample {
  static final int GRAPHS = 4;
  private final NdArray[] x = new NdArray[GRAPHS];
  private final double[] total = new double[GRAPHS];
  private double lo = Double.POSITIVE_INFINITY;
  private double hi = Double.NEGATIVE_INFINITY;

  @Override public String name() { return "stencil"; }
  @Override public String description() { return "Task Bench stencil_1d, 4 graphs: one stencil launch per graph and step"; }
  @Override public int defaultSize() { return 4096; }
  @Override public int defaultIterations() { return 200; }
  // four graphs share a pool of five regions: the assignment rotates with period five
  @Override public int manualTraceIterations() { return 5; }

  @Override
  public void setup(ArrayContext np, int width) {
    for (int g = 0; g < GRAPHS; g++) {
      x[g] = np.let(np.random(7 + g, width));
      total[g] = np.sum(x[g]).get();
      lo = Math.min(lo, -np.max(x[g].neg()).get());
      hi = Math.max(hi, np.max(x[g]).get());
    }
  }

  @Override
  public void step(ArrayContext np, int i) {
    for (int g = 0; g < GRAPHS; g++) {
      x[g] = np.rebind(x[g], x[g].stencil(0.25, 0.5, 0.25));
    }
  }

  @Override
  public List<NdArray> results() {
    return List.of(x);
  }

  @Override
  public String verify(ArrayContext np) {
    double now = 0;
    double max = Double.NEGATIVE_INFINITY;
    double min = Double.POSITIVE_INFINITY;
    for (int g = 0; g < GRAPHS; g++) {
      double t = np.sum(x[g]).get();
      SampleCheckException.require(Math.abs(t - total[g]) <= 1e-9 * Math.abs(total[g]),
          "stencil: graph " + g + "'s total changed from " + total[g] + " to " + t);
      now += t;
      max = Math.max(max, np.max(x[g]).get());
      min = Math.min(min, -np.max(x[g].neg()).get());
    }
    SampleCheckException.require(min >= lo - 1e-12 && max <= hi + 1e-12,
        "stencil: values left their initial range [" + lo + ", " + hi + "]: [" + min + ", " + max + "]");
    return String.format("total %.12g conserved, range [%.4f, %.4f] within [%.4f, %.4f]", now, min, max, lo, hi);
  }
}
