package org.apophenia.samples.apps;

import java.util.Objects;

/**
 * Cumulative counters of a run sampled at iteration boundaries, so that the steady state after a
 * warm-up can be measured after the fact (the paper reports steady-state throughput after warm-up
 * iterations, §6.1). Index {@code i} holds the state after {@code i} iterations; the last index
 * ({@code iterations}) holds the state after the run was closed, when everything the program issued
 * has reached the runtime.
 *
 * <p>Operations are counted where the runtime receives them, not where the program issues them: in
 * {@code auto} mode Apophenia holds operations back while a trace candidate is matching, and work
 * counted against operations that have not arrived yet would be charged to the wrong window.
 *
 * @param ops operations the runtime had received
 * @param frontDoorNanos real time spent in the runtime's front door (analysis and replay)
 * @param apopheniaNanos real time spent in Apophenia
 * @param simulatedNanos simulated time by which everything the runtime had received was finished
 */
public record IterationMarks(long[] ops, long[] frontDoorNanos, long[] apopheniaNanos, long[] simulatedNanos) {
  public IterationMarks {
    Objects.requireNonNull(ops, "ops");
    int n = ops.length;
    if (n == 0 || frontDoorNanos.length != n || apopheniaNanos.length != n || simulatedNanos.length != n) {
      throw new IllegalArgumentException("marks must be non-empty and of one length");
    }
  }

  /** Iterations covered (the arrays hold one more entry). */
  public int iterations() {
    return ops.length - 1;
  }

  /**
   * The steady state from iteration {@code from} to the end of the run, per operation received in
   * that window; null if {@code from} is negative (never warmed up) or no operation arrived in it.
   */
  public SteadyState steadyFrom(int from) {
    int end = iterations();
    if (from < 0 || from >= end) {
      return null;
    }
    long n = ops[end] - ops[from];
    if (n <= 0) {
      return null;
    }
    return new SteadyState(from, end - from, n, (double) (simulatedNanos[end] - simulatedNanos[from]) / n,
        (double) (frontDoorNanos[end] - frontDoorNanos[from]) / n,
        (double) (apopheniaNanos[end] - apopheniaNanos[from]) / n);
  }

  /**
   * Figures of a run's steady state, per operation of the window.
   *
   * @param fromIteration the first iteration of the window
   * @param iterations iterations in the window
   * @param ops operations the runtime received in the window
   * @param simulatedNanosPerOp simulated time per operation: the inverse of simulated throughput
   * @param frontDoorNanosPerOp real time in the runtime's front door per operation
   * @param apopheniaNanosPerOp real time in Apophenia per operation
   */
  public record SteadyState(int fromIteration, int iterations, long ops, double simulatedNanosPerOp,
      double frontDoorNanosPerOp, double apopheniaNanosPerOp) {}
}
