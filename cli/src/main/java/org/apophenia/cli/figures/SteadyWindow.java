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
 * @param iterationsPerSecond iterations' worth of work the runtime received in the window, per simulated second
 * @param warm whether the run's warm-up iteration is before the window (untraced runs: always)
 */
record SteadyWindow(int from, int to, double iterationsPerSecond, boolean warm) {
  /** How the window is chosen, as the output states it. */
  static final String DESCRIPTION = "iterations per simulated second over the last third of each run's "
      + "iterations, the same iterations in every mode, counted in the work the runtime received in them";

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
    return of(simulatedNanos, null, null, traced, warmupIterations);
  }

  /**
   * The window of a run, its throughput counted in the work the runtime received in it: between two
   * marks the machine finished exactly the operations received between them ({@code simulatedNanos[i]}
   * is when everything received by mark {@code i} was done), and in {@code auto} those are not the
   * operations the program issued in the window: Apophenia holds back the open match, so its mark
   * lags the program by up to a trace, and the last mark, after the close, takes the lag in at once.
   * Counting the window's iterations would charge that backlog to it: a traced run whose trace ends
   * a few operations after each iteration's end would read slower than manual at an equal time per
   * iteration (BENCHMARKS.md, the paper's figures, the notes of November 27). So the window's
   * iterations are its received operations over the operations the program issues per iteration of
   * the window.
   *
   * @param ops operations the runtime had received at each mark, or null to count iterations
   * @param opsIssued operations the program had issued at each mark (with {@code ops})
   */
  static SteadyWindow of(long[] simulatedNanos, long[] ops, long[] opsIssued, boolean traced, int warmupIterations) {
    int to = simulatedNanos.length - 1;
    if (to < 1) {
      throw new IllegalArgumentException("no iterations to measure");
    }
    int from = to - length(to);
    double iterations = to - from;
    if (ops != null) {
      long received = ops[to] - ops[from];
      long issued = opsIssued[to] - opsIssued[from];
      if (received > 0 && issued > 0) {
        iterations = (to - from) * (double) received / issued;
      }
    }
    double rate = iterations / ((simulatedNanos[to] - simulatedNanos[from]) / 1e9);
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
