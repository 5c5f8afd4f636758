package org.apophenia.samples.apps;

/**
 * The outcome of one sample run: what {@code apophenia run --json} prints.
 *
 * @param sample the sample's name
 * @param mode none, manual or auto
 * @param machine the simulated machine's name
 * @param size the problem size
 * @param tiles row blocks per array
 * @param iterations loop iterations executed
 * @param ops operations the program issued (index launches)
 * @param tracedOps operations issued inside trace markers
 * @param replayedOps traced operations in an occurrence of a trace id seen before
 * @param coverage {@code tracedOps / ops}
 * @param tracesRecorded distinct trace ids
 * @param replays trace occurrences after the first of each id
 * @param checksum SHA-256 (hex) of the exact bits of the sample's final arrays
 * @param analysisNanos real time in the runtime's front door: the analysis and replay buckets
 * @param apopheniaNanos real time in Apophenia's own work: the tokenize, match and ingest buckets
 *     ({@code auto} mode; else 0)
 * @param wallNanos real time of the whole run
 * @param simulatedMakespanNanos simulated time on the machine until everything finished
 * @param warmupIterations the first iteration from which every iteration's loop-body operations were
 *     all replayed, or -1 if the last iteration was not
 * @param check the sample's own check of its numbers
 * @param marks cumulative counters at iteration boundaries, for steady-state figures
 */
public record RunResult(String sample, String mode, String machine, int size, int tiles, int iterations, long ops,
    long tracedOps, long replayedOps, double coverage, long tracesRecorded, long replays, String checksum,
    long analysisNanos, long apopheniaNanos, long wallNanos, long simulatedMakespanNanos, int warmupIterations,
    String check, IterationMarks marks) {

  /** The steady state: the run's last quarter of iterations (see {@link IterationMarks}), or null. */
  public IterationMarks.SteadyState steadyState() {
    return marks.steady();
  }

  /** The whole run, per operation, or null without operations. */
  public IterationMarks.SteadyState whole() {
    return marks.whole();
  }

  /** Whether the steady-state window lies entirely after this run's warm-up. */
  public boolean steadyStateWarm() {
    IterationMarks.SteadyState s = steadyState();
    return s != null && warmupIterations >= 0 && warmupIterations <= s.fromIteration();
  }
}
