package org.apophenia.samples.apps;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import org.apophenia.autotrace.InterceptorStats;
import org.apophenia.autotrace.accounting.TimeAccount;
import org.apophenia.legion.api.DefaultMapper;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.samples.adapter.IssueCounts;
import org.apophenia.samples.adapter.RuntimeAdapter;
import org.apophenia.samples.array.ArrayContext;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.replay.stats.StealReplays;
import org.apophenia.sim.Scheduler;
import org.apophenia.sim.SimulationResult;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * Runs a {@link Sample} in one mode on a fresh runtime and measures it: builds the run's {@link
 * RuntimeAdapter} (the mode, Apophenia's settings and the observers of {@link RunOptions}) and the
 * {@link ArrayContext} the program gets over it, and drives the main loop, the
 * hand-placed annotations in {@code manual} mode, the warm-up point (from which iteration on every
 * loop-body operation was replayed; operations of the periodic checks are excluded, since a blocking
 * wait follows them, and so is a trailing run of unreplayed loop-body operations shorter than the
 * longest trace: the stream ended inside a match, whatever the trace's phase in the loop), the checksum of the final arrays, and the simulated
 * makespan. Stateless.
 */
public final class SampleRunner {
  private SampleRunner() {}

  /** The default number of tiles on a machine: its GPUs, or its CPUs (at most 16), and at least 4. */
  public static int defaultTiles(org.apophenia.sim.machine.Machine m) {
    long gpus = m.processors().stream().filter(p -> p.kind() == ProcessorKind.GPU).count();
    long cpus = m.processors().stream().filter(p -> p.kind() == ProcessorKind.CPU).count();
    return (int) Math.max(4, gpus > 0 ? gpus : Math.min(16, cpus));
  }

  /**
   * Runs {@code sample}, a fresh instance, as {@code o} says, on a fresh runtime, and returns what
   * happened. A {@link SampleCheckException} from the sample's own checks of its numbers propagates.
   */
  public static RunResult run(Sample sample, RunOptions o) {
    long t0 = System.nanoTime();
    int size = o.size() == 0 ? sample.defaultSize() : o.size();
    int tiles = o.tiles() == 0 ? defaultTiles(o.machine()) : o.tiles();
    LegionRuntime runtime = new LegionRuntime(o.machine(), new DefaultMapper(), o.costModel(), o.scheduler());
    RuntimeAdapter adapter = RuntimeAdapter.builder(runtime, o.mode()).settings(o.config()).listener(o.listener())
        .observer(o.observer()).collective(o.collective()).miningExecutor(o.miningExecutor()).build();
    ArrayContext np = ArrayContext.create(adapter, tiles);
    if (o.timeline() != null) {
      runtime.simulation().listener(new ObservedTimeline(o.timeline(), adapter.account()));
    }
    sample.setup(np, size);
    int period = sample.manualTraceIterations();
    int first = sample.manualTraceStart();
    long[] bodyStart = new long[o.iterations()];
    long[] bodyEnd = new long[o.iterations()];
    Marks m = new Marks(o.iterations() + 1);
    m.mark(adapter, runtime, 0);
    int done = 0;
    for (int i = 0; i < o.iterations(); i++) {
      int phase = i - first;
      boolean manual = o.mode() == Mode.MANUAL && phase >= 0 && i - phase % period + period <= o.iterations();
      if (manual && phase % period == 0) {
        adapter.beginManualTrace(0);
      }
      bodyStart[i] = adapter.opsIssued();
      np.poolGrowth().iteration(i);
      sample.step(np, i);
      bodyEnd[i] = adapter.opsIssued();
      if (manual && phase % period == period - 1) {
        adapter.endManualTrace(0);
      }
      done = i + 1;
      np.poolGrowth().iteration(-1); // the periodic checks' temporaries are judged with setup's
      boolean stop = sample.monitor(np, i);
      m.mark(adapter, runtime, done);
      if (o.progress() != null) {
        o.progress().accept(done);
      }
      if (stop) {
        break;
      }
    }
    adapter.close();
    m.mark(adapter, runtime, done); // what close() flushed
    IssueCounts stats = adapter.stats();
    InterceptorStats is = adapter.interceptorStats();
    RunResult.Mining mining = is == null ? RunResult.Mining.NONE
        : new RunResult.Mining(is.jobsIngested() + is.jobsFailed(), is.tokensMined(), is.miningCpuNanos(), is.waits(),
            is.jobsBackedOff(), is.windowsWithoutRepeats(), is.waitIntervalDoublings());
    String checksum = checksum(sample, np);
    String check = sample.verify(np);
    SimulationResult sim = runtime.finish();
    IterationMarks marks = m.marks(runtime, done);
    // the stream may end inside a match that was then issued untraced: forgive a trailing run of
    // loop-body operations that were not replayed if it is shorter than the longest trace
    long tail = forgivenTail(adapter, bodyStart, bodyEnd, done, stats.longestTrace());
    int warmup = done;
    for (int i = done - 1; i >= 0; i--) {
      if (!allReplayed(adapter, bodyStart[i], Math.min(bodyEnd[i], Math.max(bodyStart[i], tail)))) {
        break;
      }
      warmup = i;
    }
    return new RunResult(sample.name(), o.mode().toString(), o.machine().name(), size, tiles, done, stats.ops(),
        stats.tracedOps(), stats.replayedOps(), stats.coverage(), stats.tracesRecorded(), stats.replays(), stats.tracesNeverReplayed(), checksum,
        stats.frontDoorNanos(), stats.apopheniaNanos(), System.nanoTime() - t0, sim.makespanNanos(),
        warmup == done ? -1 : warmup, check, marks, mining, scheduling(o.scheduler(), sim, runtime, adapter),
        np.poolGrowth().warnings(done), is == null ? 0 : is.tracesRetired());
  }

  private static RunResult.Scheduling scheduling(Scheduler s, SimulationResult sim, LegionRuntime runtime,
      RuntimeAdapter adapter) {
    StealReplays logs = adapter.traceEngine() == null ? new StealReplays(0, 0, 0, 0, 0)
        : adapter.traceEngine().stats().stealReplays();
    return new RunResult.Scheduling(s.name(), s instanceof Scheduler.WorkStealing ws ? ws.seed() : 0,
        sim.bytesMoved(), runtime.simulation().stealStats(), logs);
  }

  /** Cumulative counters at iteration boundaries, filled as the run goes. */
  private static final class Marks {
    final long[] ops;
    final long[] issued;
    final long[] wall;
    final long[][] buckets;
    final int[] events;
    final long[] gc;
    final long[][] reads;

    Marks(int n) {
      ops = new long[n];
      issued = new long[n];
      wall = new long[n];
      buckets = new long[n][];
      events = new int[n];
      gc = new long[n];
      reads = new long[n][];
    }

    void mark(RuntimeAdapter adapter, LegionRuntime runtime, int i) {
      IssueCounts s = adapter.stats();
      ops[i] = s.ops();
      issued[i] = s.opsIssued();
      events[i] = runtime.simulation().eventCount();
      // the wall clock is read right after the account, so that their difference is only this line
      buckets[i] = adapter.account().snapshot(TimeAccount.newSnapshot());
      wall[i] = System.nanoTime() - adapter.createdNanos();
      gc[i] = GcPauses.nanos();
      reads[i] = adapter.account().reads(TimeAccount.newSnapshot());
    }

    /** The marks of the first {@code done} iterations, with simulated times read once everything ran. */
    IterationMarks marks(LegionRuntime runtime, int done) {
      long[] simulated = new long[done + 1];
      long latest = 0;
      int from = 0;
      for (int i = 0; i <= done; i++) {
        latest = Math.max(latest, runtime.simulation().latestTriggerTime(from, events[i]));
        from = events[i];
        simulated[i] = latest;
      }
      return new IterationMarks(Arrays.copyOf(ops, done + 1), Arrays.copyOf(issued, done + 1),
          Arrays.copyOf(wall, done + 1), Arrays.copyOf(buckets, done + 1), simulated, Arrays.copyOf(gc, done + 1),
          Arrays.copyOf(reads, done + 1));
    }
  }

  /**
   * The first operation of the last iterations' trailing run of loop-body operations that were not
   * replayed (operations of the periodic checks, between the bodies, are skipped), if that run is
   * shorter than {@code longestTrace}; else {@link Long#MAX_VALUE} (nothing forgiven).
   */
  private static long forgivenTail(RuntimeAdapter adapter, long[] bodyStart, long[] bodyEnd, int done, long longestTrace) {
    long from = done == 0 ? 0 : bodyEnd[done - 1];
    long run = 0;
    for (int i = done - 1; i >= 0; i--) {
      for (long k = bodyEnd[i] - 1; k >= bodyStart[i]; k--) {
        if (adapter.isReplayed(k)) {
          return run < longestTrace ? from : Long.MAX_VALUE;
        }
        from = k;
        run++;
      }
    }
    return run < longestTrace ? from : Long.MAX_VALUE;
  }

  private static boolean allReplayed(RuntimeAdapter adapter, long from, long to) {
    for (long k = from; k < to; k++) {
      if (!adapter.isReplayed(k)) {
        return false;
      }
    }
    return true;
  }

  /** SHA-256 of the exact bits of the sample's result arrays, in order, as hex. */
  static String checksum(Sample sample, ArrayContext np) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      ByteBuffer buf = ByteBuffer.allocate(8);
      for (double[] a : sample.resultValues()) {
        for (double v : a) {
          buf.clear();
          buf.putLong(Double.doubleToRawLongBits(v));
          md.update(buf.array());
        }
      }
      return HexFormat.of().formatHex(md.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
