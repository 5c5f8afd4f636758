package org.apophenia.cli.figures;

/**
 * The steady-state window of a figure's run and the throughput over it. Immutable value.
 *
 * <p>The window is the last third of the run's iterations ({@link #length}), fixed by the iteration
 * count alone, so every mode of a figure's point (none, manual, auto) is measured over the same
 * iterations, that is the same work. A window that started at each mode's own warm-up compared
 * different iterations, and in {@code auto} charged to the window the backlog of analysis that
 * Apophenia held back before it. A traced run whose warm-up falls inside the window (or that never
 * replays every loop-body operation) is still measured over the same window, and reported as not warm
 * rather than moved to a window of its own. The figures' iteration counts make the window whole
 * periods of each sample's checks ({@link FigureSettings#full}), which a third of an arbitrary count
 * would cut.
 *
 * @param from the first iteration of the window: the marks' index it starts at
 * @param to the run's iterations: the marks' index it ends at (the mark after the close)
 * @param iterationsPerSecond iterations of the window per simulated second
 * @param warm whether the run's warm-up iteration is before the window (untraced runs: always)
 */
record SteadyWindow(int from, int to, double iterationsPerSecond, boolean warm) {
  /** How the window is chosen, as the output states it. */
  static final String DESCRIPTION = "iterations per simulated second over the last third of each run's "
      + "iterations, the same iterations in every mode";

  /** Iterations in the window of a run of {@code iterations}: a third of them, at least one. */
  static int length(int iterations) {
    return Math.max(1, iterations / 3);
  }

  /**
   * The window of a run.
   *
   * @param simulatedNanos simulated time after {@code i} iterations at index {@code i}, the run's
   *     iteration count + 1 entries ({@link org.apophenia.samples.apps.IterationMarks#simulatedNanos})
   * @param traced whether the run traces (manual or auto): an untraced run has nothing to warm up
   * @param warmupIterations the iteration from which every loop-body operation was replayed, -1 if never
   */
  static SteadyWindow of(long[] simulatedNanos, boolean traced, int warmupIterations) {
    int to = simulatedNanos.length - 1;
    if (to < 1) {
      throw new IllegalArgumentException("no iterations to measure");
    }
    int from = to - length(to);
    double rate = (to - from) / ((simulatedNanos[to] - simulatedNanos[from]) / 1e9);
    // strictly before: the warm-up iteration itself is where the simulated clock takes the backlog of
    // the recordings before it, so a window starting at it is not yet steady
    boolean warm = !traced || (warmupIterations >= 0 && warmupIterations < from);
    return new SteadyWindow(from, to, rate, warm);
  }

  /**
   * "ok", or why the throughput is not a steady state's: the run's warm-up ({@code warmupIterations},
   * -1 if never) is in the window or never came.
   */
  String status(int warmupIterations) {
    if (warm) {
      return "ok";
    }
    return warmupIterations < 0 ? "not warm: no steady replay in " + to + " iterations"
        : "not warm: warm-up at iteration " + warmupIterations + ", in the window from " + from;
  }
}
