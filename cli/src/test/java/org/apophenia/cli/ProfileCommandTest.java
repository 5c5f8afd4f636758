package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run SAMPLE --profile DIR} and {@code analyze FILE --profile DIR} (README, "The event
 * recorder"): the files, one track per real thread, the merged time order, the categories chosen,
 * pj_dump's acceptance of the Paje file, and one-line errors for bad flags.
 */
class ProfileCommandTest {
  @Test
  void runWritesAChromeTraceWithATrackPerThreadInTimeOrder(@TempDir Path dir) throws Exception {
    CliRun r = CliRun.of("run", "jacobi", "--mode", "auto", "--iterations", "40", "--size", "16", "--json",
        "--profile", dir.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).contains("profile: ").contains("none dropped").contains("profile.json");
    JsonNode run = new ObjectMapper().readTree(r.out());
    JsonNode summary = run.get("profile");
    assertThat(summary.get("dropped").asLong()).isZero();
    assertThat(summary.get("written").asLong()).isEqualTo(summary.get("recorded").asLong()).isPositive();
    assertThat(new ObjectMapper().readTree(dir.resolve("profile-summary.json").toFile())).isEqualTo(summary);

    JsonNode trace = new ObjectMapper().readTree(dir.resolve("profile.json").toFile());
    JsonNode events = trace.get("traceEvents");
    Map<Integer, String> threadNames = new HashMap<>();
    Set<Integer> tracksUsed = new HashSet<>();
    Map<String, Integer> byName = new HashMap<>();
    double lastTs = -1;
    for (JsonNode e : events) {
      String ph = e.get("ph").asText();
      if (ph.equals("M")) {
        if (e.get("name").asText().equals("thread_name")) {
          assertThat(threadNames.put(e.get("tid").asInt(), e.get("args").get("name").asText())).isNull();
        }
        continue;
      }
      double ts = e.get("ts").asDouble();
      assertThat(ts).as("merged in timestamp order").isGreaterThanOrEqualTo(lastTs);
      lastTs = ts;
      tracksUsed.add(e.get("tid").asInt());
      byName.merge(e.get("name").asText().replaceAll(" \\d+$", ""), 1, Integer::sum);
    }
    assertThat(threadNames.values()).as("one track per real thread").doesNotHaveDuplicates().contains("main");
    assertThat(threadNames).hasSize(summary.get("threads").size());
    assertThat(threadNames.keySet()).containsAll(tracksUsed);
    long ops = run.get("ops").asLong();
    assertThat(byName.get("op")).as("an op slice per operation issued").isEqualTo((int) ops);
    assertThat(byName.get("forwarded")).isEqualTo((int) ops);
    assertThat(byName).containsKeys("tokenized", "matched", "analysis", "replay", "taken for replay", "trace",
        "runtime trace", "job queued", "job ingested", "mine", "blocking point", "wait");
    pjDumpAccepts(dir.resolve("profile.paje"), dir);
  }

  @Test
  void onlyTheChosenCategoriesAreRecorded(@TempDir Path dir) throws Exception {
    CliRun r = CliRun.of("run", "jacobi", "--iterations", "30", "--size", "16", "--profile", dir.toString(),
        "--profile-categories", "mining,waits", "--profile-overflow", "block", "--profile-buffer", "16");
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode trace = new ObjectMapper().readTree(dir.resolve("profile.json").toFile());
    Set<String> cats = new HashSet<>();
    for (JsonNode e : trace.get("traceEvents")) {
      if (!e.get("ph").asText().equals("M")) {
        cats.add(e.get("cat").asText());
      }
    }
    assertThat(cats).containsExactlyInAnyOrder("mining", "waits");
    assertThat(trace.get("otherData").get("dropped").asLong()).as("block loses nothing").isZero();
  }

  @Test
  void analyzeRecordsTheGlueAndTheMiningThread(@TempDir Path dir) throws Exception {
    Path capture = Path.of(System.getProperty("apophenia.root"), "cli/src/test/resources/starpu/cholesky-b16.txt");
    CliRun r = CliRun.of("analyze", capture.toString(), "--json", "--profile", dir.toString(),
        "--profile-overflow", "drop-oldest", "--profile-buffer", "64");
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode j = new ObjectMapper().readTree(r.out());
    JsonNode p = j.get("profile");
    assertThat(p.get("written").asLong() + p.get("dropped").asLong() + p.get("late").asLong())
        .as("every event recorded is written or counted").isEqualTo(p.get("recorded").asLong());
    if (p.get("dropped").asLong() > 0) {
      assertThat(r.err()).contains("DROPPED");
    }
    List<String> names = List.of("main", "apophenia-mining");
    JsonNode threads = p.get("threads");
    assertThat(threads.size()).isGreaterThanOrEqualTo(1);
    assertThat(names).contains(threads.get(0).get("name").asText());
    pjDumpAccepts(dir.resolve("profile.paje"), dir);
  }

  @Test
  void badProfileFlagsAreOneLineMistakes(@TempDir Path dir) {
    String[][] cases = {
        {"--profile-categories", "ops,minig", "--profile-categories: unknown category 'minig'"},
        {"--profile-overflow", "drop", "--profile-overflow: unknown overflow policy 'drop'"},
        {"--profile-buffer", "1", "--profile-buffer: buffer capacity must be 2 to"},
    };
    for (String[] c : cases) {
      CliRun r = CliRun.of("run", "jacobi", "--iterations", "2", "--profile", dir.resolve("p").toString(), c[0], c[1]);
      assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
      assertThat(r.err()).contains(c[2]).doesNotContain("Exception").doesNotContain("\tat ");
    }
    assertThat(dir.resolve("p")).as("nothing written").doesNotExist();
  }

  /** pj_dump (Debian's pajeng) reads the file without a complaint; skipped outside CI when it is missing. */
  static void pjDumpAccepts(Path paje, Path dir) throws Exception {
    String pjDump = null;
    for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      File f = new File(d, "pj_dump");
      if (f.canExecute()) {
        pjDump = f.getPath();
      }
    }
    if (pjDump == null) {
      if ("true".equals(System.getenv("CI"))) {
        fail("pj_dump (Debian package pajeng) is required under CI; .ci/run installs it");
      }
      Assumptions.abort("pj_dump not found on PATH: install Debian's pajeng to run this check");
    }
    Process p = new ProcessBuilder(pjDump, paje.toAbsolutePath().toString())
        .redirectError(dir.resolve("pj_dump.err").toFile())
        .redirectOutput(dir.resolve("pj_dump.out").toFile()).start();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      fail("pj_dump timed out");
    }
    String err = Files.readString(dir.resolve("pj_dump.err"));
    assertThat(p.exitValue()).as("pj_dump failed: " + err).isZero();
    assertThat(err.strip()).as("pj_dump complained").isEmpty();
    List<String> out = Files.readAllLines(dir.resolve("pj_dump.out"));
    assertThat(out.stream().filter(l -> l.startsWith("State")).count()).isPositive();
  }
}
