package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;

/**
 * {@code analyze --emit markers} (README, "A live stream"): with the marker lines taken out, the
 * output is the input byte for byte (comments, blank lines, {@code \r\n} endings, non-ASCII text
 * included); markers are balanced and never nested; each occurrence of a trace has its own pair
 * around the same number of task lines as every other occurrence of that id; and there are as many
 * pairs as the summary counts recordings and replays. Over generated noisy loops, in-process.
 */
class MarkedStreamProperties {
  private static final ObjectMapper JSON = new ObjectMapper();
  private Path dir;

  @BeforeProperty
  void makeDir() throws IOException {
    dir = Files.createTempDirectory("apophenia-marked");
  }

  @AfterProperty
  void removeDir() throws IOException {
    try (var s = Files.walk(dir)) {
      s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  /** The marked stream without its marker lines. */
  static String strip(String marked) {
    StringBuilder b = new StringBuilder();
    for (String line : marked.split("(?<=\n)")) {
      if (!line.matches("(tbegin|tend) -?[0-9]+\n")) {
        b.append(line);
      }
    }
    return b.toString();
  }

  /**
   * The number of marker pairs, checking that they are balanced, never nested, and that every
   * occurrence of an id encloses the same number of task lines.
   */
  static long pairs(String marked) {
    String open = null;
    int inside = 0;
    long pairs = 0;
    Map<String, Integer> lengths = new HashMap<>();
    for (String line : marked.split("\n")) {
      if (line.startsWith("tbegin ")) {
        assertThat(open).as("nested tbegin").isNull();
        open = line.substring(7);
        inside = 0;
      } else if (line.startsWith("tend ")) {
        assertThat(line.substring(5)).as("tend closes the open trace").isEqualTo(open);
        Integer before = lengths.putIfAbsent(open, inside);
        assertThat(inside).as("every occurrence of trace " + open + " has the same length").isEqualTo(
            before == null ? inside : before);
        assertThat(inside).isPositive();
        open = null;
        pairs++;
      } else if (open != null && !line.isBlank() && !line.startsWith("#")) {
        inside++;
      }
    }
    assertThat(open).as("every tbegin closed").isNull();
    return pairs;
  }

  /** A noisy loop with comments, blank lines, CRLF endings and non-ASCII names, as text. */
  static String stream(long seed) {
    Random r = new Random(seed);
    int period = 5 + r.nextInt(40);
    int ops = 50 + r.nextInt(1500);
    List<String> body = new ArrayList<>();
    for (int i = 0; i < period; i++) {
      body.add((r.nextInt(10) == 0 ? "k\u00e9" : "k") + r.nextInt(6) + " 0x" + Integer.toHexString(0x1000 + 0x40 * r.nextInt(50))
          + ":1 0x" + Integer.toHexString(0x1000 + 0x40 * r.nextInt(50)) + ":3");
    }
    StringBuilder b = new StringBuilder(r.nextBoolean() ? "# starpu-capture v1\n" : "");
    int fresh = 0;
    for (int i = 0; i < ops; i++) {
      String line = r.nextInt(50) == 0 ? "noise 0x" + Integer.toHexString(0x100000 + fresh++) + ":2" : body.get(i % period);
      b.append(line).append(r.nextInt(40) == 0 ? "\r\n" : "\n");
      if (r.nextInt(60) == 0) {
        b.append(r.nextBoolean() ? "\n" : "# a comment \u00fc\n");
      }
    }
    if (r.nextBoolean()) {
      b.append("# trailing comment without a newline");
    }
    return b.toString();
  }

  @Provide
  Arbitrary<Long> seeds() {
    return Arbitraries.longs();
  }

  @Property(tries = 25)
  void theMarkedStreamIsTheInputWithBalancedPairs(@ForAll("seeds") long seed) throws IOException {
    String input = stream(seed);
    Path file = dir.resolve("s" + seed + ".txt");
    Files.write(file, input.getBytes(StandardCharsets.UTF_8));
    CliRun run = CliRun.of("analyze", file.toString(), "--emit", "markers", "--json");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(strip(run.out())).isEqualTo(input);
    JsonNode summary = JSON.readTree(run.err());
    assertThat(pairs(run.out())).isEqualTo(summary.get("tracesRecorded").asLong() + summary.get("replays").asLong());
    assertThat(summary.get("emittedOccurrences").asLong()).isEqualTo(pairs(run.out()));
  }

  /** Test of the test: a marked stream that lost a line, or nests, is caught. */
  @Example
  void theChecksCatchALostLineAndNesting() {
    String marked = "a 0x1:1\ntbegin 1\nb 0x2:1\ntend 1\n";
    assertThat(strip(marked)).isNotEqualTo("a 0x1:1\nb 0x2:1\nc 0x3:1\n");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> pairs("tbegin 1\ntbegin 2\nx\ntend 2\ntend 1\n"))
        .isInstanceOf(AssertionError.class);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> pairs("tbegin 1\nx\ntend 1\ntbegin 1\nx\ny\ntend 1\n"))
        .isInstanceOf(AssertionError.class);
  }
}
