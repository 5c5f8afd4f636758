package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code repeats} command's contract (README, "Non-overlapping repeats"): text and JSON output, token files, errors. */
class RepeatsCommandTest {
  @TempDir Path dir;

  @Test
  void figure4AsJson() {
    CliRun run = CliRun.of("repeats", "--text", "aabcbcbaa", "--min-length", "1", "--json");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out().strip()).isEqualTo("{\"length\":9,\"covered\":8,\"repeats\":["
        + "{\"length\":2,\"starts\":[0,7],\"text\":\"aa\"},{\"length\":2,\"starts\":[2,4],\"text\":\"bc\"}]}");
    assertThat(run.err()).isEmpty();
  }

  @Test
  void readableTable() {
    CliRun run = CliRun.of("repeats", "--text", "named banana ban", "--min-length", "2");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("16 tokens, 12 covered by 2 repeats (75.0%)");
    assertThat(run.out().lines().filter(l -> l.contains("\" ban\"") && l.contains("5,12")).count()).isEqualTo(1);
    assertThat(run.out().lines().filter(l -> l.contains("\"na\"") && l.contains("0,10")).count()).isEqualTo(1);
  }

  @Test
  void tokenFileSkipsBlankLinesAndComments() throws IOException {
    Path file = dir.resolve("tokens.txt");
    Files.writeString(file, "# a loop of three tasks, twice\nload\nstep\n\nstore\nload\nstep\nstore\n   \nflush\n");
    CliRun json = CliRun.of("repeats", "--tokens", file.toString(), "--min-length", "2", "--json");
    assertThat(json.exitCode()).isZero();
    assertThat(json.out().strip())
        .isEqualTo("{\"length\":7,\"covered\":6,\"repeats\":[{\"length\":3,\"starts\":[0,3]}]}");
    CliRun table = CliRun.of("repeats", "--tokens", file.toString(), "--min-length", "2");
    assertThat(table.out()).contains("load step store");
  }

  @Test
  void maximumLengthSplitsLongRepeats() {
    CliRun run = CliRun.of("repeats", "--text", "abcdabcdabcdabcd", "--min-length", "2", "--max-length", "2", "--json");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("{\"length\":2,\"starts\":[0,4,8,12],\"text\":\"ab\"}");
  }

  @Test
  void mistakesGiveOneLineAndExitCode2() {
    assertOneLineError(CliRun.of("repeats", "--text", "abc", "--min-length", "0"), "--min-length must be at least 1");
    assertOneLineError(CliRun.of("repeats", "--tokens", dir.resolve("missing.txt").toString()), "no such file");
    assertOneLineError(CliRun.of("repeats"), "Missing required argument");
    assertOneLineError(CliRun.of("repeats", "--text", "a", "--tokens", "f"), "mutually exclusive");
    assertOneLineError(CliRun.of("repeats", "--text", "abc", "--min-length", "3", "--max-length", "2"),
        "--max-length 2 is below --min-length 3");
    assertOneLineError(CliRun.of("repeats", "--text", "abc", "--min-length", "x"), "--min-length");
    assertOneLineError(CliRun.of("nonsense"), "nonsense");
  }

  private static void assertOneLineError(CliRun run, String mentions) {
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err().lines().count()).as(run.err()).isEqualTo(1);
    assertThat(run.err()).contains(mentions).doesNotContain("Exception").doesNotContain("\tat ");
    assertThat(run.out()).isEmpty();
  }
}
