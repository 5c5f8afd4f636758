package org.apophenia.autotrace;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.apophenia.recorder.EventKind;
import org.apophenia.recorder.Probe;

/**
 * The {@link TraceFinder}'s miner, measured: each run adds the CPU time of the thread that ran it
 * (wall time where the JVM does not measure a thread's CPU time) and the tokens mined to totals, and
 * records its start and end with the event recorder. Thread-safe: the mining threads and the
 * application thread (which mines small jobs itself) run it at once.
 */
final class MeasuredMiner {
  private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
  private static final boolean THREAD_CPU = CPU.isCurrentThreadCpuTimeSupported();

  private final Function<long[], MiningResult> miner;
  private final Probe probe;
  /** CPU time spent in jobs, and tokens mined (a window mined twice counts twice). */
  final LongAdder cpuNanos = new LongAdder();
  final LongAdder tokensMined = new LongAdder();

  MeasuredMiner(Function<long[], MiningResult> miner, Probe probe) {
    this.miner = miner;
    this.probe = probe;
  }

  /** Runs the miner on {@code job}'s {@code window}, adding its CPU time and tokens to the totals. */
  MiningResult mine(MiningJob job, long[] window) {
    if (probe.mining()) {
      probe.event(EventKind.JOB_STARTED, window.length, job.index());
    }
    long c0 = cpuNanos();
    MiningResult r = null;
    try {
      r = miner.apply(window);
      return r;
    } finally {
      long c1 = cpuNanos();
      cpuNanos.add(c1 - c0);
      tokensMined.add(window.length);
      if (probe.mining()) {
        probe.event(EventKind.JOB_FINISHED, r == null ? -1 : r.sequences().size(), job.index());
      }
    }
  }

  private static long cpuNanos() {
    return THREAD_CPU ? CPU.getCurrentThreadCpuTime() : System.nanoTime();
  }
}
