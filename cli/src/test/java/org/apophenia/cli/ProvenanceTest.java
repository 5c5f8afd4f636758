package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apophenia.autotrace.ApopheniaSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every output says what produced it (version, knobs, cost model with its parameters), and a value
 * that does not exist is null with a reason, never a sentinel number or word.
 */
class ProvenanceTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path dir;

  @Test
  void runsJsonAndSummaryCarryVersionKnobsAndCostModel() throws Exception {
    Path out = dir.resolve("out");
    CliRun r = CliRun.of("run", "jacobi", "--mode", "none", "--iterations", "6", "--size", "8", "--cost-model",
        "measured", "--json", "--out", out.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode j = JSON.readTree(r.out());
    JsonNode p = j.get("provenance");
    assertThat(p.get("tool").asText()).isEqualTo("apophenia");
    assertThat(p.get("version").asText()).isEqualTo(Provenance.version()).doesNotContain("${");
    assertThat(p.get("command").asText()).isEqualTo("run");
    assertThat(p.get("apopheniaRan").asBoolean()).as("mode none").isFalse();
    assertThat(p.get("knobs")).isEqualTo(JSON.valueToTree(ApopheniaSettings.defaults().echo()));
    assertThat(p.get("knobsChangedFromDefaults").size()).isZero();
    assertThat(p.get("costModel").get("name").asText()).isEqualTo("measured");
    assertThat(p.get("costModel").get("parameters").get("scale").asDouble()).isEqualTo(1.0);
    assertThat(p.get("costModel").get("description").asText()).isEqualTo(j.get("costModelParameters").asText());
    assertThat(JSON.readTree(out.resolve("summary.json").toFile()).get("provenance")).isEqualTo(p);
    // mode none replays nothing: no warm-up point, said so
    assertThat(j.get("warmupIterations").isNull()).isTrue();
    assertThat(j.get("warmupIterationsReason").asText()).isEqualTo("nothing is traced in mode none");
    // the CSV's untraced operations have an empty trace id, not -1
    List<String> csv = Files.readAllLines(out.resolve("trace-search.csv"));
    assertThat(csv.get(0)).startsWith("index,token,traced,trace_id,");
    assertThat(csv.subList(1, csv.size())).allMatch(l -> l.split(",", -1)[3].isEmpty(), "untraced: empty trace_id")
        .noneMatch(l -> l.contains(",-1,"));
    JsonNode legion = JSON.readTree(CliRun.of("run", "jacobi", "--iterations", "6", "--size", "8", "--json").out())
        .get("provenance").get("costModel");
    assertThat(legion.get("name").asText()).isEqualTo("legion");
    assertThat(legion.get("parameters").get("perPointNanos").asLong()).isPositive();
  }

  @Test
  void runsTableStartsWithTheHeaderLine() {
    CliRun r = CliRun.of("run", "jacobi", "--iterations", "6", "--size", "8");
    assertThat(r.out().lines().findFirst().orElse(""))
        .startsWith("apophenia " + Provenance.version() + " run; knobs: the defaults; cost model legion (");
  }

  @Test
  void figuresAndBenchOutputsCarryItToo() throws Exception {
    JsonNode bench = JSON.readTree(CliRun.of("bench", "--quick", "--only", "4", "--json").out());
    assertThat(bench.get("provenance").get("version").asText()).isEqualTo(Provenance.version());
    assertThat(bench.get("provenance").get("costModel").get("name").asText()).isEqualTo("legion");
    Path out = dir.resolve("bench");
    CliRun withOut = CliRun.of("bench", "--quick", "--only", "4", "--out", out.toString());
    assertThat(withOut.exitCode()).as(withOut.err()).isZero();
    assertThat(withOut.out().lines().findFirst().orElse("")).startsWith("apophenia " + Provenance.version() + " bench");
    assertThat(JSON.readTree(out.resolve("bench.json").toFile()).get("provenance").get("knobs").size())
        .isEqualTo(ApopheniaSettings.defaults().echo().size());
    assertThat(JSON.readTree(out.resolve("provenance.json").toFile()).get("command").asText()).isEqualTo("bench --quick");
  }

  @Test
  void theSuggestedJitWarmupIsOneTheFlagAccepts() {
    assertThat(RunCommand.jitAdvice(1000)).isEqualTo("--jit-warmup 99 measures compiled code");
    for (long ops : new long[] {1, 2, 34, 99, 100, 101, 5000, 1_000_000}) {
      String advice = RunCommand.jitAdvice(ops);
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("--jit-warmup (\\d+)").matcher(advice);
      assertThat(m.find()).as(advice).isTrue();
      assertThat(Long.parseLong(m.group(1))).as(ops + " ops: " + advice).isBetween(1L, Limits.JIT_WARMUP.max());
    }
    assertThat(RunCommand.jitAdvice(34)).contains("more --iterations");
  }
}
