package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apophenia.cli.streams.TextInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Input is read strictly: digits are ASCII (in flags, presets and captures), numbers are finite (in
 * task streams, machine files and {@code bench.json}), file endings are matched without case,
 * skipping malformed input gives up after a stated number of lines or bytes in a row, and an empty
 * path is named as empty. Each case is one line and exit 2 ({@link Fuzz#check}); the fuzz corpus
 * holds their files.
 */
class StrictInputTest {
  @TempDir Path tmp;

  @Test
  void digitsAreAsciiDigitsEverywhere() throws IOException {
    Path ar = Files.write(tmp.resolve("arabic.txt"), "scal 0x1:\u0661\n".getBytes(StandardCharsets.UTF_8));
    assertThat(Fuzz.check(tmp, "analyze", ar.toString()).err())
        .contains(ar + ":1: access mode '\u0661' of argument 1 is not an integer (digits are ASCII 0-9)");
    assertThat(Fuzz.check(tmp, "run", "jacobi", "--size", "\u0661\u0666").err())
        .contains("'\u0661\u0666' is not an int: the digit '\u0661' at character 1 is not ASCII");
    assertThat(Fuzz.check(tmp, "repeats", "--text", "abab", "--min-length", "\uff12").err()).contains("is not ASCII");
    assertThat(Fuzz.check(tmp, "machines", "perlmutter:\u0968").err())
        .contains("node count '\u0968' is not an integer written with the digits 0-9");
  }

  @Test
  void aNumberBeyondADoubleIsRefusedWithItsLineAndColumn() throws IOException {
    Path a = Files.writeString(tmp.resolve("a.jsonl"),
        "{\"task\":\"t\",\"args\":[{\"data\":\"x\",\"mode\":\"R\",\"projection\":1e400}]}\n");
    assertThat(Fuzz.check(tmp, "analyze", a.toString()).err())
        .contains(a + ":1: the number 1e400 at column 57 is not finite");
    Path m = Files.writeString(tmp.resolve("m.json"),
        new String(Fuzz.resource("valid/workstation.json"), StandardCharsets.UTF_8).replaceFirst("\"gflops\": [0-9.]+",
            "\"gflops\": -1e401"));
    assertThat(Fuzz.check(tmp, "machines", "--validate", m.toString()).err())
        .containsPattern("line \\d+, column \\d+: the number -1e401 is not finite");
    Path bench = Files.createDirectories(tmp.resolve("bench"));
    Files.writeString(bench.resolve("bench.json"), "{\"groups\": [{\"number\": 4, \"ms\": 1e999}]}\n");
    assertThat(Fuzz.check(tmp, "bench", "--only", "4", "--out", bench.toString()).err())
        .contains("the number 1e999 at line 1, column 33 is not finite");
  }

  @Test
  void fileEndingsAreMatchedWithoutCase() throws IOException {
    byte[] jsonl = Fuzz.resource("valid/stream.jsonl");
    Path lower = Files.write(tmp.resolve("s.jsonl"), jsonl);
    Path upper = Files.write(tmp.resolve("S.JSONL"), jsonl);
    ObjectMapper json = new ObjectMapper();
    CliRun a = Fuzz.check(tmp, "analyze", lower.toString(), "--json");
    CliRun b = Fuzz.check(tmp, "analyze", upper.toString(), "--json");
    assertThat(b.exitCode()).as(b.err()).isZero();
    assertThat(json.readTree(b.out()).get("coverage")).isEqualTo(json.readTree(a.out()).get("coverage"));
    assertThat(json.readTree(b.out()).get("coverage").asDouble()).isPositive();
  }

  @Test
  void skippingMalformedInputGivesUpAfterTheStatedLinesOrBytesInARow() throws IOException {
    Path zero = Path.of("/dev/zero");
    if (Files.exists(zero)) { // an endless line of NUL bytes: read forever before
      assertThat(Fuzz.check(tmp, "analyze", zero.toString(), "--skip-malformed").err())
          .contains("gave up skipping malformed input after 1 malformed line (" + (TextInput.MAX_SKIPPED_BYTES + 1)
              + " bytes) in a row");
    }
    String good = "scal 0x1:3\n";
    String bad = "scal 0x1:RW\n";
    Path justUnder = Files.writeString(tmp.resolve("under.txt"),
        good + bad.repeat(TextInput.MAX_SKIPPED_LINES) + good + bad.repeat(TextInput.MAX_SKIPPED_LINES) + good);
    CliRun ok = Fuzz.check(tmp, "analyze", justUnder.toString(), "--skip-malformed", "--json");
    assertThat(ok.exitCode()).as(ok.err()).isZero();
    assertThat(ok.out()).contains("\"skippedLines\":" + 2 * TextInput.MAX_SKIPPED_LINES);
    Path over = Files.writeString(tmp.resolve("over.txt"), good + bad.repeat(TextInput.MAX_SKIPPED_LINES + 1) + good);
    assertThat(Fuzz.check(tmp, "analyze", over.toString(), "--skip-malformed").err())
        .contains(over + ":" + (TextInput.MAX_SKIPPED_LINES + 2) + ": gave up skipping malformed input after "
            + (TextInput.MAX_SKIPPED_LINES + 1) + " malformed lines");
  }

  @Test
  void anEmptyPathIsNamedAsEmpty() {
    for (String[] args : new String[][] {{"analyze", ""}, {"repeats", "--tokens", ""}, {"machines", "--validate", ""}}) {
      assertThat(Fuzz.check(tmp, args).err()).as(String.join(" ", args)).contains("empty path")
          .doesNotContain("is a directory");
    }
    assertThat(Fuzz.check(tmp, "run", "jacobi", "--machine", "").err()).contains("--machine: empty");
  }
}
