package org.apophenia.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code apophenia bench}, smoke-tested on its cheapest group (mining, quick: up to 10^5
 * tokens); the other groups take too long for the test phase. Never asserts on time.
 */
class BenchCommandTest {
  @TempDir Path dir;

  @Test
  void quickMiningAsJsonHasTheGroupAndItsTable() throws Exception {
    CliRun r = CliRun.of("bench", "--quick", "--json", "--only", "mining");
    assertEquals(0, r.exitCode(), r.err());
    JsonNode j = new ObjectMapper().readTree(r.out());
    assertTrue(j.get("quick").asBoolean());
    JsonNode g = j.get("groups").get(0);
    assertEquals(4, g.get("number").asInt());
    JsonNode rows = g.get("tables").get(0).get("rows");
    assertEquals(3, rows.size()); // 10^3, 10^4, 10^5
    assertEquals(100_000, rows.get(2).get(0).asInt());
    assertTrue(r.err().contains("bench: 4. Mining"), r.err());
  }

  @Test
  void outWritesCsvAndMarkdownIsSplicedIntoTheFile() throws Exception {
    Path md = dir.resolve("B.md");
    Files.writeString(md, "# Kept\n");
    CliRun r = CliRun.of("bench", "--quick", "--only", "4", "--out", dir.resolve("o").toString(),
        "--markdown", md.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().contains("FindRepeats"), r.out());
    assertTrue(Files.readString(dir.resolve("o/mining.csv")).startsWith("tokens,runs,median ms"));
    assertTrue(Files.exists(dir.resolve("o/bench.json")));
    var set = org.apophenia.cli.output.FileSet.read(dir.resolve("o"));
    assertEquals(org.apophenia.cli.output.FileSet.Status.WHOLE, set.status(), set.problem());
    assertTrue(set.manifest().names().containsAll(List.of("mining.csv", "bench.json")), set.manifest().toString());
    String text = Files.readString(md);
    assertTrue(text.startsWith("# Kept\n"), text);
    assertTrue(text.contains("## bench 4: Mining"), text);
  }

  @Test
  void anUnknownGroupIsAUserMistake() {
    CliRun r = CliRun.of("bench", "--only", "nope");
    assertEquals(2, r.exitCode());
    assertTrue(r.err().contains("unknown benchmark group 'nope'"), r.err());
  }
}
