package org.apophenia.bench.recorder;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apophenia.recorder.EventLog;
import org.apophenia.recorder.EventRecorder;
import org.apophenia.recorder.RecorderSettings;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.samples.apps.RunOptions;
import org.apophenia.samples.apps.SampleRunner;
import org.apophenia.samples.apps.Samples;
import org.apophenia.sim.machine.Presets;
import org.apophenia.legion.cost.CostModel;

/**
 * The slowdown of a sample's run with every category recorded against none, on one application
 * thread and on two at once (two runs of the sample on two threads of one JVM, both recording into
 * one recorder, each into its own rings): the wall time of each run, the runs alternating off and on
 * after warm-up runs of both, medians over the repetitions. A plain program rather than JMH: a run
 * of cfd lasts seconds. What the recorder costs there is its events (about 10 per operation: the glue's
 * 5, an analysis per point task or a replay mark, the mining jobs) plus the background writer's copying,
 * which on a machine with fewer free cores than busy threads competes with the program.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar org.apophenia.bench.recorder.ProfiledRunSlowdown
 * [SAMPLE [REPETITIONS [WARMUP]]]} (defaults cfd, 7, 3).
 */
public final class ProfiledRunSlowdown {
  private ProfiledRunSlowdown() {}

  public static void main(String[] args) throws Exception {
    String sample = args.length > 0 ? args[0] : "cfd";
    int reps = args.length > 1 ? Integer.parseInt(args[1]) : 7;
    int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 3;
    RunOptions o = RunOptions.of(Mode.AUTO, Samples.create(sample).defaultIterations(), Presets.machine("workstation"),
        CostModel.legion());
    for (int threads : new int[] {1, 2}) {
      for (int i = 0; i < warmup; i++) {
        wall(sample, o, threads, false);
        wall(sample, o, threads, true);
      }
      long[] off = new long[reps];
      long[] on = new long[reps];
      long events = 0;
      for (int i = 0; i < reps; i++) {
        off[i] = wall(sample, o, threads, false);
        long[] e = new long[1];
        on[i] = wallRecorded(sample, o, threads, e);
        events = e[0];
      }
      Arrays.sort(off);
      Arrays.sort(on);
      long mOff = off[reps / 2];
      long mOn = on[reps / 2];
      System.out.printf("%s, %d application thread(s): median wall per run off %.3f s, on %.3f s: on/off %.3f "
          + "(%d events per repetition; off %s, on %s ms)%n", sample, threads, mOff / 1e9, mOn / 1e9,
          (double) mOn / mOff, events, millis(off), millis(on));
    }
  }

  private static String millis(long[] ns) {
    StringBuilder b = new StringBuilder("[");
    for (long n : ns) {
      b.append(b.length() > 1 ? " " : "").append(n / 1_000_000);
    }
    return b.append(']').toString();
  }

  private static long wall(String sample, RunOptions o, int threads, boolean recorded) throws Exception {
    if (!recorded) {
      return concurrently(sample, o, threads);
    }
    return wallRecorded(sample, o, threads, new long[1]);
  }

  private static long wallRecorded(String sample, RunOptions o, int threads, long[] events) throws Exception {
    try (EventRecorder r = EventRecorder.start(RecorderSettings.defaults()).install()) {
      long t = concurrently(sample, o, threads);
      EventLog log = r.stop();
      events[0] = log.written();
      if (log.dropped() > 0) {
        throw new IllegalStateException("dropped under grow: " + log.describe());
      }
      return t;
    }
  }

  /** Mean wall time of {@code threads} runs of the sample started together, each on its own thread. */
  private static long concurrently(String sample, RunOptions o, int threads) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Callable<Long>> runs = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        runs.add(() -> {
          long t0 = System.nanoTime();
          SampleRunner.run(Samples.create(sample), o);
          return System.nanoTime() - t0;
        });
      }
      long sum = 0;
      for (Future<Long> f : pool.invokeAll(runs)) {
        sum += f.get();
      }
      return sum / threads;
    } finally {
      pool.shutdown();
    }
  }
}
