package org.apophenia.sim.machine;

/**
 * Converting amounts at rates into whole nanoseconds. Shared by channels, affinities and the task
 * cost model so that every duration in the simulator is rounded the same way.
 */
public final class Durations {
  private Durations() {}

  /**
   * {@code a + b} for non-negative durations, saturating at {@link Long#MAX_VALUE} instead of wrapping
   * to a negative time: the simulated clock of a run on an extreme (but valid) machine stops at the end
   * of time rather than going backwards.
   */
  public static long add(long a, long b) {
    long s = a + b;
    return ((a ^ s) & (b ^ s)) < 0 ? Long.MAX_VALUE : s;
  }

  /**
   * {@code ceil(amount / perSecond * 1e9)}, with a relative tolerance of 1e-12 so that a quotient
   * that is mathematically an integer but computes as {@code n + ε} still gives {@code n}.
   * Returns 0 for an amount of 0; never negative; {@link Long#MAX_VALUE} if the quotient is larger.
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
