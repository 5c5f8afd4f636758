package org.apophenia.cli.figures;

/**
 * A figure's point: a {@link FigureRun} and what it measured. Immutable value.
 *
 * @param run the configuration
 * @param iterationsPerSecond throughput in simulated time over the steady-state window, the last third of
 *     the run in every mode ({@link SteadyWindow}); NaN if the run failed
 * @param warmupIterations the iteration from which every loop-body operation was replayed (-1: never;
 *     untraced runs: -1)
 * @param windowFrom the first iteration of the steady-state window (-1 if there is none)
 * @param meanTaskMicros mean simulated duration of a GPU task over the run, in microseconds
 * @param status "ok", or why the throughput is not a steady state's (not warm) or there is none (failed)
 * @param steadyWarm whether the warm-up iteration is before the steady-state window (untraced runs: true)
 */
public record FigurePoint(FigureRun run, double iterationsPerSecond, int warmupIterations, int windowFrom,
    double meanTaskMicros, String status, boolean steadyWarm) {
  /** Whether the throughput is a steady state's: the run worked and its window was warm. */
  public boolean ok() {
    return "ok".equals(status);
  }
}
