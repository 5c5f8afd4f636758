package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every command against the corpus of malformed inputs under {@code src/test/resources/fuzz}: exit 0
 * or 2, never a stack trace, one line and nothing written on exit 2 ({@link Fuzz#check}). The
 * argument vectors of {@code args.jsonl} must all be refused; the machine files must be accepted by
 * {@code machines --validate} exactly when {@code run} can simulate them.
 */
class MalformedInputsTest {
  @TempDir Path tmp;

  static Stream<String> analyzeCorpus() {
    return Fuzz.corpus("analyze").stream();
  }

  static Stream<String> machineCorpus() {
    return Fuzz.corpus("machines").stream();
  }

  static Stream<String> repeatsCorpus() {
    return Fuzz.corpus("repeats").stream();
  }

  static Stream<List<String>> argumentVectors() throws IOException {
    ObjectMapper json = new ObjectMapper();
    String text = new String(Fuzz.resource("args.jsonl"), StandardCharsets.UTF_8);
    return text.lines().filter(l -> !l.isBlank() && !l.startsWith("#"))
        .map(l -> {
          try {
            return Arrays.asList(json.readValue(l, String[].class));
          } catch (IOException e) {
            throw new IllegalStateException("args.jsonl: " + l, e);
          }
        }).toList().stream();
  }

  private Path corpusFile(String resource) throws IOException {
    Path f = tmp.resolve("in").resolve(Path.of(resource).getFileName().toString());
    Files.createDirectories(f.getParent());
    Fuzz.write(f, Fuzz.resource(resource));
    return f;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("analyzeCorpus")
  void analyzeNeverCrashes(String resource) throws IOException {
    Path f = corpusFile(resource);
    Fuzz.check(tmp, "analyze", f.toString(), "--out", tmp.resolve("out").toString());
    Fuzz.check(tmp, "analyze", f.toString(), "--skip-malformed", "--json");
    Fuzz.check(tmp, "analyze", f.toString(), "--format", f.toString().endsWith(".jsonl") ? "starpu" : "jsonl");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("repeatsCorpus")
  void repeatsNeverCrashes(String resource) throws IOException {
    Fuzz.check(tmp, "repeats", "--tokens", corpusFile(resource).toString());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("machineCorpus")
  void theValidatorAcceptsExactlyWhatRunCanSimulate(String resource) throws IOException {
    Path f = corpusFile(resource);
    CliRun validate = Fuzz.check(tmp, "machines", "--validate", f.toString());
    CliRun run = Fuzz.check(tmp, "run", "jacobi", "--machine", f.toString(), "--size", "8", "--iterations", "3",
        "--tiles", "2", "--json");
    assertThat(run.exitCode()).as(resource + ": run agrees with machines --validate\n" + validate.err() + run.err())
        .isEqualTo(validate.exitCode());
    assertThat(validate.exitCode()).as(resource).isEqualTo(resource.contains("/valid-") ? 0 : 2);
    if (run.exitCode() == 0) {
      long makespan = new ObjectMapper().readTree(run.out()).get("simulatedMakespanNanos").asLong();
      assertThat(makespan).as(resource + ": makespan").isPositive();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("argumentVectors")
  void everyBadArgumentIsRefusedBeforeAnyWork(List<String> args) throws IOException {
    Path ws = Fuzz.workspace(tmp.resolve("ws"));
    CliRun r = Fuzz.check(ws, Fuzz.resolve(args, ws));
    assertThat(r.exitCode()).as(String.join(" ", args) + "\n" + r.out() + r.err()).isEqualTo(2);
  }

  @Test
  void aLineLongerThanTheLimitIsMalformedNotAnOutOfMemoryError() throws IOException {
    Path f = tmp.resolve("long.txt");
    Files.writeString(f, "scal 0x1:3\ngemv" + " 0x1:1".repeat(200_000) + "\nscal 0x1:3\n");
    CliRun r = Fuzz.check(tmp, "analyze", f.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains(f + ":2: line longer than 1048576 bytes");
    CliRun skip = Fuzz.check(tmp, "analyze", f.toString(), "--skip-malformed", "--json");
    assertThat(skip.exitCode()).isZero();
    assertThat(skip.out()).contains("\"ops\":2").contains("\"skippedLines\":1");
  }

  @Test
  void errorsNameFileLineAndReason() throws IOException {
    Path latin = corpusFile("analyze/latin1-byte.txt");
    assertThat(CliRun.of("analyze", latin.toString()).err().strip())
        .isEqualTo("apophenia analyze: error: " + latin + ":1: not UTF-8: byte 0xE9 at column 4, byte offset 3");
    Path two = corpusFile("analyze/two-objects-one-line.jsonl");
    assertThat(CliRun.of("analyze", two.toString()).err().strip()).isEqualTo("apophenia analyze: error: " + two
        + ":1: not valid JSON: text after the object (one object per line)");
    Path dup = corpusFile("analyze/duplicate-key.jsonl");
    assertThat(CliRun.of("analyze", dup.toString()).err()).contains(dup + ":1: not valid JSON: Duplicate field 'task'");
    Path nul = corpusFile("analyze/nul-byte.txt");
    assertThat(CliRun.of("analyze", nul.toString()).err()).contains(nul + ":2: NUL byte at column 3, byte offset");
    Path dir = tmp.resolve("adir");
    Files.createDirectories(dir);
    assertThat(CliRun.of("analyze", dir.toString()).err()).contains(dir + ": is a directory, not a file");
  }

  @Test
  void aByteOrderMarkAndCrlfLineEndsAreAccepted() throws IOException {
    CliRun r = Fuzz.check(tmp, "analyze", corpusFile("analyze/bom-crlf.txt").toString(), "--json");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("\"ops\":2");
  }

  @Test
  void argumentErrorsNameTheFlagAndTheValue() throws IOException {
    Path ws = Fuzz.workspace(tmp.resolve("ws"));
    assertThat(CliRun.of(Fuzz.resolve(List.of("analyze", "@stream", "--batch-size", "2147483647"), ws)).err())
        .contains("--batch-size must be 2..1048576, got 2147483647");
    assertThat(CliRun.of(Fuzz.resolve(List.of("analyze", "@stream", "--batch-size", "5"), ws)).err())
        .contains("--batch-size must be at least 10, got 5 (with --settings default)");
    assertThat(CliRun.of("run", "jacobi", "--size", "2000000000").err())
        .contains("--size must be 4..4096, got 2000000000");
    assertThat(CliRun.of("run", "jacobi", "--tiles", "1000").err())
        .contains("--tiles 1000 cannot cut 256 rows");
    assertThat(CliRun.of("demo", "--out=").err().strip()).isEqualTo("apophenia demo: error: --out: empty path");
    assertThat(CliRun.of("analyze", ws.resolve("stream.txt").toString(), "--out", "/dev/null").err().strip())
        .isEqualTo("apophenia analyze: error: --out /dev/null: exists and is not a directory");
    assertThat(CliRun.of(Fuzz.resolve(List.of("bench", "--out", "@corruptbench"), ws)).err())
        .contains("corruptbench/bench.json:2: not valid JSON");
  }
}
