package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * {@code run --scheduler} (README, "Work stealing, recorded and replayed"): the JSON's
 * {@code bytesMoved} and {@code scheduler} object, the same checksum under every scheduler, the
 * default unchanged, and a one-line error for an unknown policy.
 */
class SchedulerFlagsTest {
  private static JsonNode run(String... scheduler) throws Exception {
    String[] base = {"run", "jacobi", "--machine", "perlmutter:1", "--tiles", "6", "--size", "48", "--iterations",
        "30", "--cost-model", "none", "--json"};
    String[] args = java.util.Arrays.copyOf(base, base.length + scheduler.length);
    System.arraycopy(scheduler, 0, args, base.length, scheduler.length);
    CliRun r = CliRun.of(args);
    assertThat(r.exitCode()).as(r.err()).isZero();
    return new ObjectMapper().readTree(r.out());
  }

  @Test
  void theJsonSaysWhatStealingDidAndTheResultsAgree() throws Exception {
    JsonNode mapped = run();
    JsonNode live = run("--scheduler", "work-stealing", "--steal-seed", "5");
    JsonNode replay = run("--scheduler", "work-stealing-replay", "--steal-seed", "5");
    assertThat(mapped.get("scheduler").get("name").asText()).isEqualTo("mapped");
    assertThat(mapped.get("scheduler").get("steals").asLong()).isZero();
    assertThat(live.get("scheduler").get("name").asText()).isEqualTo("work-stealing");
    assertThat(live.get("scheduler").get("seed").asLong()).isEqualTo(5);
    assertThat(live.get("scheduler").get("steals").asLong()).isPositive();
    JsonNode logs = replay.get("scheduler").get("stealLogs");
    assertThat(replay.get("scheduler").get("name").asText()).isEqualTo("work-stealing-replay");
    assertThat(logs.get("enforced").asLong() + logs.get("deferred").asLong()).isPositive();
    assertThat(logs.get("tasksPlacedLive").isIntegralNumber()).isTrue();
    assertThat(logs.get("fellBack").asLong()).isEqualTo(logs.get("fallbacks").get("otherMachine").asLong()
        + logs.get("fallbacks").get("mismatched").asLong());
    for (JsonNode j : new JsonNode[] {live, replay}) {
      assertThat(j.get("checksum")).isEqualTo(mapped.get("checksum"));
      assertThat(j.get("bytesMoved").isIntegralNumber()).isTrue();
    }
  }

  @Test
  void anUnknownPolicyIsOneLineWithExitCode2() {
    CliRun bad = CliRun.of("run", "jacobi", "--scheduler", "greedy");
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err()).contains("--scheduler must be mapped, work-stealing or work-stealing-replay, got 'greedy'")
        .doesNotContain("Exception");
    assertThat(bad.err().lines().count()).isEqualTo(1);
  }
}
