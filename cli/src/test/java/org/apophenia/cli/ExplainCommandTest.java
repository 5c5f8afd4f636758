package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;
import org.apophenia.autotrace.Reason;

/**
 * {@code --explain} on {@code analyze} and {@code run} (README, "Why was this not traced?"): one
 * reason per operation not replayed, the counts per reason adding up exactly to the operations not
 * replayed that the summary reports on its own (ops − replayedOps), none unexplained; as many rows
 * in {@code explain.csv}, with the same counts; the reasons on their own track of {@code run}'s
 * {@code timeline.json}; and no decision changed by asking.
 */
class ExplainCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> DECISIONS =
      List.of("ops", "tracedOps", "replayedOps", "tracesRecorded", "replays", "firstReplayOp");
  private Path dir;

  @BeforeProperty
  void makeDir() throws IOException {
    dir = Files.createTempDirectory("apophenia-explain");
  }

  @AfterProperty
  void removeDir() throws IOException {
    try (var s = Files.walk(dir)) {
      s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  /** The checks on one summary (and its explain.csv, if {@code csv} is not null). */
  static void addsUp(JsonNode summary, Path csv) throws IOException {
    JsonNode e = summary.get("explain");
    long notReplayed = summary.get("ops").asLong() - summary.get("replayedOps").asLong();
    assertThat(e.get("opsNotReplayed").asLong()).isEqualTo(notReplayed);
    assertThat(e.get("unexplained").asLong()).isZero();
    long sum = 0;
    Map<String, Long> counts = new HashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = e.get("reasons").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> f = it.next();
      sum += f.getValue().asLong();
      counts.put(f.getKey(), f.getValue().asLong());
    }
    assertThat(sum).isEqualTo(notReplayed);
    assertThat(counts.keySet()).hasSize(Reason.values().length);
    if (csv != null) {
      List<String> rows = Files.readAllLines(csv, StandardCharsets.UTF_8);
      assertThat(rows.get(0)).isEqualTo("op,token,reason,detail");
      assertThat(rows).hasSize((int) notReplayed + 1);
      Map<String, Long> inFile = new HashMap<>();
      long last = -1;
      for (String row : rows.subList(1, rows.size())) {
        String[] cells = row.split(",", -1);
        assertThat(cells).hasSize(4);
        assertThat(Long.parseLong(cells[0])).as("rows in op order").isGreaterThan(last);
        last = Long.parseLong(cells[0]);
        inFile.merge(cells[2], 1L, Long::sum);
      }
      counts.values().removeIf(v -> v == 0);
      assertThat(inFile).isEqualTo(counts);
    }
  }

  @org.junit.jupiter.api.Test
  void everyCaptureAddsUpAndAskingChangesNoDecision() throws IOException {
    Path tmp = Files.createTempDirectory("apophenia-explain");
    for (String capture : List.of("cg-b4-i100-clean", "cholesky-b16", "lu-b8", "minmax-reduction", "pipeline")) {
      String file = "src/test/resources/starpu/" + capture + ".txt";
      Path out = tmp.resolve(capture);
      CliRun run = CliRun.of("analyze", file, "--json", "--explain", "--out", out.toString());
      assertThat(run.exitCode()).as(run.err()).isZero();
      JsonNode s = JSON.readTree(run.out());
      addsUp(s, out.resolve("explain.csv"));
      assertThat(JSON.readTree(out.resolve("summary.json").toFile()).get("explain")).isEqualTo(s.get("explain"));
      assertThat(JSON.readTree(out.resolve("manifest.json").toFile()).toString()).contains("explain.csv");
      JsonNode plain = AnalyzeCommandTest.json("analyze", file, "--json");
      for (String f : DECISIONS) {
        assertThat(s.get(f)).as(capture + " " + f).isEqualTo(plain.get(f));
      }
    }
  }

  @Provide
  Arbitrary<Long> seeds() {
    return Arbitraries.longs();
  }

  /** Over generated noisy loops with comments, blank lines and no-ops, the counts add up exactly. */
  @Property(tries = 20)
  void theCountsAddUpToTheOpsNotReplayed(@ForAll("seeds") long seed) throws IOException {
    String input = MarkedStreamProperties.stream(seed);
    Path file = dir.resolve("s" + seed + ".txt");
    Files.write(file, input.getBytes(StandardCharsets.UTF_8));
    Path out = dir.resolve("out" + seed);
    CliRun run = CliRun.of("analyze", file.toString(), "--json", "--explain", "--out", out.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    addsUp(JSON.readTree(run.out()), out.resolve("explain.csv"));
  }

  @org.junit.jupiter.api.Test
  void runExplainsEveryOpNotReplayedAndPutsTheReasonsOnTheTimeline() throws IOException {
    Path tmp = Files.createTempDirectory("apophenia-explain-run");
    for (String sample : List.of("jacobi", "s3d")) {
      Path out = tmp.resolve(sample);
      CliRun run = CliRun.of("run", sample, "--iterations", "30", "--json", "--explain", "--out", out.toString());
      assertThat(run.exitCode()).as(run.err()).isZero();
      JsonNode s = JSON.readTree(run.out());
      addsUp(s, out.resolve("explain.csv"));
      JsonNode timeline = JSON.readTree(out.resolve("timeline.json").toFile());
      long onTimeline = 0;
      for (JsonNode ev : timeline.get("traceEvents")) {
        if ("explain".equals(ev.path("cat").asText())) {
          onTimeline += ev.get("args").get("count").asLong();
        }
      }
      assertThat(onTimeline).as(sample).isEqualTo(s.get("explain").get("opsNotReplayed").asLong());
      JsonNode plain = JSON.readTree(CliRun.of("run", sample, "--iterations", "30", "--json").out());
      for (String f : List.of("ops", "tracedOps", "replayedOps", "tracesRecorded", "replays", "checksum")) {
        assertThat(s.get(f)).as(sample + " " + f).isEqualTo(plain.get(f));
      }
    }
  }
}
