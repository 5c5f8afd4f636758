package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;

/**
 * Random byte strings and random mutations of valid inputs, fed to every command that reads a file:
 * the outcome is always exit 0 or 2 with no stack trace ({@link Fuzz#check}); and a machine file that
 * {@code machines --validate} accepts always runs to the end. Few tries, tiny runs: seconds in all.
 */
class MalformedInputsProperties {
  private Path dir;

  @BeforeProperty
  void makeDir() throws IOException {
    dir = Files.createTempDirectory("apophenia-fuzz");
  }

  @AfterProperty
  void removeDir() throws IOException {
    try (var s = Files.walk(dir)) {
      s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  @Provide
  Arbitrary<byte[]> bytes() {
    return Arbitraries.bytes().array(byte[].class).ofMaxSize(600);
  }

  /** A seed for {@link #mutate}: which mutations, where. */
  @Provide
  Arbitrary<Long> seeds() {
    return Arbitraries.longs();
  }

  /** Tokens that break parsers in interesting ways, spliced into valid inputs. */
  private static final String[] SPLICES = {"\"", "{", "}", "[", "]", ",", ":", "\u0000", "\n", "\r", "-1", "0",
      "1e999", "99999999999999999999", "null", "\"name\": \"x\", ", "NaN", "\\u", "\u00e9", "\uD83D\uDE00", " x "};

  /** {@code valid} with 1 to 8 random byte flips, deletions, duplications or splices. */
  static byte[] mutate(byte[] valid, long seed) {
    Random r = new Random(seed);
    byte[] b = valid.clone();
    int n = 1 + r.nextInt(8);
    for (int k = 0; k < n && b.length > 0; k++) {
      int at = r.nextInt(b.length);
      switch (r.nextInt(4)) {
        case 0 -> b[at] = (byte) r.nextInt(256);
        case 1 -> {
          int len = Math.min(b.length - at, 1 + r.nextInt(40));
          byte[] c = new byte[b.length - len];
          System.arraycopy(b, 0, c, 0, at);
          System.arraycopy(b, at + len, c, at, b.length - at - len);
          b = c;
        }
        case 2 -> {
          int len = Math.min(b.length - at, 1 + r.nextInt(40));
          byte[] c = new byte[b.length + len];
          System.arraycopy(b, 0, c, 0, at + len);
          System.arraycopy(b, at, c, at + len, b.length - at);
          b = c;
        }
        default -> {
          byte[] s = SPLICES[r.nextInt(SPLICES.length)].getBytes(java.nio.charset.StandardCharsets.UTF_8);
          byte[] c = new byte[b.length + s.length];
          System.arraycopy(b, 0, c, 0, at);
          System.arraycopy(s, 0, c, at, s.length);
          System.arraycopy(b, at, c, at + s.length, b.length - at);
          b = c;
        }
      }
    }
    return b;
  }

  private Path file(String name, byte[] content) {
    try {
      Path f = dir.resolve("in").resolve(name);
      Files.createDirectories(f.getParent());
      Files.write(f, content);
      return f;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void everyReader(byte[] content) {
    Path out = dir.resolve("out");
    Fuzz.check(dir, "analyze", file("s.txt", content).toString(), "--out", out.toString());
    Fuzz.check(dir, "analyze", file("s.jsonl", content).toString(), "--json");
    Fuzz.check(dir, "analyze", file("s.txt", content).toString(), "--skip-malformed");
    Fuzz.check(dir, "repeats", "--tokens", file("t.txt", content).toString());
    Fuzz.check(dir, "machines", "--validate", file("m.json", content).toString());
  }

  @Property(tries = 25)
  void randomBytesNeverCrashAnyCommand(@ForAll("bytes") byte[] content) {
    everyReader(content);
  }

  @Property(tries = 15)
  void mutatedStreamsNeverCrash(@ForAll("seeds") long seed) {
    everyReader(mutate(Fuzz.resource("valid/stream.txt"), seed));
    everyReader(mutate(Fuzz.resource("valid/stream.jsonl"), seed));
    everyReader(mutate(Fuzz.resource("valid/tokens.txt"), seed));
  }

  @Property(tries = 60)
  void aMutatedMachineThatValidatesAlsoRuns(@ForAll("seeds") long seed) {
    Path f = file("m.json", mutate(Fuzz.resource("valid/workstation.json"), seed));
    CliRun validate = Fuzz.check(dir, "machines", "--validate", f.toString());
    if (validate.exitCode() == 0) {
      CliRun run = Fuzz.check(dir, "run", "stencil", "--machine", f.toString(), "--size", "16", "--iterations", "3",
          "--tiles", "2");
      assertThat(run.exitCode()).as(validate.out() + run.err()).isZero();
    } else {
      assertThat(Fuzz.check(dir, "run", "stencil", "--machine", f.toString(), "--size", "16", "--iterations", "3")
          .exitCode()).isEqualTo(2);
    }
  }

  @Property(tries = 20)
  void randomMachineArgumentsNeverCrash(@ForAll("seeds") long seed) {
    Random r = new Random(seed);
    List<String> presets = List.of("perlmutter", "eos", "workstation", "cpu", "nosuch", "", ":", "perlmutter:",
        "eos:-1", "cpu:0", "cpu:257", "cpu:99999999999");
    String m = presets.get(r.nextInt(presets.size()));
    Fuzz.check(dir, "machines", m);
  }
}
