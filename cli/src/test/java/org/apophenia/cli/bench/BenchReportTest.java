package org.apophenia.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** BENCHMARKS.md is regenerated between markers, never by hand; files under --out. */
class BenchReportTest {
  @TempDir Path dir;

  private static final BenchGroup GROUP = new BenchGroup() {
    @Override public int number() { return 9; }
    @Override public String id() { return "fake"; }
    @Override public String title() { return "A fake group"; }
    @Override public GroupResult run(BenchSettings s) { throw new UnsupportedOperationException(); }
  };

  private static List<BenchReport.Entry> entries() {
    Table t = Table.builder("fake-table", "Fake figures", "x", "y").row(1L, 2.5).build();
    Plot p = new Plot("fake-plot", "Fake plot", "x", "y", true, false,
        List.of(new Plot.Series("s", new double[] {1, 10}, new double[] {0.5, 1})));
    return List.of(new BenchReport.Entry(GROUP, new GroupResult(List.of(t), List.of(p), List.of("a note"),
        "a comparison."), 1_500_000_000L));
  }

  @Test
  void spliceAppendsAfterTheHandWrittenSectionsAndThenReplacesOnlyTheGeneratedPart() {
    String hand = "# Benchmarks\n\n## suffix\n\ntext\n";
    String once = BenchReport.splice(hand, section(1, "first"));
    assertTrue(once.startsWith(hand + "\n" + BenchReport.BEGIN));
    String twice = BenchReport.splice(once + "\n## later hand-written\n", section(1, "second"));
    assertTrue(twice.startsWith(hand));
    assertTrue(twice.contains("second"));
    assertTrue(!twice.contains("first"));
    assertTrue(twice.endsWith(BenchReport.END + "\n\n## later hand-written\n"), twice);
    assertEquals(twice, BenchReport.splice(twice, section(1, "second")));
  }

  @Test
  void spliceOfSomeGroupsKeepsTheOthersInGroupOrder() {
    String all = BenchReport.splice("", section(1, "one") + section(3, "three"));
    String some = BenchReport.splice(all, section(2, "two") + section(3, "THREE"));
    int one = some.indexOf("one");
    int two = some.indexOf("two");
    int three = some.indexOf("THREE");
    assertTrue(one > 0 && one < two && two < three, some);
    assertTrue(!some.contains("three"), some);
  }

  private static String section(int n, String body) {
    return BenchReport.groupMarker(n) + "\n\n## bench " + n + "\n\n" + body + "\n\n";
  }

  @Test
  void benchJsonIsMergedGroupByGroup() {
    java.util.Map<String, Object> old = java.util.Map.of("groups", List.of(
        java.util.Map.of("number", 1, "id", "old1"), java.util.Map.of("number", 2, "id", "old2")));
    java.util.Map<String, Object> fresh = java.util.Map.of("quick", false, "groups", List.of(
        java.util.Map.of("number", 2, "id", "new2")));
    var merged = BenchReport.mergeJson(old, fresh);
    assertEquals(List.of(java.util.Map.of("number", 1, "id", "old1"), java.util.Map.of("number", 2, "id", "new2")),
        merged.get("groups"));
    assertEquals(false, merged.get("quick"));
  }

  @Test
  void markdownHasTheCommandTheMachineTheTableThePlotAndTheComparison() {
    String md = BenchReport.markdown(entries(), "bin/apophenia bench", p -> "docs/bench/" + p.name() + ".png");
    assertTrue(md.startsWith(BenchReport.groupMarker(9) + "\n\n## bench 9: A fake group\n\n```sh\n"
        + "bin/apophenia bench\n```\n"), md);
    assertTrue(md.contains("Machine: "), md);
    assertTrue(md.contains("**Fake figures**\n\n| x | y |\n|---:|---:|\n| 1 | 2.50 |\n"), md);
    assertTrue(md.contains("![Fake plot](docs/bench/fake-plot.png)"), md);
    assertTrue(md.contains("Note: a note"), md);
    assertTrue(md.contains("Against the paper: a comparison."), md);
  }

  @Test
  void writeFilesWritesOneCsvPerTableAndOnePngPerPlot() throws Exception {
    List<String> files;
    try (org.apophenia.cli.output.FileSet set = org.apophenia.cli.output.FileSet.open(dir)) {
      files = BenchReport.writeFiles(set, entries());
      set.commit();
    }
    assertEquals(List.of("fake-table.csv", "fake-plot.png"), files);
    assertEquals("x,y\r\n1,2.5\r\n", Files.readString(dir.resolve("fake-table.csv")));
    byte[] png = Files.readAllBytes(dir.resolve("fake-plot.png"));
    assertEquals((byte) 0x89, png[0]);
    assertEquals('P', png[1]);
  }

  @Test
  void jsonHasEveryGroupWithItsTables() {
    var j = BenchReport.json(entries(), true);
    assertEquals(true, j.get("quick"));
    assertTrue(j.containsKey("machine"));
    assertEquals(1, ((List<?>) j.get("groups")).size());
  }
}
