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
    return run(sample, options, out, progress, null);
  }

  /** {@link #run(Sample, RunOptions, FileSet, PrintWriter)}, with {@code --explain}'s log (null: none). */
  static RunResult run(Sample sample, RunOptions options, FileSet out, PrintWriter progress, ExplainLog<ArrayOp> explain)
      throws IOException {
    if (out == null) {
      return run(sample, options, null, progress, null, null, explain);
    }
    // Per-op records only when --out will write them, and then on disk: memory stays flat in the run.
    try (TraceSearchLog rec = TraceSearchLog.spilling(); MiningLog mining = MiningLog.recording()) {
      return run(sample, options, out, progress, rec, mining, explain);
    }
  }

  private static RunResult run(Sample sample, RunOptions options, FileSet out, PrintWriter progress,
      TraceSearchLog rec, MiningLog mining, ExplainLog<ArrayOp> explain) throws IOException {
    TimelineLog timeline = out == null ? null
        : TimelineLog.bounded(options.machine(), TimelineLog.DEFAULT_MAX_SPANS);
    RunOptions o = options;
    if (out != null) {
      o = o.withObservers(mining, new Mirror(rec), timeline);
    } else {
      o = o.withObservers(MiningLog.counting(), null, null); // a job out of memory ends the run (MiningLog#jobFailed)
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
      String title = String.format("%s (%s): %.1f%% of %d ops traced, %d traces", r.sample(), r.mode(),
          100 * r.coverage(), r.ops(), r.tracesRecorded());
      Map<String, Object> s = summary(r, options);
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
    Map<String, Object> m = new LinkedHashMap<>();
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
    m.put("warmupIterations", r.warmupIterations());
    m.put("check", r.check());
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
    m.put("mining", mining);
    if (r.mode().equals("auto")) {
      m.put("knobs", o.config().echo());
    }
    return m;
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

  /** Mirrors the runtime's operations into the trace-search recorder of {@code analyze}. */
  private record Mirror(TraceSearchLog rec) implements TraceSink<ArrayOp> {
    @Override
    public void op(ArrayOp op) {
      ArrayOp.IndexTask t = (ArrayOp.IndexTask) op;
      List<String> args = new ArrayList<>();
      for (RegionRequirement q : t.requirements()) {
        args.add((q.partition() != null ? "p" + q.partition().id() : "r" + q.region().id()) + ":" + q.privilege());
      }
      rec.op(new StreamOp(t.name() + "#" + t.taskId(), args, Traceability.TRACEABLE));
    }

    @Override
    public void beginTrace(long id) {
      rec.beginTrace(id);
    }

    @Override
    public void endTrace(long id) {
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
