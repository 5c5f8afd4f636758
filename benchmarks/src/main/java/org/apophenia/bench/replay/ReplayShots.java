package org.apophenia.bench.replay;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@link ReplayBenchmark}'s shots timed by the application thread's CPU time instead of JMH's wall
 * clock: a second, steadier measure of the same code for a machine whose neighbours make wall-clock
 * shots vary by tens of percent (time taken from the thread only by the host or by other threads
 * does not count, and the fastest shot is the one least disturbed). Each configuration runs in its
 * own JVM, with the benchmark's heap settings, as JMH forks do.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar org.apophenia.bench.replay.ReplayShots \
 *     [--programs jacobi,stencil] [--tasks 10,100,1000,2000] [--modes analysis,record,replay,machine] \
 *     [--shots 60] [--warmup 60]
 * </pre>
 *
 * Modes are ReplayBenchmark's, {@code launchers} included (the application's part alone). Prints, per
 * program and trace size, each mode's µs per task (median and fastest shot of the
 * application thread's CPU) and bytes allocated per task, then analysis / replay and record / analysis
 * by median and by fastest shot. Not a test: nothing is asserted.
 */
public final class ReplayShots {
  private ReplayShots() {}

  /** One configuration's result: µs per task (median, fastest shot), bytes per task. */
  record Shots(double median, double min, double bytes) {}

  public static void main(String[] args) throws Exception {
    if (args.length >= 1 && args[0].equals("--child")) {
      child(args[1], Integer.parseInt(args[2]), args[3], Integer.parseInt(args[4]), Integer.parseInt(args[5]));
      return;
    }
    Map<String, String> opt = new LinkedHashMap<>(Map.of("--programs", "jacobi,stencil", "--tasks",
        "10,100,1000,2000", "--modes", "analysis,record,replay,machine", "--shots", "60", "--warmup", "60"));
    for (int i = 0; i < args.length; i++) {
      if (!opt.containsKey(args[i]) || i + 1 == args.length) {
        System.err.println("usage: ReplayShots [--programs a,b] [--tasks n,m] [--modes a,b] [--shots n] [--warmup n]"
            + " (got " + args[i] + ")");
        System.exit(2);
      }
      opt.put(args[i], args[++i]);
    }
    List<String> modes = List.of(opt.get("--modes").split(","));
    System.out.printf("µs per task, application thread CPU: median / fastest of %s shots after %s warm-up "
        + "(bytes allocated per task)%n%n", opt.get("--shots"), opt.get("--warmup"));
    StringBuilder head = new StringBuilder("| program | tasks |");
    StringBuilder rule = new StringBuilder("|---|---:|");
    for (String m : modes) {
      head.append(' ').append(m).append(" |");
      rule.append("---:|");
    }
    boolean replayRatio = modes.contains("analysis") && modes.contains("replay");
    boolean recordRatio = modes.contains("analysis") && modes.contains("record");
    if (replayRatio) {
      head.append(" analysis / replay |");
      rule.append("---:|");
    }
    if (recordRatio) {
      head.append(" record / analysis |");
      rule.append("---:|");
    }
    boolean ownRatio = replayRatio && modes.contains("machine") && modes.contains("launchers");
    if (ownRatio) {
      head.append(" runtime's own: (analysis − floors) / (replay − floors) |");
      rule.append("---:|");
    }
    System.out.println(head);
    System.out.println(rule);
    for (String program : opt.get("--programs").split(",")) {
      for (String tasks : opt.get("--tasks").split(",")) {
        Map<String, Shots> by = new LinkedHashMap<>();
        StringBuilder row = new StringBuilder("| " + program + " | " + tasks + " |");
        for (String mode : modes) {
          Shots s = fork(program, tasks, mode, opt.get("--shots"), opt.get("--warmup"));
          by.put(mode, s);
          row.append(String.format(Locale.ROOT, " %.3f / %.3f (%.0f) |", s.median(), s.min(), s.bytes()));
        }
        if (replayRatio) {
          ratio(row, by.get("analysis"), by.get("replay"));
        }
        if (recordRatio) {
          ratio(row, by.get("record"), by.get("analysis"));
        }
        if (ownRatio) { // both pay the application's launchers and the machine's bookkeeping
          Shots m = by.get("machine");
          Shots l = by.get("launchers");
          Shots a = by.get("analysis");
          Shots r = by.get("replay");
          ratio(row, new Shots(a.median() - m.median() - l.median(), a.min() - m.min() - l.min(), 0),
              new Shots(r.median() - m.median() - l.median(), r.min() - m.min() - l.min(), 0));
        }
        System.out.println(row);
      }
    }
  }

  /** a / b by median and by fastest shot. */
  private static void ratio(StringBuilder row, Shots a, Shots b) {
    row.append(String.format(Locale.ROOT, " %.2f× / %.2f× |", a.median() / b.median(), a.min() / b.min()));
  }

  /** Runs one configuration in a fresh JVM with the benchmark's heap settings; parses its last line. */
  private static Shots fork(String program, String tasks, String mode, String shots, String warmup)
      throws IOException, InterruptedException {
    String java = ProcessHandle.current().info().command().orElse("java");
    List<String> cmd = new ArrayList<>(List.of(java, "-XX:+UseParallelGC", "-Xms6g", "-Xmx6g", "-Xmn3g", "-cp",
        System.getProperty("java.class.path"), ReplayShots.class.getName(), "--child", program, tasks, mode, shots,
        warmup));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String last = null;
    try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      for (String l; (l = r.readLine()) != null; ) {
        last = l;
      }
    }
    int rc = p.waitFor();
    if (rc != 0 || last == null || !last.startsWith("shots ")) {
      throw new IllegalStateException(program + " " + tasks + " " + mode + ": the child JVM exited with " + rc
          + (last == null ? "" : ", last line: " + last));
    }
    String[] f = last.split(" ");
    return new Shots(Double.parseDouble(f[1]), Double.parseDouble(f[2]), Double.parseDouble(f[3]));
  }

  /** In the child JVM: warm-up and measured shots of one configuration; prints "shots median min bytes". */
  private static void child(String program, int tasks, String mode, int shots, int warmup) {
    com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long self = Thread.currentThread().getId();
    double[] cpu = new double[shots];
    double[] bytes = new double[shots];
    for (int r = 0; r < warmup + shots; r++) {
      ReplayBenchmark b = new ReplayBenchmark();
      b.tasks = tasks;
      b.program = program;
      b.mode = mode;
      b.setUp(); // untimed, as in JMH: a fresh runtime, warm-up instances, a GC
      long c0 = mx.getCurrentThreadCpuTime();
      long a0 = mx.getThreadAllocatedBytes(self);
      b.trace();
      long c1 = mx.getCurrentThreadCpuTime();
      long a1 = mx.getThreadAllocatedBytes(self);
      b.drain();
      if (r >= warmup) {
        cpu[r - warmup] = (c1 - c0) / 1000.0 / ReplayBenchmark.TASKS_PER_SHOT;
        bytes[r - warmup] = (double) (a1 - a0) / ReplayBenchmark.TASKS_PER_SHOT;
      }
    }
    Arrays.sort(cpu);
    Arrays.sort(bytes);
    System.out.printf(Locale.ROOT, "shots %.4f %.4f %.1f%n", cpu[shots / 2], cpu[0], bytes[shots / 2]);
  }
}
