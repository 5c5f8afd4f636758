package org.apophenia.samples.apps;

import org.apophenia.replay.stats.StealReplays;
import org.apophenia.sim.StealStats;

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
 * @param tracesNeverReplayed trace ids the engine recorded and never replayed
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
 * @param mining what Apophenia's background mining cost ({@link Mining#NONE} outside {@code auto})
 * @param scheduling which scheduler placed the ready tasks, the bytes the run moved between memories,
 *     and what work stealing did
 * @param lifetimeWarnings arrays that outlived their iteration so that the region pool only grew
 *     ({@link org.apophenia.samples.array.PoolGrowth}); empty for a program whose pool settled
 * @param tracesRetired traces Apophenia retired because their reissues kept failing (no re-recording storms)
 */
public record RunResult(String sample, String mode, String machine, int size, int tiles, int iterations, long ops,
    long tracedOps, long replayedOps, double coverage, long tracesRecorded, long replays, long tracesNeverReplayed, String checksum,
    long analysisNanos, long apopheniaNanos, long wallNanos, long simulatedMakespanNanos, int warmupIterations,
    String check, IterationMarks marks, Mining mining, Scheduling scheduling,
    java.util.List<org.apophenia.samples.array.PoolGrowth.Warning> lifetimeWarnings, long tracesRetired) {

  /**
   * Apophenia's mining, which runs on a background thread and is not in the issuing thread's buckets.
   *
   * @param jobs mining jobs that finished
   * @param tokensMined tokens in their windows
   * @param cpuNanos the mining thread's CPU time in them
   * @param waits ingestion points at which the issuing thread waited for a job
   * @param backedOff windows not mined because the stream was covered by known traces
   * @param withoutRepeats windows answered without mining: no string of the minimum trace length
   *     occurred twice in them (counted in {@code jobs}, not in {@code tokensMined})
   * @param waitIntervalDoublings ingestion points at which some shard had to wait and the interval
   *     doubled ({@code adaptiveWait}; the same on every shard of a replicated run)
   */
  public record Mining(long jobs, long tokensMined, long cpuNanos, long waits, long backedOff, long withoutRepeats,
      long waitIntervalDoublings) {
    public static final Mining NONE = new Mining(0, 0, 0, 0, 0, 0, 0);

    /** Mining CPU per operation of the run. */
    public double cpuNanosPerOp(long ops) {
      return ops == 0 ? 0 : (double) cpuNanos / ops;
    }

    /** The fraction of one core mining used over {@code wallNanos}. */
    public double coreFraction(long wallNanos) {
      return wallNanos <= 0 ? 0 : (double) cpuNanos / wallNanos;
    }
  }

  /**
   * Where the ready tasks ran, and what that moved.
   *
   * @param scheduler the scheduler's name as the command line spells it ({@code mapped},
   *     {@code work-stealing}, {@code work-stealing-replay})
   * @param seed the seed of the victims' order (work stealing; 0 under {@code mapped})
   * @param bytesMoved bytes moved between memories, summed over every channel hop: the runtime's copies
   *     and, under work stealing, the thieves' fetches and write-backs
   * @param steals what the work-stealing scheduler did ({@link StealStats#NONE} under {@code mapped})
   * @param stealLogs what the trace engine did with the steal logs recorded with its traces (zeros but
   *     under {@code work-stealing-replay}, or without a trace engine)
   */
  public record Scheduling(String scheduler, long seed, long bytesMoved, StealStats steals, StealReplays stealLogs) {}

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
