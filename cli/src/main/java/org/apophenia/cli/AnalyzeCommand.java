package org.apophenia.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.LongSupplier;
import org.apophenia.autotrace.ApopheniaSettings;
import org.apophenia.autotrace.CoverageBound;
import org.apophenia.autotrace.Interceptor;
import org.apophenia.autotrace.InterceptorStats;
import org.apophenia.autotrace.Knobs;
import org.apophenia.autotrace.ObservedSink;
import org.apophenia.autotrace.TraceSink;
import org.apophenia.autotrace.accounting.Bucket;
import org.apophenia.autotrace.accounting.SpanSampler;
import org.apophenia.autotrace.accounting.TimeAccount;
import org.apophenia.cli.profile.ProfileOptions;
import org.apophenia.cli.profile.ProfileSession;
import org.apophenia.cli.output.FileSet;
import org.apophenia.cli.report.MiningLog;
import org.apophenia.cli.report.ReportWriter;
import org.apophenia.cli.report.Summary;
import org.apophenia.cli.report.TraceSearchLog;
import org.apophenia.cli.streams.InputException;
import org.apophenia.cli.streams.MalformedStreamException;
import org.apophenia.cli.streams.StreamFormat;
import org.apophenia.cli.streams.StreamOp;
import org.apophenia.cli.streams.StreamReader;
import org.apophenia.cli.streams.StreamTokenizer;
import org.apophenia.cli.streams.TextInput;
import picocli.CommandLine.Command;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code apophenia analyze FILE}: runs a captured task stream through the Apophenia interceptor with a
 * counting sink and reports what it traced. Settings start from {@code --settings}
 * ({@code default} or {@code legion}) and single flags override them ({@link ApopheniaFlags}).
 */
@Command(
    name = "analyze",
    mixinStandardHelpOptions = true,
    modelTransformer = AnalyzeCommand.FormatHelp.class,
    description = "Run a captured task stream through Apophenia and report the traces it finds.")
final class AnalyzeCommand implements Callable<Integer> {
  /** What {@code --out} holds after a run. */
  static final List<String> REPORT_FILES =
      List.of("summary.json", "traces.json", "trace-search.csv", "trace-search.png", "mining.csv");

  @Spec CommandSpec spec;

  /** The help of {@code FILE} and {@code --format} names the registry's formats ({@link FormatHelp}). */
  @Parameters(paramLabel = "FILE")
  Path file;

  @Option(names = "--format", paramLabel = "FORMAT")
  String format;

  @Option(names = "--json", description = "Print one JSON object instead of a table.")
  boolean json;

  @Option(names = "--emit", paramLabel = "WHAT",
      description = "markers: write the stream back on standard output, byte for byte, with a 'tbegin ID' line "
          + "before and a 'tend ID' line after each trace occurrence, written as Apophenia decides and flushed "
          + "whenever the input has nothing more to read (a pipe's producer waiting for a marker gets it); the "
          + "summary then goes to standard error (default: none, the summary on standard output).")
  String emit;

  @Option(names = "--out", paramLabel = "DIR",
      description = "Write summary.json, traces.json, trace-search.csv, trace-search.png and mining.csv, and "
          + "manifest.json naming them: all of them appear at the end, or none (default: no files).")
  Path out;

  /** {@code --settings} and a flag per knob of Apophenia's registry. */
  @Mixin ApopheniaFlags apophenia;

  /** {@code --profile DIR} and its settings: the event recorder. */
  @Mixin ProfileOptions profile;

  /** {@code --shards N}: control-replicated shards as processes ({@link ShardsOption}). */
  @Mixin ShardsOption shards;

  @Option(names = "--explain",
      description = "For every operation not replayed, say why: one reason of a fixed vocabulary (warming up, "
          + "untraceable kind, short run, candidate not yet promoted, cut by a break, trace diverged, pending queue "
          + "flushed, first occurrence), counted in the summary and, with --out, one row per operation in explain.csv.")
  boolean explain;

  @Option(names = "--skip-malformed",
      description = "Skip (and count) malformed lines instead of failing, e.g. lines of a capture "
          + "interleaved by concurrent writers; gives up after " + TextInput.MAX_SKIPPED_LINES + " malformed lines or "
          + TextInput.MAX_SKIPPED_BYTES + " malformed bytes in a row (16 MiB: a binary file or a device such as "
          + "/dev/zero is not a capture).")
  boolean skipMalformed;

  @Option(names = "--bound",
      description = "Also compute the most any online finder could cover (an operation is reachable only if a "
          + "window of min-length operations around it occurred twice, without overlap, before it) and print "
          + "the coverage against it.")
  boolean bound;

  @Option(names = "--exact-timing",
      description = "Read the clock at every switch between Apophenia, the report and parsing (about 25 ns "
          + "per read, several per op, inflating what is measured) instead of for a sample of the ops.")
  boolean exactTiming;

  @Option(names = "--window", paramLabel = "W", defaultValue = "5000",
      description = "Window of the trace-search picture (default: ${DEFAULT-VALUE}).")
  int window;

  /** The time account's clock and the cost of one of its reads; a null clock is System.nanoTime's. */
  private final LongSupplier clock;
  private final long clockReadNanos;

  AnalyzeCommand() {
    this(null, 0);
  }

  /**
   * A command whose time account reads {@code clock}, each read taken to cost {@code clockReadNanos},
   * instead of {@link System#nanoTime()}: on a ticker a test sees that the buckets add up exactly to
   * the time they split, which no real clock shows exactly.
   */
  AnalyzeCommand(LongSupplier clock, long clockReadNanos) {
    this.clock = clock;
    this.clockReadNanos = clockReadNanos;
  }

  @Override
  public Integer call() throws IOException {
    // Everything is checked before the first op is read: a mistake costs no time and writes nothing.
    StreamFormat fmt = parseFormat();
    if (emit != null && !emit.equals("markers")) {
      throw new UserError("--emit must be markers, got '" + emit + "'");
    }
    ApopheniaSettings config = apophenia.settings();
    Limits.WINDOW.check(window);
    TextInput.checkReadable(file);
    Path target = OutputPaths.directory("--out", out, reportFiles());
    OutputPaths.directory("--profile", profile.dir(), ProfileOptions.FILES);
    profile.settings();
    shards.check();
    if (shards.launching()) {
      return ShardLauncher.launch(spec, shards, out);
    }
    if (target != null) {
      OutputPaths.temporaryDirectory("analyze --out keeps 12 bytes per operation there while it runs");
    }
    // Per-op records only when --out will write them, and then on disk: memory stays flat in the stream.
    // The files go into a file set that appears whole at the end, or not at all.
    try (ShardSession shard = shards.join(spec, out);
        FileSet set = target == null ? null : FileSet.open(target);
        TraceSearchLog rec = target == null ? TraceSearchLog.counting() : TraceSearchLog.spilling();
        MiningLog mining = target == null ? MiningLog.counting() : MiningLog.recording()) {
      return analyze(fmt, shard == null ? config : ShardSession.settings(config), rec, mining, set, shard);
    }
  }

  private int analyze(StreamFormat fmt, ApopheniaSettings config, TraceSearchLog rec, MiningLog mining,
      FileSet set, ShardSession shard) throws IOException {
    InterceptorStats stats;
    StreamReader reader;
    ChunkedFeed<StreamOp> feed;
    ProfileSession recording = profile.start(); // before the interceptor is built: it takes its probe then
    long t0 = System.nanoTime();
    // Sampled timing by default: at a few hundred ns per op, reading the clock at each of the 4-5
    // switches of every op would be a large part of what is measured (see SpanSampler).
    TimeAccount account = account();
    CoverageBound reachable = bound ? new CoverageBound(config.get(Knobs.MIN_TRACE_LENGTH)) : null;
    // which operations were reachable, for the picture's bound curve: only when --out draws it
    java.util.BitSet reachableOps = reachable != null && out != null ? new java.util.BitSet() : null;
    TraceSink<StreamOp> inner = reachable == null ? rec
        : new BoundSink(rec, reachable, config.get(Knobs.MIN_TRACE_LENGTH), reachableOps);
    if (config.get(Knobs.SAFE_TRACING)) {
      inner = new ReplayCheck<>(inner); // every reissue against the trace's first occurrence
    }
    if (shard != null) {
      inner = shard.record(inner);
    }
    MarkedStream marks = emit == null ? null
        : new MarkedStream(inner, MarkedStream.standardOutput(spec.commandLine().getOut()));
    java.io.Writer explainCsv = explain && set != null ? set.writer("explain.csv") : null;
    ExplainLog<StreamOp> why = explain ? new ExplainLog<>(marks == null ? inner : marks, explainCsv, null) : null;
    TraceSink<StreamOp> sink = new ObservedSink<>(why != null ? why : marks == null ? inner : marks, account);
    try (Interceptor<StreamOp> apophenia = ShardSession.replicate(shard, Interceptor.builder(StreamTokenizer.INSTANCE, sink)
        .settings(config).listener(mining).account(account).reasons(why)).build()) {
      reader = new StreamReader(file, fmt, skipMalformed);
      // reading and parsing (the OTHER bucket) a chunk at a time, then the chunk through Apophenia
      ChunkedFeed<StreamOp> chunks = new ChunkedFeed<>(apophenia, account, ChunkedFeed.SIZE);
      feed = chunks;
      // live input: what was read goes through Apophenia (and out, marked) before waiting for more
      Runnable idle = !TextInput.isLive(file) ? null : () -> {
        chunks.issueNow();
        if (marks != null) {
          marks.flush();
        }
      };
      try {
        reader.forEach(marks == null ? feed : op -> {
          marks.taken();
          chunks.accept(op);
        }, idle, marks);
      } catch (MalformedStreamException | InputException e) {
        // a malformed or incomplete line: every complete operation before it still goes through
        // Apophenia, and with --emit out of it, marked, before the error is reported
        drain(chunks, apophenia, marks);
        throw e;
      }
      drain(chunks, apophenia, marks);
      stats = apophenia.stats();
      if (explainCsv != null) {
        explainCsv.close(); // the file joins the set
      }
    } catch (MalformedStreamException | InputException e) {
      throw new UserError(e.getMessage(), e);
    } finally {
      if (recording != null) {
        recording.stop(); // the interceptor is closed: its mining thread records no more
      }
    }
    if (shard != null) {
      shard.finish();
    }
    double millis = (System.nanoTime() - t0) / 1e6;
    long[] t = account.snapshot(TimeAccount.newSnapshot());
    long n = Math.max(1, stats.ops());
    long own = Bucket.apophenia(t);
    Summary summary = rec.summary();
    Map<String, Object> extra = new LinkedHashMap<>();
    Map<String, Object> provenance = Provenance.of("analyze", config, true, null, null);
    extra.put("provenance", provenance);
    extra.put("settings", apophenia.presetName());
    // the preset's name alone hides the flags given on top of it: every knob's value in effect
    extra.put("knobs", config.echo());
    extra.put("skippedLines", reader.skippedCount());
    extra.put("miningJobs", stats.jobsIngested());
    extra.put("miningFailures", stats.jobsFailed());
    extra.put("miningMillis", mining.miningMillis());
    extra.put("wallMillis", millis);
    // the whole command's rate: reading, parsing, Apophenia, the report (and --emit's writing), wall time
    extra.put("opsPerSecond", stats.ops() / Math.max(1e-9, millis / 1e3));
    if (marks != null) {
      extra.put("emittedOccurrences", marks.occurrences());
    }
    extra.put("apopheniaNanosPerOp", (double) own / n);
    extra.put("apopheniaOpsPerSecond", own == 0 ? 0.0 : 1e9 * n / own);
    extra.put("parseNanosPerOp", (double) t[Bucket.OTHER.ordinal()] / n);
    extra.put("observeNanosPerOp", (double) t[Bucket.OBSERVE.ordinal()] / n);
    Map<String, Object> perOp = new LinkedHashMap<>();
    for (Bucket b : Bucket.values()) {
      perOp.put(b.key(), (double) t[b.ordinal()] / n);
    }
    extra.put("perOp", perOp);
    extra.put("timing", timing(account));
    extra.put("issueCpuNanosPerOp", feed.cpuNanos() < 0 ? null : (double) feed.cpuNanos() / n);
    if (feed.cpuNanos() < 0) {
      extra.put("issueCpuNanosPerOpReason", "this JVM does not measure a thread's CPU time");
    }
    Map<String, Object> steady = steadyState(feed.steadyState(stats.ops()), t, feed.cpuNanos(), stats.ops());
    extra.put("steadyState", steady);
    if (reachable != null) {
      extra.put("coverageBound", reachable.bound());
      extra.put("coverageOverBound", reachable.bound() == 0 ? null : summary.coverage() / reachable.bound());
      extra.put("guessedOps", stats.guessedOps());
      if (reachable.bound() == 0) {
        extra.put("coverageOverBoundReason", "no operation is reachable by any online finder (0/0)");
      }
    }
    // how the traces recorded split: those issued once and never again (recorded for nothing), the
    // ones the cache holds at the end, and the mined candidates refused as variants of a cached trace
    extra.put("tracesNeverReplayed", stats.tracesIssuedOnce());
    extra.put("tracesCached", stats.traces());
    extra.put("variantsRefused", stats.variantsRefused());
    extra.put("nearLoopsCut", stats.nearLoopsCut());
    extra.put("rareRepeatsDropped", stats.rareRepeats());
    extra.put("miningWaits", stats.waits());
    extra.put("miningWaitIntervalDoublings", stats.waitIntervalDoublings());
    if (shard != null) {
      shard.addTo(extra, stats.ops(), stats.waitIntervalDoublings());
    }
    extra.put("miningBackedOff", stats.jobsBackedOff());
    extra.put("miningCaughtUp", stats.jobsCaughtUp());
    extra.put("miningWindowsStale", stats.jobsStale());
    // jobs the issuing thread mined itself at their ingestion point (the mining thread had not
    // finished them): their CPU time is in both miningCpuNanosPerOp and issueCpuNanosPerOp
    extra.put("miningJobsInline", stats.jobsMinedInline());
    extra.put("miningWindowsWithoutRepeats", stats.windowsWithoutRepeats());
    extra.put("tokensMined", stats.tokensMined());
    extra.put("miningCpuNanosPerOp", (double) stats.miningCpuNanos() / n);
    extra.put("miningCoreFraction", stats.miningCpuNanos() / (millis * 1e6));
    if (recording != null) {
      extra.put("profile", recording.finish(spec.commandLine().getErr()));
    }
    if (why != null) {
      extra.put("explain", why.summary());
    }
    if (set != null) {
      String title = String.format("%s, %s settings: %.1f%% of %d ops traced, %s, %s",
          TextInput.displayName(file).getFileName(), apophenia.presetName(), 100 * summary.coverage(), summary.ops(),
          SampleRunSupport.plural(summary.tracesRecorded(), "trace"), summary.firstReplayOp() < 0 ? "nothing replayed"
              : "first replay at op " + summary.firstReplayOp());
      ReportWriter.write(set, title, rec, mining, extra, window, reachableOps);
      set.commit();
    }
    // with the stream on standard output, the summary goes to standard error
    PrintWriter w = marks != null ? spec.commandLine().getErr() : spec.commandLine().getOut();
    double opsPerSecond = stats.ops() / Math.max(1e-9, millis / 1e3);
    if (reader.skippedCount() > 0) {
      PrintWriter e = spec.commandLine().getErr();
      e.printf("apophenia analyze: warning: skipped %d malformed lines, first: %s%n",
          reader.skippedCount(), reader.skipped().get(0).getMessage());
      e.flush();
    }
    if (json) {
      ObjectMapper mapper = new ObjectMapper().configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);
      w.println(mapper.writeValueAsString(ReportWriter.summaryMap(summary, extra)));
    } else {
      w.println(Provenance.header(provenance));
      w.printf("%s: %d ops, %d traced (%.1f%%), %d replayed%n", TextInput.displayName(file).getFileName(), summary.ops(),
          summary.tracedOps(), 100 * summary.coverage(), summary.replayedOps());
      if (reachable != null) {
        w.printf(java.util.Locale.ROOT, "reachable by any online finder (min length %d): %.1f%%; %s%n",
            config.get(Knobs.MIN_TRACE_LENGTH), 100 * reachable.bound(), reachable.bound() == 0
                ? "no coverage to compare (0/0)" : String.format(java.util.Locale.ROOT, "coverage is %.3f of it",
                    summary.coverage() / reachable.bound()));
      }
      w.printf("traces recorded %d (%d never replayed, %d cached at the end), replays %d, mean trace length %.1f, "
          + "first replay at %s%n", summary.tracesRecorded(), stats.tracesIssuedOnce(), stats.traces(),
          summary.replays(), summary.meanTraceLength(),
          summary.firstReplayOp() < 0 ? "no op (nothing replayed)" : "op " + summary.firstReplayOp());
      w.printf("untraceable ops %d; %d mining jobs (%d failed), %.1f ms mining%n",
          summary.untraceableOps(), stats.jobsIngested(), stats.jobsFailed(), mining.miningMillis());
      w.printf(java.util.Locale.ROOT, "real ns/op: Apophenia %.0f, %.2f M ops/s (tokenize %.0f, match %.0f, ingest %.0f; "
          + "%d waits for mining), reading and parsing %.0f, report recording %.0f; timing %s%n", (double) own / n,
          own == 0 ? 0.0 : 1e3 * n / own,
          (double) t[Bucket.TOKENIZE.ordinal()] / n, (double) t[Bucket.MATCH.ordinal()] / n,
          (double) t[Bucket.INGEST.ordinal()] / n, stats.waits(), (double) t[Bucket.OTHER.ordinal()] / n,
          (double) t[Bucket.OBSERVE.ordinal()] / n, account.isSampling()
              ? "sampled (after the first " + account.sampler().exactFirst() + " ops, 1 op in about "
                  + account.sampler().period() + " timed switch by switch; --exact-timing for all)"
              : "exact");
      w.printf(java.util.Locale.ROOT, "steady state (ops %d to the end, %.0f%% of the stream): Apophenia %.0f ns/op, "
          + "%.2f M ops/s%n", (long) steady.get("fromOp"), 100.0 * (long) steady.get("ops") / n,
          (double) steady.get("apopheniaNanosPerOp"), (double) steady.get("apopheniaOpsPerSecond") / 1e6);
      w.printf(java.util.Locale.ROOT, "mining (background thread): %d tokens, %.0f CPU ns per op, %.1f%% of one core; "
          + "%d windows without repeats not mined%n", stats.tokensMined(), (double) stats.miningCpuNanos() / n,
          100 * stats.miningCpuNanos() / (millis * 1e6), stats.windowsWithoutRepeats());
      if (shard != null) {
        shard.print(w, stats.ops(), stats.waitIntervalDoublings());
      }
      if (why != null) {
        w.print(why.words());
      }
      w.printf(java.util.Locale.ROOT, "throughput: %d ops in %.3f s of wall time, %.0f ops/s (reading, parsing, "
          + "Apophenia and the report%s)%n", stats.ops(), millis / 1e3, opsPerSecond,
          marks != null ? ", and writing the marked stream" : "");
      if (out != null) {
        w.printf("wrote %s/{%s}%n", out, String.join(",", reportFiles()));
      }
    }
    return 0;
  }

  /** The end of the input: what was parsed goes through Apophenia, everything pending goes out (marked). */
  private static void drain(ChunkedFeed<StreamOp> feed, Interceptor<StreamOp> apophenia, MarkedStream marks) {
    feed.finish();
    apophenia.flush();
    if (marks != null) {
      marks.finish();
    }
  }

  /**
   * The JSON of the steady-state window (the stream's last half or more, see
   * {@link ChunkedFeed#steadyState}): the same figures as the whole stream's, over its operations.
   */
  private static Map<String, Object> steadyState(ChunkedFeed.Window w, long[] end, long cpuEnd, long ops) {
    long n = Math.max(1, ops - w.fromOp());
    long[] d = new long[end.length];
    for (int i = 0; i < d.length; i++) {
      d[i] = end[i] - w.bucketsBefore()[i];
    }
    long own = Bucket.apophenia(d);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("fromOp", w.fromOp());
    m.put("ops", ops - w.fromOp());
    m.put("apopheniaNanosPerOp", (double) own / n);
    m.put("apopheniaOpsPerSecond", own <= 0 ? 0.0 : 1e9 * n / own);
    m.put("issueCpuNanosPerOp", cpuEnd < 0 || w.cpuBefore() < 0 ? null : (double) (cpuEnd - w.cpuBefore()) / n);
    Map<String, Object> perOp = new LinkedHashMap<>();
    for (Bucket b : Bucket.values()) {
      perOp.put(b.key(), (double) d[b.ordinal()] / n);
    }
    m.put("perOp", perOp);
    return m;
  }

  /** What {@code --out} holds after this run: the report, and {@code explain.csv} with {@code --explain}. */
  private List<String> reportFiles() {
    if (!explain) {
      return REPORT_FILES;
    }
    List<String> files = new java.util.ArrayList<>(REPORT_FILES);
    files.add("explain.csv");
    return files;
  }

  /** A new time account: switch by switch with {@code --exact-timing}, else sampled. */
  private TimeAccount account() {
    if (clock == null) {
      return exactTiming ? TimeAccount.started() : TimeAccount.sampling(TIMING_PERIOD, TIMING_EXACT_FIRST);
    }
    return exactTiming ? TimeAccount.started(clock)
        : TimeAccount.sampling(TIMING_PERIOD, TIMING_EXACT_FIRST, clock, clockReadNanos);
  }

  /** One activity in about this many is timed switch by switch (see SpanSampler). */
  static final int TIMING_PERIOD = 32;
  /**
   * Ops timed exactly before sampling starts: they include class loading and compilation, outliers
   * that would skew the sample; the captures (at most a few thousand ops) are thus timed exactly.
   */
  static final int TIMING_EXACT_FIRST = 8192;

  /** How the per-op buckets were measured, for the JSON report. */
  private static Map<String, Object> timing(TimeAccount account) {
    Map<String, Object> m = new LinkedHashMap<>();
    SpanSampler s = account.sampler();
    if (s == null) {
      m.put("method", "exact");
      m.put("description", "the clock is read at every switch between buckets");
      return m;
    }
    m.put("method", "sampled");
    m.put("description", "parsing is timed exactly, a chunk of " + ChunkedFeed.SIZE + " ops at a time; the first "
        + s.exactFirst() + " ops are timed switch by switch; after them, each chunk's wall time through Apophenia is "
        + "measured, and split over tokenize/match/observe in the proportions measured switch by switch on a "
        + "deterministic pseudo-random sample of about 1 op in " + s.period() + " (less one clock read per sampled "
        + "interval); ingestion points are always timed exactly. The buckets add up to the wall time.");
    m.put("samplePeriod", s.period());
    m.put("exactFirstOps", s.exactFirst());
    m.put("sampledOps", s.sampledActivities());
    m.put("activities", s.activities());
    m.put("clockReadNanos", s.readCostNanos());
    m.put("estimatedNanos", s.estimatedNanos());
    return m;
  }

  /** {@code --format}'s format, else the one the file's name suggests ({@link StreamFormat#forFile}). */
  private StreamFormat parseFormat() {
    if (format == null) {
      return StreamFormat.forFile(file);
    }
    StreamFormat f = StreamFormat.byKey(format);
    if (f == null) {
      throw new UserError("--format must be " + StreamFormat.keysInWords() + ", got '" + format + "'");
    }
    return f;
  }

  /**
   * Writes the formats of {@link StreamFormat}'s registry into the help of {@code FILE} and
   * {@code --format}, so that a new format changes no text here.
   */
  static final class FormatHelp implements IModelTransformer {
    @Override
    public CommandSpec transform(CommandSpec command) {
      // picocli applies a command's own transformer instead of its mixins': ApopheniaFlags' goes first
      new ApopheniaFlags.Install().transform(command);
      PositionalParamSpec file = command.positionalParameters().get(0);
      command.remove(file);
      command.addPositional(file.toBuilder()
          .description("The task stream (" + StreamFormat.titlesInWords() + "); - for standard input, or a "
              + "named pipe: read as the lines arrive, opened once.").build());
      OptionSpec format = command.findOption("--format");
      command.remove(format);
      command.addOption(format.toBuilder()
          .description(StreamFormat.keysInWords() + " (default: " + StreamFormat.defaultInWords() + ").").build());
      return command;
    }
  }
}
