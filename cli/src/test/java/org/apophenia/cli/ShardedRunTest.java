package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Control-replicated shards as processes (README, "Running on more than one node"): the shards'
 * decision logs are byte-identical and their results' checksums are a one-process run's, with one
 * shard's mining slowed at random and the shards started at different times; a shard that dies or
 * stalls makes the others fail, naming it, and leaves nothing written. Every shard is a JVM on this
 * machine, talking over loopback TCP; every test ends with no process of its own left alive.
 */
class ShardedRunTest {
  private static final String[] JACOBI = {"run", "jacobi", "--iterations", "60", "--size", "16"};
  private static final ObjectMapper JSON = new ObjectMapper();

  @AfterEach
  void noShardOutlivesItsTest() {
    assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList())
        .as("processes this test started and left alive").isEmpty();
  }

  private static String oneProcessChecksum() throws Exception {
    CliRun one = CliRun.of(concat(JACOBI, "--json"));
    assertThat(one.exitCode()).as(one.err()).isZero();
    return JSON.readTree(one.out()).get("checksum").asText();
  }

  @Test
  void twoShardsOneSlowedDecideAlikeAndComputeWhatOneProcessDoes(@TempDir Path out) throws Exception {
    CliRun r = CliRun.of(concat(JACOBI, "--json", "--shards", "2", "--out", out.toString(),
        "--shard-test-slow-mining", "1:40"));
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode j = JSON.readTree(r.out());
    assertThat(j.get("decisionsIdentical").asBoolean()).isTrue();
    assertThat(j.get("checksumsEqual").asBoolean()).isTrue();
    assertThat(j.get("checksum").asText()).isEqualTo(oneProcessChecksum());
    assertThat(j.get("knobs").get("adaptiveWait").asBoolean()).as("the interval doubles when a shard waited").isTrue();
    JsonNode[] shards = {j.get("shardRuns").get(0), j.get("shardRuns").get(1)};
    for (JsonNode s : shards) {
      assertThat(s.get("collectives").asLong()).isPositive().isEqualTo(shards[0].get("collectives").asLong());
      assertThat(s.get("collectiveNanos").asLong()).isPositive();
      assertThat(s.get("waitIntervalDoublings").asLong()).as("agreed by every shard")
          .isEqualTo(shards[0].get("waitIntervalDoublings").asLong());
    }
    assertThat(shards[0].get("waitIntervalDoublings").asLong()).as("the slowed shard made everyone wait").isPositive();
    byte[] zero = Files.readAllBytes(out.resolve("decisions-shard-0.csv"));
    assertThat(new String(zero)).startsWith("op,trace,marker\n").contains(",begin\n").contains(",end\n");
    assertThat(Files.readAllBytes(out.resolve("decisions-shard-1.csv"))).isEqualTo(zero);
    assertThat(out.resolve("summary.json")).as("shard 0's reports").exists();
    assertThat(hidden(out)).as("the launcher's working files are gone").isEmpty();
  }

  @Test
  void fourShardsStartedAtDifferentTimesOneSlowedDecideAlike(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("out");
    String group = "test-" + UUID.randomUUID();
    List<Process> shards = new ArrayList<>();
    try {
      for (int k = 0; k < 4; k++) {
        List<String> cmd = new ArrayList<>(ShardLauncher.javaCommand());
        cmd.addAll(List.of(concat(JACOBI, "--json", "--shards", "4", "--shard", String.valueOf(k), "--shard-dir",
            dir.resolve("discovery").toString(), "--shard-group", group, "--out", out.toString(),
            "--shard-test-slow-mining", "2:40")));
        shards.add(new ProcessBuilder(cmd).redirectOutput(dir.resolve("out-" + k + ".json").toFile())
            .redirectError(dir.resolve("err-" + k + ".txt").toFile()).start());
        Thread.sleep(700); // each shard starts 0.7 s after the one before it
      }
      for (int k = 0; k < 4; k++) {
        assertThat(shards.get(k).waitFor(120, TimeUnit.SECONDS)).as("shard " + k + " finished").isTrue();
        assertThat(shards.get(k).exitValue()).as(Files.readString(dir.resolve("err-" + k + ".txt"))).isZero();
      }
    } finally {
      for (Process p : shards) {
        p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    }
    String checksum = oneProcessChecksum();
    byte[] zero = Files.readAllBytes(out.resolve("decisions-shard-0.csv"));
    assertThat(zero.length).isGreaterThan("op,trace,marker\n".length());
    for (int k = 0; k < 4; k++) {
      JsonNode j = JSON.readTree(dir.resolve("out-" + k + ".json").toFile());
      assertThat(j.get("shard").asInt()).isEqualTo(k);
      assertThat(j.get("decisionsAgreed").asBoolean()).isTrue();
      assertThat(j.get("checksum").asText()).isEqualTo(checksum);
      assertThat(Files.readAllBytes(out.resolve("decisions-shard-" + k + ".csv"))).as("shard " + k + "'s log")
          .isEqualTo(zero);
    }
  }

  @Test
  void aShardThatDiesStopsTheOthersWhoNameItAndNothingIsWritten(@TempDir Path out) {
    CliRun r = CliRun.of(concat(JACOBI, "--shards", "3", "--out", out.toString(), "--shard-test-die", "1:3"));
    // three shards: the one that dies, and two others that must both stop
    assertThat(r.exitCode()).as(r.err()).isEqualTo(3);
    assertThat(r.err()).contains("shard 0: apophenia run: error: shard 1 of 3 (pid ")
        .contains("left the group (it died or was cut off) before contributing to collective #3")
        .contains("shard 1 died (exit code " + ShardFaults.DIED + ")");
    assertThat(files(out)).as("nothing half-written").isEmpty();
  }

  @Test
  void aCollectiveThatTimesOutSaysWhomItWaitedForAndHowLong(@TempDir Path out) {
    CliRun r = CliRun.of(concat(JACOBI, "--shards", "2", "--out", out.toString(), "--shard-test-stall", "1:2",
        "--shard-timeout", "PT1S"));
    assertThat(r.exitCode()).as(r.err()).isEqualTo(3);
    assertThat(r.err()).containsPattern("shard 0: apophenia run: error: collective #2 timed out: shard 0 waited 1\\.\\d s "
        + "for shard 1 of 2 \\(pid \\d+ on .+\\), which had not contributed \\(--shard-timeout PT1S\\)")
        .contains("shard 1 was stopped by the launcher");
    assertThat(files(out)).as("nothing half-written").isEmpty();
  }

  @Test
  void analyzeAsShardsDecidesAlikeOnACapture() throws Exception {
    String capture = Path.of(System.getProperty("apophenia.root"), "cli/src/test/resources/starpu/cholesky-b16.txt")
        .toString();
    CliRun one = CliRun.of("analyze", capture, "--json");
    CliRun r = CliRun.of("analyze", capture, "--json", "--shards", "2");
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode j = JSON.readTree(r.out());
    assertThat(j.get("decisionsIdentical").asBoolean()).isTrue();
    assertThat(j.get("ops").asLong()).isEqualTo(JSON.readTree(one.out()).get("ops").asLong());
    assertThat(j.get("collectives").asLong()).isPositive();
    assertThat(j.get("miningWaitIntervalDoublings").asLong()).isEqualTo(j.get("waitIntervalDoublings").asLong());
  }

  @Test
  void shardFlagsAreCheckedBeforeAnythingStarts() {
    String[][] cases = {
        {"--shards", "0"}, {"--shards", "65"}, {"--shard", "0"}, {"--shards", "2", "--shard", "2", "--shard-dir", "x"},
        {"--shards", "2", "--shard", "0"}, {"--shards", "2", "--shard-dir", "x"},
        {"--shards", "2", "--shard", "1", "--shard-hosts", "localhost:7800"},
        {"--shards", "2", "--shard", "1", "--shard-hosts", "localhost:7800,localhost:0"},
        {"--shards", "2", "--shard-timeout", "PT0S"}, {"--shards", "2", "--shard-test-die", "1"}};
    String[] messages = {"--shards must be 1..64, got 0", "--shards must be 1..64, got 65", "need --shards N",
        "--shard must be 0..1 for --shards 2, got 2", "give --shard-hosts (one HOST:PORT per shard) or --shard-dir",
        "are for shards started one by one with --shard K", "needs 2 HOST:PORT entries, one per shard, got 1",
        "'localhost:0' is not HOST:PORT with a port 1..65535", "--shard-timeout must be positive",
        "--shard-test-die must be K:N"};
    for (int i = 0; i < cases.length; i++) {
      CliRun r = CliRun.of(concat(JACOBI, cases[i]));
      assertThat(r.exitCode()).as(String.join(" ", cases[i]) + ": " + r.err()).isEqualTo(2);
      assertThat(r.err()).as(String.join(" ", cases[i])).contains(messages[i]).doesNotContain("\tat ");
    }
  }

  private static String[] concat(String[] a, String... b) {
    String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }

  private static List<String> files(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(p -> !p.equals(dir)).map(Path::toString).toList();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Hidden files but the lock every file set keeps beside its files (FileSet: two runs never install at once). */
  private static List<String> hidden(Path dir) {
    return files(dir).stream().map(File::new).map(File::getName)
        .filter(n -> n.startsWith(".") && !n.equals(".apophenia-lock")).toList();
  }
}
