package org.apophenia.sim.machine;

/**
 * Converting amounts at rates into whole nanoseconds. Shared by channels, affinities and the task
 * cost model so that every duration in the simulator is rounded the same way.
 */
public final class Durations {
  private Durations() {}

  /**
   * {@code ceil(amount / perSecond * 1e9)}, with a relative tolerance of 1e-12 so that a quotient
   * that is mathematically an integer but computes as {@code n + ε} still gives {@code n}.
   * Returns 0 for an amount of 0; never negative.
   */
  public static long ceilNanos(double amount, double perSecond) {
    if (amount <= 0) {
      return 0;
    }
    double ns = amount * 1e9 / perSecond;
    double r = Math.rint(ns);
    if (Math.abs(ns - r) <= 1e-12 * Math.max(1, ns)) {
      return (long) r;
    }
    return (long) Math.ceil(ns);
  }
}
