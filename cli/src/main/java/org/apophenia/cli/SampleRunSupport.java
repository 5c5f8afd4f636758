package org.apophenia.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apophenia.autotrace.accounting.Bucket;
import org.apophenia.autotrace.TraceSink;
import org.apophenia.autotrace.Traceability;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.samples.apps.IterationMarks;
import org.apophenia.samples.apps.RunOptions;
import org.apophenia.samples.apps.RunResult;
import org.apophenia.samples.apps.Sample;
import org.apophenia.samples.apps.SampleRunner;
import org.apophenia.samples.adapter.ArrayOp;
import org.apophenia.cli.output.FileSet;
import org.apophenia.cli.report.MiningLog;
import org.apophenia.cli.report.ReportWriter;
import org.apophenia.cli.report.TraceSearchLog;
import org.apophenia.cli.streams.StreamOp;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.MachineFile;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.timeline.ChromeTrace;
import org.apophenia.sim.timeline.PajeTrace;
import org.apophenia.sim.timeline.TimelineLog;

/**
 * What {@code run} and the demo share: resolving a machine, running a sample with the dumps of
 * {@code --out} (Apophenia's trace-search files, the simulated timeline as Chrome JSON and Paje) and a
 * progress bar, and the JSON summary. Stateless.
 */
final class SampleRunSupport {
  private SampleRunSupport() {}

  /** What {@code run --out} and the demo's directory hold after a run. */
  static final List<String> RUN_FILES = List.of("summary.json", "traces.json", "trace-search.csv",
      "trace-search.png", "mining.csv", "timeline.json", "timeline.paje");

  /** {@link #RUN_FILES} and {@code explain.csv}: what {@code run --out --explain} holds. */
  static List<String> withExplain() {
    List<String> files = new ArrayList<>(RUN_FILES);
    files.add("explain.csv");
    return files;
  }

  /** A preset ({@code perlmutter:4}) or a machine file, read and checked like {@code machines --validate}. */
  static Machine machine(String spec) {
    if (spec.isEmpty()) {
      throw new UserError("--machine: empty; give a preset such as workstation or perlmutter:4, or a machine file");
    }
    Path p;
    try {
      p = Path.of(spec);
    } catch (java.nio.file.InvalidPathException e) {
      p = null;
    }
    if (p != null && !spec.isEmpty() && Files.exists(p)) {
      return MachineFiles.read("--machine", p);
    }
    try {
      return Presets.machine(spec);
    } catch (IllegalArgumentException e) {
      throw new UserError("--machine: " + e.getMessage() + "; or give a machine file (no such file: " + spec + ")", e);
    }
  }

  static CostModel costModel(String name) {
    return switch (name) {
      case "none" -> CostModel.none();
      case "legion" -> CostModel.legion();
      case "measured" -> CostModel.measured(1.0);
      default -> throw new UserError("--cost-model must be none, legion or measured, got '" + name + "'");
    };
  }

  /**
   * Runs {@code sample}; with {@code out}, writes the dumps into that file set (the caller commits
   * it); with {@code progress}, draws a bar.
   */
  static RunResult run(Sample sample, RunOptions options, FileSet out, PrintWriter progress) throws IOException {
    return run("run", sample, options, out, progress, null);
  }

  /** {@link #run(Sample, RunOptions, FileSet, PrintWriter)} for {@code command} (its name in the provenance). */
  static RunResult run(String command, Sample sample, RunOptions options, FileSet out, PrintWriter progress)
      throws IOException {
    return run(command, sample, options, out, progress, null);
  }

  /**
   * {@link #run(String, Sample, RunOptions, FileSet, PrintWriter)}, with {@code --explain}'s log (null:
   * none).
   */
  static RunResult run(String command, Sample sample, RunOptions options, FileSet out, PrintWriter progress,
      ExplainLog<ArrayOp> explain) throws IOException {
    if (out == null) {
      return run(command, sample, options, null, progress, null, null, explain);
    }
    // Per-op records only when --out will write them, and then on disk: memory stays flat in the run.
    try (TraceSearchLog rec = TraceSearchLog.spilling(); MiningLog mining = MiningLog.recording()) {
      return run(command, sample, options, out, progress, rec, mining, explain);
    }
  }

  private static RunResult run(String command, Sample sample, RunOptions options, FileSet out, PrintWriter progress,
      TraceSearchLog rec, MiningLog mining, ExplainLog<ArrayOp> explain) throws IOException {
    TimelineLog timeline = out == null ? null
        : TimelineLog.bounded(options.machine(), TimelineLog.DEFAULT_MAX_SPANS);
    RunOptions o = options;
    if (out != null) {
      o = o.withObservers(mining, new Mirror(rec, options.observer()), timeline);
    } else {
      // a job out of memory ends the run (MiningLog#jobFailed); a shard's decision log stays the observer
      o = o.withObservers(MiningLog.counting(), options.observer(), options.timeline());
    }
    if (explain != null) { // after the runtime: the interceptor's reasons, then the engine's word per occurrence
      explain.into(o.observer());
      o = o.withObservers(new Explaining(o.listener(), explain), explain, o.timeline());
    }
    if (progress != null) {
      o = o.withProgress(new ProgressBar(progress, options.iterations()));
    }
    RunResult r = SampleRunner.run(sample, o);
    if (progress != null) {
      ((ProgressBar) o.progress()).done();
    }
    if (out != null) {
      String title = String.format("%s (%s): %.1f%% of %d ops traced, %s", r.sample(), r.mode(),
          100 * r.coverage(), r.ops(), plural(r.tracesRecorded(), "trace"));
      Map<String, Object> s = summary(command, r, options);
      if (explain != null) {
        explain.retired(r.tracesRetired());
        s.put("explain", explain.summary());
      }
      ReportWriter.write(out, title, rec, mining, s, 5000);
      try (Writer w = out.writer("timeline.json")) {
        ChromeTrace.write(timeline.timeline(), w, explain == null ? null : explain::writeTimeline);
      }
      try (Writer w = out.writer("timeline.paje")) {
        PajeTrace.write(timeline.timeline(), w);
      }
    }
    return r;
  }

  /**
   * The JSON object of {@code run --json} and {@code summary.json}; under {@code auto}, with the value
   * of every knob of the settings Apophenia ran with ({@code knobs}).
   */
  static Map<String, Object> summary(RunResult r, RunOptions o) {
    return summary("run", r, o);
  }

  /** "1 trace", "2 traces". */
  static String plural(long n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  /** The cost model's name as {@code --cost-model} spells it. */
  static String costModelName(CostModel c) {
    if (c instanceof CostModel.Fixed f) {
      return f.nanos() == 0 ? "none" : "fixed";
    }
    return c instanceof CostModel.Measured ? "measured" : "legion";
  }

  /** What produced a run of {@code command}: {@link Provenance#of}. */
  static Map<String, Object> provenance(String command, RunOptions o) {
    return Provenance.of(command, o.config(), o.mode() == org.apophenia.samples.adapter.Mode.AUTO,
        costModelName(o.costModel()), o.costModel());
  }

  /** {@link #summary(RunResult, RunOptions)} of {@code command}, which the provenance names. */
  static Map<String, Object> summary(String command, RunResult r, RunOptions o) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("provenance", provenance(command, o));
    m.put("sample", r.sample());
    m.put("mode", r.mode());
    m.put("machine", r.machine());
    m.put("size", r.size());
    m.put("tiles", r.tiles());
    m.put("iterations", r.iterations());
    m.put("ops", r.ops());
    m.put("tracedOps", r.tracedOps());
    m.put("replayedOps", r.replayedOps());
    m.put("coverage", r.coverage());
    m.put("tracesRecorded", r.tracesRecorded());
    m.put("replays", r.replays());
    m.put("tracesNeverReplayed", r.tracesNeverReplayed());
    m.put("tracesRetired", r.tracesRetired());
    m.put("checksum", r.checksum());
    m.put("analysisNanos", r.analysisNanos());
    m.put("apopheniaNanos", r.apopheniaNanos());
    m.put("wallNanos", r.wallNanos());
    m.put("simulatedMakespanNanos", r.simulatedMakespanNanos());
    // no warm-up point is null with its reason, never a number that is not one
    m.put("warmupIterations", r.warmupIterations() < 0 ? null : r.warmupIterations());
    if (r.warmupIterations() < 0) {
      m.put("warmupIterationsReason", r.mode().equals("none") ? "nothing is traced in mode none"
          : "no iteration from which every later iteration's loop-body operations were all replayed");
    }
    m.put("check", r.check());
    // arrays that outlived their iteration: each warning with the program's line that made them
    m.put("lifetimeWarningCount", r.lifetimeWarnings().size());
    m.put("lifetimeWarnings", r.lifetimeWarnings().stream().map(x -> {
      Map<String, Object> w = new LinkedHashMap<>();
      w.put("site", x.site());
      w.put("arrays", x.arrays());
      w.put("iterations", x.iterations());
      w.put("judgedIterations", x.judgedIterations());
      w.put("message", x.message());
      return w;
    }).toList());
    m.put("steadyState", steady(r.steadyState()));
    Map<String, Object> perOp = new LinkedHashMap<>();
    perOp.put("steadyState", perOp(r.steadyState()));
    perOp.put("whole", perOp(r.whole()));
    m.put("perOp", perOp);
    m.put("steadyStateWarm", r.steadyStateWarm());
    Map<String, Object> mining = new LinkedHashMap<>();
    mining.put("jobs", r.mining().jobs());
    mining.put("tokensMined", r.mining().tokensMined());
    mining.put("cpuNanos", r.mining().cpuNanos());
    mining.put("cpuNanosPerOp", r.mining().cpuNanosPerOp(r.ops()));
    mining.put("coreFraction", r.mining().coreFraction(r.wallNanos()));
    mining.put("waits", r.mining().waits());
    mining.put("backedOff", r.mining().backedOff());
    mining.put("withoutRepeats", r.mining().withoutRepeats());
    mining.put("waitIntervalDoublings", r.mining().waitIntervalDoublings());
    m.put("mining", mining);
    m.put("bytesMoved", r.scheduling().bytesMoved());
    m.put("scheduler", scheduler(r.scheduling()));
    if (r.mode().equals("auto")) {
      m.put("knobs", o.config().echo());
    }
    return m;
  }

  /**
   * The {@code scheduler} object: the policy, its seed, and what work stealing did: the steals and
   * the bytes they moved, and under {@code work-stealing-replay} the replays that followed their
   * recording's steal log (known, or read task by task), the tasks of those placed live because their
   * recorded task had not run yet, and the replays that fell back to live stealing, by reason.
   */
  static Map<String, Object> scheduler(RunResult.Scheduling s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", s.scheduler());
    m.put("seed", s.seed());
    m.put("steals", s.steals().steals());
    m.put("failedAttempts", s.steals().failedAttempts());
    m.put("fetchedBytes", s.steals().fetchedBytes());
    m.put("sentBackBytes", s.steals().sentBackBytes());
    m.put("heldBytes", s.steals().heldBytes());
    m.put("pinnedTasks", s.steals().pinned());
    Map<String, Object> logs = new LinkedHashMap<>();
    logs.put("enforced", s.stealLogs().enforced());
    logs.put("replayedSteals", s.stealLogs().replayedSteals());
    logs.put("deferred", s.stealLogs().deferred());
    logs.put("tasksPlacedLive", s.steals().pinMisses());
    logs.put("fellBack", s.stealLogs().fellBack());
    Map<String, Object> why = new LinkedHashMap<>();
    why.put("otherMachine", s.stealLogs().otherMachine());
    why.put("mismatched", s.stealLogs().mismatched());
    logs.put("fallbacks", why);
    m.put("stealLogs", logs);
    return m;
  }

  /** The summary's line on work stealing; nothing under the default scheduler. */
  static void printScheduling(PrintWriter w, RunResult.Scheduling s) {
    if (s.scheduler().equals("mapped")) {
      return;
    }
    w.printf("%s (seed %d): %d steals (%d bytes fetched, %d sent back, %d already held), %d pinned tasks; "
        + "%d bytes moved between memories in all%n", s.scheduler(), s.seed(), s.steals().steals(),
        s.steals().fetchedBytes(), s.steals().sentBackBytes(), s.steals().heldBytes(), s.steals().pinned(),
        s.bytesMoved());
    if (s.scheduler().equals("work-stealing-replay")) {
      w.printf("steal logs: %d replays followed their recording's (%d steals replayed), %d followed it before "
          + "it was complete (%d tasks placed live: their recorded task had not run yet), %d stole live "
          + "(%d other machine, %d homes differ)%n", s.stealLogs().enforced(), s.stealLogs().replayedSteals(),
          s.stealLogs().deferred(), s.steals().pinMisses(), s.stealLogs().fellBack(), s.stealLogs().otherMachine(),
          s.stealLogs().mismatched());
    }
  }

  /**
   * Real nanoseconds per op the program issued, by bucket, with {@code wall} (the issuing thread's
   * time, measured apart from the buckets) and the window; null without ops.
   */
  static Map<String, Object> perOp(IterationMarks.SteadyState s) {
    if (s == null) {
      return null;
    }
    Map<String, Object> m = new LinkedHashMap<>();
    for (Bucket b : Bucket.values()) {
      m.put(b.key(), s.nanosPerOp(b));
    }
    m.put("wall", s.wallNanosPerOp());
    m.put("gcPause", s.gcPauseNanosPerOp());
    Map<String, Object> reads = new LinkedHashMap<>();
    for (Bucket b : Bucket.values()) {
      reads.put(b.key(), s.clockReadsPerOp(b));
    }
    m.put("clockReads", reads);
    m.put("fromIteration", s.fromIteration());
    m.put("iterations", s.iterations());
    m.put("ops", s.ops());
    return m;
  }

  /** The steady state (the last quarter of iterations) as a JSON object, or null without ops. */
  static Map<String, Object> steady(IterationMarks.SteadyState s) {
    if (s == null) {
      return null;
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("fromIteration", s.fromIteration());
    m.put("iterations", s.iterations());
    m.put("ops", s.ops());
    m.put("simulatedNanosPerOp", s.simulatedNanosPerOp());
    m.put("frontDoorNanosPerOp", s.frontDoorNanosPerOp());
    m.put("apopheniaNanosPerOp", s.apopheniaNanosPerOp());
    return m;
  }

  /** The run's listener, with {@code --explain}'s log as where the reasons go. */
  private record Explaining(org.apophenia.autotrace.InterceptorListener inner, ExplainLog<ArrayOp> log)
      implements org.apophenia.autotrace.InterceptorListener {
    @Override
    public void jobIngested(org.apophenia.autotrace.MiningReport report) {
      inner.jobIngested(report);
    }

    @Override
    public void jobFailed(long job, Throwable cause) {
      inner.jobFailed(job, cause);
    }

    @Override
    public void tracePromoted(long id, int length, long position) {
      inner.tracePromoted(id, length, position);
    }

    @Override
    public org.apophenia.autotrace.Reasons reasons() {
      return log;
    }
  }

  /**
   * Mirrors the runtime's operations into the trace-search recorder of {@code analyze}, and passes
   * them on to the run's own observer ({@code next}, or null).
   */
  private record Mirror(TraceSearchLog rec, TraceSink<ArrayOp> next) implements TraceSink<ArrayOp> {
    @Override
    public void op(ArrayOp op) {
      if (next != null) {
        next.op(op);
      }
      ArrayOp.IndexTask t = (ArrayOp.IndexTask) op;
      List<String> args = new ArrayList<>();
      for (RegionRequirement q : t.requirements()) {
        args.add((q.partition() != null ? "p" + q.partition().id() : "r" + q.region().id()) + ":" + q.privilege());
      }
      rec.op(new StreamOp(t.name() + "#" + t.taskId(), args, Traceability.TRACEABLE));
    }

    @Override
    public void beginTrace(long id) {
      if (next != null) {
        next.beginTrace(id);
      }
      rec.beginTrace(id);
    }

    @Override
    public void endTrace(long id) {
      if (next != null) {
        next.endTrace(id);
      }
      rec.endTrace(id);
    }
  }

  /** A one-line bar on the terminal, drawn only once a run has lasted two seconds. */
  private static final class ProgressBar implements java.util.function.IntConsumer {
    private final PrintWriter w;
    private final int total;
    private final long start = System.nanoTime();
    private boolean drawn;
    private long lastDraw;

    ProgressBar(PrintWriter w, int total) {
      this.w = w;
      this.total = total;
    }

    @Override
    public void accept(int done) {
      long now = System.nanoTime();
      if (now - start < 2_000_000_000L || now - lastDraw < 100_000_000L) {
        return;
      }
      lastDraw = now;
      drawn = true;
      int width = 40;
      int filled = (int) ((long) width * done / total);
      w.print("\r[" + "#".repeat(filled) + " ".repeat(width - filled) + "] " + done + "/" + total + " iterations");
      w.flush();
    }

    void done() {
      if (drawn) {
        w.print("\r" + " ".repeat(70) + "\r");
        w.flush();
      }
    }
  }
}
