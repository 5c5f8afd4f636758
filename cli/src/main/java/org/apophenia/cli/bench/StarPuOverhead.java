package org.apophenia.cli.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apophenia.autotrace.ApopheniaSettings;
import org.apophenia.autotrace.Interceptor;
import org.apophenia.autotrace.TraceSink;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.legion.api.DefaultMapper;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.replay.DynamicTracing;
import org.apophenia.sim.TaskCost;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * Group 5: launch overhead against a real runtime on the same machine. StarPU 1.3's own
 * {@code async_tasks_overhead} example (Debian {@code starpu-examples}) submits N empty tasks without
 * data and waits for them all, printing "Per task: X usecs"; next to it, the same program on our
 * runtime: N empty single-task launches without region arguments, then {@code finish()} (the
 * simulated execution, bodies included), untraced, inside hand-placed traces of 100 tasks, and behind
 * Apophenia. Skipped with a note when the StarPU example is not installed.
 */
final class StarPuOverhead implements BenchGroup {
  static final Path EXAMPLE = Path.of("/usr/lib/x86_64-linux-gnu/starpu/examples/async_tasks_overhead");
  private static final Pattern PER_TASK = Pattern.compile("^Per task: ([0-9.eE+-]+) usecs", Pattern.MULTILINE);

  @Override public int number() { return 5; }
  @Override public String id() { return "starpu"; }
  @Override public String title() { return "Launch overhead: StarPU 1.3's async_tasks_overhead next to ours"; }

  /** The "Per task" figure of the example's output, in µs; NaN if absent. */
  static double parsePerTask(String output) {
    Matcher m = PER_TASK.matcher(output);
    return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
  }

  @Override
  public GroupResult run(BenchSettings s) {
    int n = s.pick(20_000, 100_000);
    int reps = s.pick(3, 5);
    Table.Builder t = Table.builder("starpu-overhead",
        "µs per task, " + n + " empty tasks without data, submitted and run (median of " + reps + " runs)",
        "runtime", "µs/task (median)", "µs/task (min)", "relative to StarPU");
    List<String> notes = new ArrayList<>();
    double starpu = Double.NaN;
    double starpuMin = Double.NaN;
    if (Files.isExecutable(EXAMPLE)) {
      double[] v = new double[reps];
      try {
        for (int r = 0; r < reps; r++) {
          v[r] = runStarPu(n);
        }
        starpu = Stats.median(v);
        starpuMin = Stats.min(v);
        t.row("StarPU 1.3 async_tasks_overhead -i " + n, starpu, starpuMin, 1.0);
        s.progress("  StarPU: %.2f µs/task", starpu);
      } catch (IOException | RuntimeException e) {
        notes.add("StarPU: skipped: " + e.getMessage());
      }
    } else {
      notes.add("StarPU: skipped: " + EXAMPLE + " is not installed (Debian package starpu-examples)");
    }
    List<Double> ours = new ArrayList<>();
    for (String variant : List.of("untraced", "manual", "auto")) {
      try {
        ourRun(variant, Math.min(n, 5_000)); // JIT warm-up
        double[] v = new double[reps];
        for (int r = 0; r < reps; r++) {
          v[r] = ourRun(variant, n);
        }
        double med = Stats.median(v);
        ours.add(med);
        t.row("Apophenia-J, " + variant, med, Stats.min(v), med / starpu);
        s.progress("  ours, %s: %.2f µs/task", variant, med);
      } catch (RuntimeException e) {
        t.row("Apophenia-J, " + variant, null, null, null);
        notes.add(variant + ": skipped: " + e);
      }
    }
    String cmp = String.format(Locale.ROOT,
        "the paper measures Legion's launch overhead at 7 µs per task, 12 µs with Apophenia; StarPU's example "
            + "here takes %s µs per task and our runtime %s µs untraced, %s µs behind Apophenia.",
        Table.format(starpu), ours.isEmpty() ? "—" : Table.format(ours.get(0)),
        ours.size() < 3 ? "—" : Table.format(ours.get(2)));
    return new GroupResult(List.of(t.build()), List.of(), notes, cmp);
  }

  private static double runStarPu(int n) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(EXAMPLE.toString(), "-i", Integer.toString(n)).redirectErrorStream(true);
    pb.environment().put("STARPU_SILENT", "1");
    Process p = pb.start();
    String out;
    try {
      out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException("async_tasks_overhead did not finish in 120 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
      throw new IOException("interrupted", e);
    }
    double v = parsePerTask(out);
    if (Double.isNaN(v) || p.exitValue() != 0) {
      throw new IOException("async_tasks_overhead exited with " + p.exitValue() + " without a 'Per task' line: "
          + out.lines().reduce((a, b) -> b).orElse(""));
    }
    return v;
  }

  /** µs per task of {@code n} empty launches on our runtime, submitted and run. */
  static double ourRun(String variant, int n) {
    LegionRuntime rt = new LegionRuntime(Presets.machine("cpu"), new DefaultMapper(), CostModel.none());
    rt.registerTask(new TaskDefinition(1, "empty", Map.of(ProcessorKind.CPU, ctx -> 0L), TaskCost.fixed(0)));
    TaskLauncher empty = new TaskLauncher(1);
    long t0 = System.nanoTime();
    switch (variant) {
      case "untraced" -> {
        for (int i = 0; i < n; i++) {
          rt.execute(empty);
        }
      }
      case "manual" -> {
        rt.setTraceEngine(new DynamicTracing());
        for (int i = 0; i < n; i += 100) {
          rt.beginTrace(0);
          for (int k = i; k < Math.min(n, i + 100); k++) {
            rt.execute(empty);
          }
          rt.endTrace(0);
        }
      }
      case "auto" -> {
        rt.setTraceEngine(new DynamicTracing());
        TraceSink<TaskLauncher> sink = new TraceSink<>() {
          @Override public void op(TaskLauncher op) { rt.execute(op); }
          @Override public void beginTrace(long id) { rt.beginTrace(Math.toIntExact(id)); }
          @Override public void endTrace(long id) { rt.endTrace(Math.toIntExact(id)); }
        };
        try (Interceptor<TaskLauncher> in = Interceptor.builder((TaskLauncher op) -> op.taskId() * 0x9E3779B97F4A7C15L,
            sink).settings(ApopheniaSettings.defaults()).build()) {
          for (int i = 0; i < n; i++) {
            in.execute(empty);
          }
        }
      }
      default -> throw new IllegalArgumentException(variant);
    }
    rt.finish();
    return (System.nanoTime() - t0) / 1e3 / n;
  }
}
