package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongSupplier;
import org.apophenia.autotrace.ApopheniaSettings;
import org.apophenia.autotrace.Knob;
import org.apophenia.autotrace.Knobs;
import org.apophenia.autotrace.accounting.Bucket;
import org.apophenia.cli.streams.StreamFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code analyze} command's contract (README, "Analyzing a captured task stream"): formats, JSON summary, dumps, errors. */
class AnalyzeCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  /** A captured StarPU stream, from this module's test resources (copies of real captures). */
  static Path starpu(String name) {
    Path copy = Path.of("src/test/resources/starpu").resolve(name);
    if (Files.isRegularFile(copy)) {
      return copy;
    }
    throw new IllegalStateException("no capture " + name + " under " + Path.of("src/test/resources/starpu").toAbsolutePath());
  }

  static JsonNode json(String... args) throws IOException {
    CliRun run = CliRun.of(args);
    assertThat(run.exitCode()).as(run.err()).isZero();
    return JSON.readTree(run.out());
  }

  @Test
  void jsonSummaryHasTheIssuesFields() throws IOException {
    JsonNode s = json("analyze", starpu("pipeline.txt").toString(), "--json");
    for (String f : List.of("ops", "tracedOps", "replayedOps", "coverage", "tracesRecorded", "replays",
        "meanTraceLength", "firstReplayOp", "untraceableOps")) {
      assertThat(s.has(f)).as(f).isTrue();
    }
    assertThat(s.get("ops").asLong()).isEqualTo(1072);
    assertThat(s.get("coverage").asDouble())
        .isEqualTo(s.get("tracedOps").asDouble() / s.get("ops").asDouble());
    assertThat(s.get("replayedOps").asLong()).isLessThanOrEqualTo(s.get("tracedOps").asLong());
  }

  /**
   * On a loop of 64 tasks with 5% of them replaced by fresh ones, the back-off is reset again and
   * again and the long windows keep finding the cached traces: {@code miningWindowsStale} counts the
   * ones skipped, and {@code --stale-window-skips 0} skips none (and mines more).
   */
  @Test
  void staleLongWindowsAreCountedAndZeroSkipsNone() throws IOException {
    Path f = dir.resolve("fresh.txt");
    StringBuilder b = new StringBuilder("# starpu-capture v1\n");
    java.util.Random rnd = new java.util.Random(7);
    int fresh = 0;
    for (int i = 0; i < 60_000; i++) {
      b.append(rnd.nextDouble() < 0.05 ? "noise 0x" + Integer.toHexString(0x100000 + ++fresh) + ":2"
          : "k" + i % 64 + " 0x" + Integer.toHexString(0x1000 + 64 * (i % 64)) + ":1 0x"
              + Integer.toHexString(0x9000 + 64 * (i % 64)) + ":3").append('\n');
    }
    Files.writeString(f, b);
    JsonNode on = json("analyze", f.toString(), "--json", "--batch-size", "256");
    JsonNode off = json("analyze", f.toString(), "--json", "--batch-size", "256", "--stale-window-skips", "0");
    assertThat(on.get("miningWindowsStale").asLong()).as("long windows skipped at the default").isPositive();
    assertThat(off.get("miningWindowsStale").asLong()).as("at 0").isZero();
    assertThat(on.get("miningJobs").asLong()).as("jobs mined").isLessThan(off.get("miningJobs").asLong());
    assertThat(on.get("knobs").get("staleWindowSkips").asInt()).isEqualTo(8);
  }

  /**
   * A 16-task loop with 0.5% of its tasks dropped: its near-loops are cut and counted, fewer traces
   * are recorded than with {@code --near-loop-pieces false}, and the flag reaches the knobs.
   */
  @Test
  void nearLoopsAreCutAndCounted() throws IOException {
    Path f = dir.resolve("drops.txt");
    StringBuilder b = new StringBuilder("# starpu-capture v1\n");
    java.util.Random rnd = new java.util.Random(4);
    for (int i = 0; i < 200_000; i++) {
      if (rnd.nextDouble() >= 0.005) {
        b.append("k").append(i % 16).append(" 0x").append(Integer.toHexString(0x1000 + 64 * (i % 16))).append(":1 0x")
            .append(Integer.toHexString(0x9000 + 64 * (i % 16))).append(":3\n");
      }
    }
    Files.writeString(f, b);
    JsonNode on = json("analyze", f.toString(), "--json");
    JsonNode off = json("analyze", f.toString(), "--json", "--near-loop-pieces", "false");
    assertThat(on.get("nearLoopsCut").asLong()).as("near-loops cut at the default").isPositive();
    assertThat(off.get("nearLoopsCut").asLong()).as("off").isZero();
    assertThat(on.get("tracesRecorded").asLong()).isLessThan(off.get("tracesRecorded").asLong());
    assertThat(off.get("knobs").get("nearLoopPieces").asBoolean()).isFalse();
  }

  /**
   * A clock that moves on by a pseudo-random 1 to 1,000 ns at every read and remembers its first and
   * last readings: the time a run's account split, known exactly and the same on any machine.
   */
  static final class Ticker implements LongSupplier {
    private final java.util.Random steps = new java.util.Random(7);
    private long now = 1L << 40;
    long first = -1;
    long last = -1;

    @Override
    public long getAsLong() {
      now += 1 + steps.nextInt(1000);
      if (first < 0) {
        first = now;
      }
      last = now;
      return now;
    }
  }

  /** {@code analyze ARGS} with its time account on {@code clock} (each read taken to cost 20 ns). */
  static JsonNode jsonOnClock(LongSupplier clock, String... args) throws IOException {
    java.io.StringWriter out = new java.io.StringWriter();
    java.io.StringWriter err = new java.io.StringWriter();
    picocli.CommandLine cli = new picocli.CommandLine(new AnalyzeCommand(clock, 20));
    cli.setOut(new java.io.PrintWriter(out));
    cli.setErr(new java.io.PrintWriter(err));
    assertThat(cli.execute(args)).as(err.toString()).isZero();
    return JSON.readTree(out.toString());
  }

  /** The buckets' nanoseconds, from the JSON's per-op figures (exact: far below 2^52 ns). */
  static long bucketNanos(JsonNode s) {
    long n = Math.max(1, s.get("ops").asLong());
    long sum = 0;
    for (Bucket b : Bucket.values()) {
      sum += Math.round(s.get("perOp").get(b.key()).asDouble() * n);
    }
    return sum;
  }

  @Test
  void timingIsSampledByDefaultExactOnRequestAndTheBucketsAddUpToTheWall() throws IOException {
    // past the ops timed exactly before sampling starts, so that the sampled split is at work
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 3 * AnalyzeCommand.TIMING_EXACT_FIRST; i++) {
      b.append("{\"task\":\"t").append(i % 40).append("\",\"args\":[{\"data\":\"h").append(i % 7)
          .append("\",\"mode\":\"RW\"}]}\n");
    }
    Path f = dir.resolve("long-loop.jsonl");
    Files.writeString(f, b);
    for (String[] extra : new String[][] {{}, {"--exact-timing"}}) {
      List<String> args = new java.util.ArrayList<>(List.of(f.toString(), "--json"));
      args.addAll(List.of(extra));
      Ticker clock = new Ticker();
      JsonNode s = jsonOnClock(clock, args.toArray(String[]::new));
      String method = s.get("timing").get("method").asText();
      assertThat(method).isEqualTo(extra.length == 0 ? "sampled" : "exact");
      if (extra.length == 0) {
        assertThat(s.get("timing").get("sampledOps").asLong()).as("ops timed switch by switch after the first")
            .isPositive().isLessThan(s.get("ops").asLong() / 2);
      }
      // every nanosecond from the account's first clock read to its last lands in exactly one bucket
      assertThat(bucketNanos(s)).as(method + ": the buckets add up to the wall time they split")
          .isEqualTo(clock.last - clock.first);
      double own = s.get("perOp").get("tokenize").asDouble() + s.get("perOp").get("match").asDouble()
          + s.get("perOp").get("ingest").asDouble();
      assertThat(s.get("apopheniaNanosPerOp").asDouble()).isCloseTo(own, org.assertj.core.api.Assertions.within(1e-6 * own));
      assertThat(s.get("apopheniaOpsPerSecond").asDouble()).isCloseTo(1e9 / own, org.assertj.core.api.Assertions.within(1e-3 * 1e9 / own));
      if (java.lang.management.ManagementFactory.getThreadMXBean().isCurrentThreadCpuTimeSupported()) {
        assertThat(s.get("issueCpuNanosPerOp").asDouble()).as("the issuing thread's CPU time").isPositive();
      } else {
        assertThat(s.get("issueCpuNanosPerOp").isNull()).as("not measured: null, with a reason").isTrue();
        assertThat(s.get("issueCpuNanosPerOpReason").asText()).isNotEmpty();
      }
    }
  }

  @Test
  void theBucketCheckResolvesOneNanosecond() throws IOException {
    // a test of the test: the check above sees one nanosecond too few in any bucket
    JsonNode s = JSON.readTree("{\"ops\": 3, \"perOp\": {\"tokenize\": 1.0, \"match\": 0.0, \"ingest\": 0.0, "
        + "\"analysis\": 0.0, \"replay\": 0.0, \"kernel\": 0.0, \"observe\": 0.0, \"other\": 1.6666666666666667}}");
    assertThat(bucketNanos(s)).isEqualTo(8).isNotEqualTo(9);
  }

  @Test
  void theSteadyStateIsTheStreamsLastHalfOrMoreTimedAsTheWholeIs() throws IOException {
    JsonNode s = json("analyze", starpu("cg-b4-i100-clean.txt").toString(), "--json");
    long n = s.get("ops").asLong();
    JsonNode st = s.get("steadyState");
    long from = st.get("fromOp").asLong();
    assertThat(Long.bitCount(from)).as("a power of two").isEqualTo(1);
    assertThat(from).isLessThanOrEqualTo(n / 2).isGreaterThan(n / 4);
    assertThat(st.get("ops").asLong()).isEqualTo(n - from);
    double own = 0;
    for (String b : List.of("tokenize", "match", "ingest", "analysis", "replay", "kernel", "observe", "other")) {
      double part = st.get("perOp").get(b).asDouble() * (n - from);
      double whole = s.get("perOp").get(b).asDouble() * n;
      assertThat(part).as(b).isBetween(0.0, whole * (1 + 1e-9) + 1e-6);
      if (List.of("tokenize", "match", "ingest").contains(b)) {
        own += st.get("perOp").get(b).asDouble();
      }
    }
    assertThat(own).isPositive();
    assertThat(s.get("miningJobsInline").asLong()).as("jobs the issuing thread mined itself")
        .isBetween(0L, s.get("miningJobs").asLong());
    assertThat(st.get("apopheniaNanosPerOp").asDouble()).isCloseTo(own, org.assertj.core.api.Assertions.within(1e-6 * own));
    assertThat(st.get("apopheniaOpsPerSecond").asDouble()).isCloseTo(1e9 / own, org.assertj.core.api.Assertions.within(1e-3 * 1e9 / own));
    // too short for a window past the start: the whole stream
    JsonNode tiny = json("analyze", starpu("lu-b8.txt").toString(), "--json");
    assertThat(tiny.get("ops").asLong()).isLessThan(2 * ChunkedFeed.SIZE);
    assertThat(tiny.get("steadyState").get("fromOp").asLong()).isZero();
  }

  @Test
  void aMalformedStarpuLineNamesFileLineAndReasonWithExitCode2() throws IOException {
    Path f = dir.resolve("bad.txt");
    Files.writeString(f, "# starpu-capture v1\nscal 0x1:3\nscal 0x1:RW\n");
    CliRun run = CliRun.of("analyze", f.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip()).isEqualTo(
        "apophenia analyze: error: " + f + ":3: access mode 'RW' of argument 1 is not an integer");
  }

  @Test
  void theInterleavedLinesOfTheCgCaptureFailStrictlyAndAreSkippedOnRequest() throws IOException {
    CliRun strict = CliRun.of("analyze", starpu("cg-b4-i100.txt").toString());
    assertThat(strict.exitCode()).isEqualTo(2);
    assertThat(strict.err()).contains("cg-b4-i100.txt:774: access mode '3accumulate_vector'");
    CliRun lenient = CliRun.of("analyze", starpu("cg-b4-i100.txt").toString(), "--skip-malformed", "--json");
    assertThat(lenient.exitCode()).isZero();
    assertThat(lenient.err()).contains("skipped 8 malformed lines");
    assertThat(JSON.readTree(lenient.out()).get("skippedLines").asInt()).isEqualTo(8);
  }

  @Test
  void jsonlStreamsAreReadWithTheirDocumentedSchema() throws IOException {
    StringBuilder b = new StringBuilder("# a loop of three tasks, with a tag that must not matter\n");
    for (int i = 0; i < 60; i++) {
      b.append("{\"task\":\"load\",\"args\":[{\"data\":\"a\",\"mode\":\"R\",\"fields\":[0]}],\"tag\":").append(i).append("}\n");
      b.append("{\"task\":\"step\",\"args\":[{\"data\":\"a\",\"mode\":\"RW\"},{\"data\":\"b\",\"mode\":\"R\"}]}\n");
      b.append("{\"task\":\"wait\",\"kind\":\"noop\"}\n");
      b.append("{\"task\":\"store\",\"args\":[{\"data\":\"b\",\"mode\":\"W\",\"redop\":\"+\"}]}\n");
      b.append("{\"task\":\"fill\",\"args\":[{\"data\":\"c\",\"mode\":\"W\"}]}\n");
      b.append("{\"task\":\"fill\",\"args\":[{\"data\":\"d\",\"mode\":\"W\"}]}\n");
      if (i == 30) {
        b.append("{\"task\":\"map\",\"kind\":\"untraceable\"}\n");
      }
    }
    Path f = dir.resolve("loop.jsonl");
    Files.writeString(f, b);
    JsonNode s = json("analyze", f.toString(), "--json");
    assertThat(s.get("ops").asLong()).isEqualTo(60 * 6 + 1);
    assertThat(s.get("untraceableOps").asLong()).isEqualTo(1);
    assertThat(s.get("coverage").asDouble()).isGreaterThan(0.5);
  }

  @Test
  void malformedJsonlNamesLineAndReason() throws IOException {
    Path f = dir.resolve("bad.jsonl");
    Files.writeString(f, "{\"task\":\"a\",\"args\":[]}\n{\"task\":\"b\",\"args\":[{\"data\":\"x\"}]}\n");
    CliRun run = CliRun.of("analyze", f.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains(f + ":2: args[0] must be an object with string \"data\" and string \"mode\"");
    Files.writeString(f, "{\"task\": 3}\n");
    assertThat(CliRun.of("analyze", "--format", "jsonl", f.toString()).err()).contains(":1: \"task\" must be a string");
  }

  @Test
  void invalidSettingsAndFormatsAreUserErrors() {
    CliRun run = CliRun.of("analyze", starpu("pipeline.txt").toString(), "--multi-scale-factor", "0");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--multi-scale-factor must be 1..1048576, got 0");
    assertThat(CliRun.of("analyze", starpu("pipeline.txt").toString(), "--format", "xml").err())
        .contains("--format must be starpu or jsonl, got 'xml'");
    assertThat(CliRun.of("analyze", dir.resolve("missing.txt").toString()).exitCode()).isEqualTo(2);
  }

  @Test
  void jsonAndSummaryEchoEveryKnobsEffectiveValueByNameAfterTheFlags() throws IOException {
    String pipeline = starpu("pipeline.txt").toString();
    JsonNode s = json("analyze", pipeline, "--json", "--visit-threshold", "2");
    assertThat(s.get("settings").asText()).as("the preset, as before").isEqualTo("default");
    ApopheniaSettings asked = ApopheniaSettings.defaults().toBuilder().set(Knobs.VISIT_THRESHOLD, 2).build();
    assertThat(s.get("knobs")).isEqualTo(JSON.valueToTree(asked.echo()));
    assertThat(s.get("knobs").get("visitThreshold").asInt()).isEqualTo(2);
    JsonNode p = s.get("provenance");
    assertThat(p.get("version").asText()).isEqualTo(Provenance.version());
    assertThat(p.get("command").asText()).isEqualTo("analyze");
    assertThat(p.get("knobs")).isEqualTo(s.get("knobs"));
    assertThat(p.get("knobsChangedFromDefaults")).as("what the flags changed, unlike 'settings'")
        .isEqualTo(JSON.readTree("{\"visitThreshold\": 2}"));
    assertThat(p.get("costModel").isNull()).as("analyze simulates nothing").isTrue();
    assertThat(p.get("costModelReason").asText()).contains("nothing simulated");
    assertThat(CliRun.of("analyze", pipeline, "--visit-threshold", "2").out().lines().findFirst().orElse(""))
        .as("the table's header line").startsWith("apophenia " + Provenance.version() + " analyze; knobs: the defaults but "
            + "visitThreshold 2; cost model none");
    for (Knob<?> k : Knobs.all()) {
      assertThat(s.get("knobs").has(k.name())).as(k.name()).isTrue();
    }
    JsonNode legion = json("analyze", pipeline, "--json", "--settings", "legion", "--batch-size", "4000");
    assertThat(legion.get("knobs").get("batchSize").asInt()).isEqualTo(4000);
    assertThat(legion.get("knobs").get("visitThreshold").asInt()).as("legion's").isEqualTo(10);
    Path out = dir.resolve("echo");
    CliRun run = CliRun.of("analyze", pipeline, "--out", out.toString(), "--visit-threshold", "2");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(JSON.readTree(out.resolve("summary.json").toFile()).get("knobs")).isEqualTo(s.get("knobs"));
  }

  @Test
  void theFormatFlagAndItsHelpNameEveryRegisteredFormat() throws IOException {
    String help = CliRun.of("analyze", "--help").out().replaceAll("\\s+", " ");
    assertThat(help).contains("The task stream (" + StreamFormat.titlesInWords() + "); - for standard input, or a named pipe")
        .contains("--format=FORMAT " + StreamFormat.keysInWords() + " (default: " + StreamFormat.defaultInWords() + ").");
    for (StreamFormat f : StreamFormat.values()) {
      assertThat(help).contains(f.key());
    }
    Path jsonl = dir.resolve("one.txt");
    Files.writeString(jsonl, "{\"task\":\"a\",\"args\":[]}\n");
    assertThat(json("analyze", jsonl.toString(), "--format", "jsonl", "--json").get("ops").asLong()).isEqualTo(1);
    assertThat(json("analyze", starpu("pipeline.txt").toString(), "--format", "starpu", "--json").get("ops").asLong())
        .isEqualTo(1072);
  }

  @Test
  void outWritesTheFiveDumps() throws IOException {
    Path out = dir.resolve("report");
    CliRun run = CliRun.of("analyze", starpu("pipeline.txt").toString(), "--out", out.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
    assertThat(summary.get("ops").asLong()).isEqualTo(1072);
    JsonNode traces = JSON.readTree(out.resolve("traces.json").toFile());
    assertThat(traces.size()).isEqualTo(summary.get("tracesRecorded").asInt());
    assertThat(traces.get(0).get("ops").size()).isEqualTo(traces.get(0).get("length").asInt());
    List<String> csv = Files.readAllLines(out.resolve("trace-search.csv"));
    assertThat(csv).hasSize(1073);
    assertThat(csv.get(0)).isEqualTo("index,token,traced,trace_id,traced_in_last_5000");
    assertThat(Files.readAllLines(out.resolve("mining.csv")).get(0))
        .isEqualTo("job,launch_op,window,duration_us,candidates,ingest_op,waited,failed");
    byte[] png = Files.readAllBytes(out.resolve("trace-search.png"));
    assertThat(png.length).isGreaterThan(10_000);
    assertThat(png[1]).isEqualTo((byte) 'P');
    // the set is whole: manifest.json names the five, with sizes and SHA-256s that match
    org.apophenia.cli.output.FileSet.Found set = org.apophenia.cli.output.FileSet.read(out);
    assertThat(set.status()).as(set.problem()).isEqualTo(org.apophenia.cli.output.FileSet.Status.WHOLE);
    assertThat(set.manifest().names()).containsExactlyInAnyOrderElementsOf(AnalyzeCommand.REPORT_FILES);
  }

  @Test
  void theFindersHistoryAndWarmUpSettingsAreFlags() throws IOException {
    CliRun bad = CliRun.of("analyze", starpu("pipeline.txt").toString(), "--history-buffers", "3");
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err()).contains("--history-buffers must be a power of two").doesNotContain("Exception");
    JsonNode paper = json("analyze", starpu("cg-b4-i100-clean.txt").toString(), "--json", "--history-buffers", "1");
    JsonNode cacheEmpty = json("analyze", starpu("cg-b4-i100-clean.txt").toString(), "--json",
        "--warmup-by-coverage=false", "--visit-threshold", "5");
    JsonNode warm = json("analyze", starpu("cg-b4-i100-clean.txt").toString(), "--json", "--visit-threshold", "5");
    // cg's first trace is a run of no-ops: keyed to coverage (the default), the warm-up threshold replays
    // the loop sooner than keyed to an empty cache
    assertThat(warm.get("firstReplayOp").asLong()).isLessThan(cacheEmpty.get("firstReplayOp").asLong());
    assertThat(paper.get("ops").asLong()).isEqualTo(warm.get("ops").asLong());
  }

  @Test
  void theLoopPhaseSettingsAreFlags() throws IOException {
    String cg = starpu("cg-b4-i100-clean.txt").toString();
    // nested loops (tools/quality-streams.py's shape): a 28-task outer body around a 12-task inner
    // loop run 3 to 5 times; the inner loop's trace overlaps the outer one's replayed pieces
    java.util.Random rnd = new java.util.Random(1);
    String[] outer = new String[28];
    String[] inner = new String[12];
    for (int k = 0; k < outer.length + inner.length; k++) {
      String[] body = k < outer.length ? outer : inner;
      int i = k < outer.length ? k : k - outer.length;
      body[i] = String.format("{\"task\":\"k%d\",\"args\":[{\"data\":\"0x%x\",\"mode\":\"R\"},"
          + "{\"data\":\"0x%x\",\"mode\":\"R\"},{\"data\":\"0x%x\",\"mode\":\"RW\"}]}%n",
          (i + (body == outer ? 3 : 0)) % 7, 0x1000 + 0x40 * rnd.nextInt(64), 0x1000 + 0x40 * rnd.nextInt(64),
          0x1000 + 0x40 * rnd.nextInt(64));
    }
    StringBuilder n = new StringBuilder();
    for (int r = 0; r < 150; r++) {
      for (int k = 0; k < outer.length; k++) {
        if (k == 14) {
          for (int rep = 3 + rnd.nextInt(3); rep > 0; rep--) {
            for (String t : inner) {
              n.append(t);
            }
          }
        }
        n.append(outer[k]);
      }
    }
    Path nested = dir.resolve("nested.jsonl");
    Files.writeString(nested, n);
    JsonNode both = json("analyze", nested.toString(), "--json");
    JsonNode scoreOnly = json("analyze", nested.toString(), "--json", "--loops-win=false");
    // the flag reaches the replayer: a loop's trace that overlaps a replayed piece wins only with it
    // (its benefit is tested on heat, LoopPhaseSampleTest)
    assertThat(both.get("tracedOps").asLong()).isNotEqualTo(scoreOnly.get("tracedOps").asLong());
    // a loop of 40 tasks with an untraceable call in the middle of every tenth iteration
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 7; i++) {
      b.append("{\"task\":\"setup").append(i).append("\",\"args\":[]}\n");
    }
    for (int r = 0; r < 200; r++) {
      for (int k = 0; k < 40; k++) {
        b.append("{\"task\":\"t").append(k).append("\",\"args\":[{\"data\":\"h").append(k % 7)
            .append("\",\"mode\":\"RW\"}]}\n");
        if (r % 10 == 9 && k == 16) {
          b.append("{\"task\":\"io\",\"kind\":\"untraceable\"}\n");
        }
      }
    }
    Path f = dir.resolve("io-loop.jsonl");
    Files.writeString(f, b);
    JsonNode rephased = json("analyze", f.toString(), "--json", "--rephase-at-breaks");
    JsonNode not = json("analyze", f.toString(), "--json", "--rephase-at-breaks=false");
    // re-phased, the loop is covered but for the untraceable call (0.985 at the time of writing);
    // without, its out-of-phase trace is kept and every break cuts an occurrence (0.925)
    assertThat(rephased.get("replayedOps").asLong()).isGreaterThan(not.get("replayedOps").asLong());
    // with the loop recorded whole over its replayed pieces (--keep-replayed=false), not re-phasing
    // records the out-of-phase trace and a piece of it before the loop is found in phase: more
    // recordings, which are not replays
    JsonNode rephasedWhole = json("analyze", f.toString(), "--json", "--rephase-at-breaks", "--keep-replayed=false");
    JsonNode notWhole = json("analyze", f.toString(), "--json", "--rephase-at-breaks=false", "--keep-replayed=false");
    assertThat(rephasedWhole.get("tracesRecorded").asLong()).isLessThan(notWhole.get("tracesRecorded").asLong());
    for (String flag : new String[] {"--loops-win", "--keep-replayed", "--phase-after-waits"}) {
      CliRun bad = CliRun.of("analyze", cg, flag + "=maybe");
      assertThat(bad.exitCode()).as(flag).isEqualTo(2);
      assertThat(bad.err()).contains(flag).doesNotContain("Exception");
    }
  }
}
