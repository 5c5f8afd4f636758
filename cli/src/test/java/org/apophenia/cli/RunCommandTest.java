package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apophenia.autotrace.ApopheniaSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code run} command's contract (README, "Running the samples"): JSON fields, dumps, one-line user errors. */
class RunCommandTest {
  @Test
  void jsonHasTheIssuesFields() throws Exception {
    CliRun r = CliRun.of("run", "jacobi", "--mode", "auto", "--iterations", "40", "--size", "16", "--json");
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode j = new ObjectMapper().readTree(r.out());
    for (String f : new String[] {"sample", "mode", "iterations", "ops", "tracedOps", "replayedOps", "coverage",
        "tracesRecorded", "tracesNeverReplayed", "checksum", "analysisNanos", "wallNanos", "simulatedMakespanNanos", "warmupIterations"}) {
      assertThat(j.has(f)).as(f).isTrue();
    }
    assertThat(j.get("sample").asText()).isEqualTo("jacobi");
    assertThat(j.get("mode").asText()).isEqualTo("auto");
    assertThat(j.get("iterations").asInt()).isEqualTo(40);
    assertThat(j.get("tracedOps").asLong()).isPositive();
    assertThat(j.get("checksum").asText()).as("SHA-256, hex").matches("[0-9a-f]{64}");
    for (String f : new String[] {"ops", "tracedOps", "replayedOps", "tracesRecorded", "tracesNeverReplayed",
        "analysisNanos", "wallNanos", "simulatedMakespanNanos", "warmupIterations"}) {
      assertThat(j.get(f).isIntegralNumber()).as(f + " is a whole number: " + j.get(f)).isTrue();
    }
    assertThat(j.get("replayedOps").asLong()).isBetween(1L, j.get("tracedOps").asLong());
    assertThat(j.get("tracedOps").asLong()).isLessThanOrEqualTo(j.get("ops").asLong());
    assertThat(j.get("coverage").asDouble()).isEqualTo((double) j.get("tracedOps").asLong() / j.get("ops").asLong());
    assertThat(j.get("analysisNanos").asLong()).isPositive();
    assertThat(j.get("simulatedMakespanNanos").asLong()).isPositive();
    assertThat(j.get("warmupIterations").asInt()).isBetween(0, 39);
    for (String w : new String[] {"steadyState", "whole"}) {
      assertGcPause(j.get("perOp").get(w), w);
    }
    assertThat(j.get("compiled").asBoolean()).as("a 40-iteration run of a few hundred ops").isFalse();
    assertThat(j.get("knobs")).as("auto: the settings Apophenia ran with")
        .isEqualTo(new ObjectMapper().valueToTree(ApopheniaSettings.defaults().echo()));
    JsonNode none = new ObjectMapper().readTree(
        CliRun.of("run", "jacobi", "--mode", "none", "--iterations", "4", "--size", "16", "--json").out());
    assertThat(none.has("knobs")).as("no Apophenia, no knobs").isFalse();
    CliRun text = CliRun.of("run", "jacobi", "--iterations", "40", "--size", "16");
    assertThat(text.out()).contains("not compiled yet").contains("--jit-warmup");
  }

  /**
   * The window's garbage-collection pauses ({@code gcPause}, per op of the window) are measured: a
   * number, never negative, and whole milliseconds over the window's ops (the JVM reports collection
   * time in milliseconds), not a figure made up or left out.
   */
  static void assertGcPause(JsonNode window, String name) {
    JsonNode g = window.get("gcPause");
    assertThat(g != null && g.isNumber()).as(name + ": gcPause is a number: " + g).isTrue();
    double millis = g.asDouble() * window.get("ops").asLong() / 1e6;
    assertThat(millis).as(name + ": gcPause over the window, ms").isGreaterThanOrEqualTo(0.0)
        .isCloseTo(Math.rint(millis), org.assertj.core.api.Assertions.within(1e-6));
  }

  @Test
  void theGcPauseCheckRefusesWhatIsNotAMeasuredPause() throws Exception {
    // a test of the test: each of these passed the old check (asDouble() >= 0)
    ObjectMapper m = new ObjectMapper();
    for (String bad : new String[] {"{\"ops\": 4}", "{\"ops\": 4, \"gcPause\": null}",
        "{\"ops\": 4, \"gcPause\": \"n/a\"}", "{\"ops\": 4, \"gcPause\": 100.0}"}) {
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> assertGcPause(m.readTree(bad), "stub"))
          .as(bad).isInstanceOf(AssertionError.class);
    }
    assertGcPause(m.readTree("{\"ops\": 4, \"gcPause\": 0.0}"), "no pause");
    assertGcPause(m.readTree("{\"ops\": 4, \"gcPause\": 1250000.0}"), "a 5 ms pause");
  }

  @Test
  void outWritesTheDumpsAndTimelines(@TempDir Path dir) throws Exception {
    CliRun r = CliRun.of("run", "jacobi", "--iterations", "30", "--size", "16", "--out", dir.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    for (String f : new String[] {"summary.json", "traces.json", "trace-search.csv", "trace-search.png", "mining.csv",
        "timeline.json", "timeline.paje"}) {
      assertThat(Files.exists(dir.resolve(f))).as(f).isTrue();
    }
    assertThat(r.out()).contains("checksum");
    assertThat(new ObjectMapper().readTree(dir.resolve("summary.json").toFile()).get("knobs"))
        .isEqualTo(new ObjectMapper().valueToTree(ApopheniaSettings.defaults().echo()));
    org.apophenia.cli.output.FileSet.Found set = org.apophenia.cli.output.FileSet.read(dir);
    assertThat(set.status()).as(set.problem()).isEqualTo(org.apophenia.cli.output.FileSet.Status.WHOLE);
    assertThat(set.manifest().names()).containsExactlyInAnyOrderElementsOf(SampleRunSupport.RUN_FILES);
  }

  @Test
  void mistakesAreOneLineWithExitCode2() {
    CliRun unknown = CliRun.of("run", "nosuch");
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.err()).contains("unknown sample 'nosuch'").doesNotContain("Exception");
    CliRun mode = CliRun.of("run", "jacobi", "--mode", "sometimes");
    assertThat(mode.exitCode()).isEqualTo(2);
    assertThat(mode.err()).contains("mode must be none, manual or auto");
    CliRun machine = CliRun.of("run", "jacobi", "--machine", "cray");
    assertThat(machine.exitCode()).isEqualTo(2);
    assertThat(machine.err().lines().count()).isEqualTo(1);
  }

  @Test
  void jitWarmupRunsChangeNoTraceAndNoResult() throws Exception {
    ObjectMapper m = new ObjectMapper();
    String[] args = {"run", "stencil", "--mode", "auto", "--iterations", "30", "--json"};
    JsonNode cold = m.readTree(CliRun.of(args).out());
    CliRun warmRun = CliRun.of(concat(args, "--jit-warmup", "2"));
    assertThat(warmRun.exitCode()).as(warmRun.err()).isZero();
    JsonNode warm = m.readTree(warmRun.out());
    assertThat(warm.get("jitWarmupRuns").asInt()).isEqualTo(2);
    assertThat(cold.get("jitWarmupRuns").asInt()).isZero();
    for (String f : new String[] {"checksum", "ops", "tracedOps", "replayedOps", "tracesRecorded", "replays",
        "warmupIterations"}) {
      assertThat(warm.get(f)).as(f).isEqualTo(cold.get(f));
    }
    CliRun bad = CliRun.of("run", "stencil", "--jit-warmup", "-1");
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err()).contains("--jit-warmup must be 0..1000, got -1").doesNotContain("Exception");
  }

  private static String[] concat(String[] a, String... b) {
    String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }

  @Test
  void noArgumentsRunsTheDemo(@TempDir Path dir) {
    CliRun r = CliRun.of("demo", "--out", dir.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("checksums equal").contains("coverage").contains("include compiling the code");
    assertThat(Files.exists(dir.resolve("trace-search.png"))).isTrue();
    assertThat(org.apophenia.cli.output.FileSet.read(dir).status())
        .isEqualTo(org.apophenia.cli.output.FileSet.Status.WHOLE);
  }
}
