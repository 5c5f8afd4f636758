package org.apophenia.bench.recorder;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.recorder.EventLog;
import org.apophenia.recorder.EventRecorder;
import org.apophenia.recorder.RecorderSettings;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.samples.apps.RunOptions;
import org.apophenia.samples.apps.SampleRunner;
import org.apophenia.samples.apps.Samples;
import org.apophenia.sim.machine.Presets;

/**
 * The slowdown of a sample's run ({@code --mode auto}) with every category recorded against none, on
 * one application thread and on two at once (two runs of the sample started together on two threads
 * of one JVM, both recording into one recorder, each into its own rings). After warm-up runs of both,
 * the runs go in pairs, off then on, then on then off; for each pair it takes the ratio on/off of
 * <ul>
 *   <li>the application threads' CPU time (ThreadMXBean): the program's own thread, which is what the
 *       events cost it, insensitive to other processes taking the cores;
 *   <li>that plus the background writer's CPU time: everything recording cost;
 *   <li>wall time, which on a shared machine mostly measures the other processes;
 * </ul>
 * and prints the median ratio of each over the pairs, with every pair's figures. A plain program
 * rather than JMH: a run of cfd lasts seconds.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar org.apophenia.bench.recorder.ProfiledRunSlowdown
 * [SAMPLE [PAIRS [WARMUP]]]} (defaults cfd, 9, 2).
 */
public final class ProfiledRunSlowdown {
  private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

  private ProfiledRunSlowdown() {}

  /** What one run (or the mean of concurrent runs) took. */
  private record Took(long wall, long cpu, long writerCpu, long events, long miningWaits) {}

  public static void main(String[] args) throws Exception {
    String sample = args.length > 0 ? args[0] : "cfd";
    int pairs = args.length > 1 ? Integer.parseInt(args[1]) : 9;
    int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 2;
    RunOptions o = RunOptions.of(Mode.AUTO, Samples.create(sample).defaultIterations(), Presets.machine("workstation"),
        CostModel.legion());
    for (int threads : new int[] {1, 2}) {
      for (int i = 0; i < warmup; i++) {
        run(sample, o, threads, false);
        run(sample, o, threads, true);
      }
      double[] cpu = new double[pairs];
      double[] total = new double[pairs];
      double[] wall = new double[pairs];
      StringBuilder each = new StringBuilder();
      long events = 0;
      for (int i = 0; i < pairs; i++) {
        // the order alternates, so that whatever the first run of a pair pays (a collection of the
        // previous run's garbage, a recompilation) falls on each side equally often
        Took off = i % 2 == 0 ? run(sample, o, threads, false) : null;
        Took on = run(sample, o, threads, true);
        if (off == null) {
          off = run(sample, o, threads, false);
        }
        cpu[i] = (double) on.cpu() / off.cpu();
        total[i] = (double) (on.cpu() + on.writerCpu() / threads) / off.cpu();
        wall[i] = (double) on.wall() / off.wall();
        events = on.events();
        each.append(String.format("%n  pair %d: app-thread CPU off %d ms, on %d ms (+ writer %d ms); wall off %d ms, "
            + "on %d ms; waits for mining off %d, on %d", i, off.cpu() / 1_000_000, on.cpu() / 1_000_000,
            on.writerCpu() / 1_000_000, off.wall() / 1_000_000, on.wall() / 1_000_000, off.miningWaits(),
            on.miningWaits()));
      }
      System.out.printf("%s, %d application thread(s), %d events recorded per run: median on/off ratio over %d pairs: "
          + "application-thread CPU %.3f, with the writer's CPU %.3f, wall %.3f%s%n", sample, threads, events / threads,
          pairs, median(cpu), median(total), median(wall), each);
    }
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  private static Took run(String sample, RunOptions o, int threads, boolean recorded) throws Exception {
    if (!recorded) {
      Took t = concurrently(sample, o, threads);
      return new Took(t.wall(), t.cpu(), 0, 0, t.miningWaits());
    }
    try (EventRecorder r = EventRecorder.start(RecorderSettings.defaults()).install()) {
      Took t = concurrently(sample, o, threads);
      EventLog log = r.stop();
      if (log.dropped() > 0) {
        throw new IllegalStateException("dropped under grow: " + log.describe());
      }
      return new Took(t.wall(), t.cpu(), log.writerCpuNanos(), log.written(), t.miningWaits());
    }
  }

  /** Mean wall and CPU time of {@code threads} runs of the sample started together, each on its own thread. */
  private static Took concurrently(String sample, RunOptions o, int threads) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Callable<long[]>> runs = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        runs.add(() -> {
          long c0 = MX.getCurrentThreadCpuTime();
          long t0 = System.nanoTime();
          long waits = SampleRunner.run(Samples.create(sample), o).mining().waits();
          return new long[] {System.nanoTime() - t0, MX.getCurrentThreadCpuTime() - c0, waits};
        });
      }
      long wall = 0;
      long cpu = 0;
      long waits = 0;
      for (Future<long[]> f : pool.invokeAll(runs)) {
        wall += f.get()[0];
        cpu += f.get()[1];
        waits += f.get()[2];
      }
      return new Took(wall / threads, cpu / threads, 0, 0, waits / threads);
    } finally {
      pool.shutdown();
    }
  }
}
