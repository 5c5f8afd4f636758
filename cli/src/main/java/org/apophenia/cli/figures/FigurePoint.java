package org.apophenia.cli.figures;

/**
 * A figure's point: a {@link FigureRun} and what it measured. Immutable value.
 *
 * @param run the configuration
 * @param iterationsPerSecond steady-state throughput in simulated time (NaN if there is none)
 * @param warmupIterations the iteration from which every loop-body operation was replayed (-1: never;
 *     untraced runs: -1)
 * @param windowFrom the first iteration of the steady-state window (-1 if there is none)
 * @param meanTaskMicros mean simulated duration of a GPU task over the run, in microseconds
 * @param status "ok", or why there is no throughput
 */
public record FigurePoint(FigureRun run, double iterationsPerSecond, int warmupIterations, int windowFrom,
    double meanTaskMicros, String status) {
  public boolean ok() {
    return "ok".equals(status);
  }
}
