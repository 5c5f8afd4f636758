package org.apophenia.cli.bench;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Task Bench's minimum effective task granularity (METG; Slaughter et al., SC'20, §3): run the same
 * task graph with less and less work per task; <em>granularity</em> is wall time / tasks × cores,
 * <em>efficiency</em> the work done per second relative to the best run (in practice one with large tasks); METG(50%)
 * is the smallest granularity at which efficiency is still at least 50%. Pure functions.
 *
 * <p>Between the last measured point at or above the threshold and the first below it, the crossing
 * is interpolated linearly in log(granularity), as Task Bench's plots read.
 */
public final class Metg {
  private Metg() {}

  /** Granularity in µs: {@code wallNanos / tasks × cores / 1000}. */
  public static double granularityMicros(double wallNanos, long tasks, int cores) {
    if (tasks <= 0 || cores <= 0) {
      throw new IllegalArgumentException("tasks and cores must be positive, got " + tasks + ", " + cores);
    }
    return wallNanos / 1e3 / tasks * cores;
  }

  /**
   * Efficiency of each run: its work per second {@code work[i] / wall[i]} over the best work per
   * second of all runs (Task Bench's "peak"), so at most 1. The best is normally a run with large
   * tasks; taking the best rather than the single largest run keeps cache effects at the largest size
   * (arrays that no longer fit) from pushing mid-size runs above 100%.
   */
  public static double[] efficiency(double[] work, double[] wall) {
    if (work.length != wall.length || work.length == 0) {
      throw new IllegalArgumentException("need as many work as wall values, at least one");
    }
    double peak = 0;
    for (int i = 0; i < work.length; i++) {
      peak = Math.max(peak, work[i] / wall[i]);
    }
    double[] e = new double[work.length];
    for (int i = 0; i < e.length; i++) {
      e[i] = work[i] / wall[i] / peak;
    }
    return e;
  }

  /**
   * The METG at {@code threshold} (e.g. 0.5). Points are taken from the largest granularity down; the
   * answer is where efficiency first falls below the threshold, interpolated. If it never falls below,
   * the smallest measured granularity is returned with {@link Result#upperBound()} set (the true METG
   * is at most that); if even the largest granularity is below, NaN.
   */
  public static Result metg(double[] granularity, double[] efficiency, double threshold) {
    if (granularity.length != efficiency.length || granularity.length == 0) {
      throw new IllegalArgumentException("need as many granularity as efficiency values, at least one");
    }
    Integer[] order = new Integer[granularity.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, Comparator.comparingDouble((Integer i) -> granularity[i]).reversed());
    if (efficiency[order[0]] < threshold) {
      return new Result(Double.NaN, false);
    }
    for (int k = 1; k < order.length; k++) {
      int lo = order[k];
      int hi = order[k - 1];
      if (efficiency[lo] < threshold) {
        double gHi = Math.log(granularity[hi]);
        double gLo = Math.log(granularity[lo]);
        double t = (efficiency[hi] - threshold) / (efficiency[hi] - efficiency[lo]);
        return new Result(Math.exp(gHi + t * (gLo - gHi)), false);
      }
    }
    return new Result(granularity[order[order.length - 1]], true);
  }

  /**
   * A METG in µs (or whatever unit the granularity was in).
   *
   * @param micros the value, NaN if even the largest tasks were below the threshold
   * @param upperBound true if efficiency never fell below the threshold: the METG is at most {@code micros}
   */
  public record Result(double micros, boolean upperBound) {
    @Override
    public String toString() {
      return Double.isNaN(micros) ? "not reached" : (upperBound ? "≤ " : "") + Table.format(micros) + " µs";
    }
  }
}
