package org.apophenia.cli.figures;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apophenia.legion.cost.CostModel;
import org.junit.jupiter.api.Test;

/**
 * The figures on a small configuration (cfd weak scaling on 1 and 2 nodes, sizes small and large): the
 * shapes of the paper's Figures 6–7 that the cost model's mechanisms produce, and determinism (the same
 * runs give the same CSV, whatever the parallelism). The shapes the mechanisms do not produce (the
 * none-to-auto speed-up stays under 3× on the small size) are reported by {@code apophenia figures}
 * as FAIL and discussed in BENCHMARKS.md; they are not asserted here.
 *
 * <p>30 iterations of cfd, as the figures run it: the steady-state window (the last third, iterations
 * 20–29, in every mode) is one whole period of cfd's check and lies after auto's warm-up and the
 * transient that follows the start of replay (one node, small: auto's iterations 8 and 9 advance the
 * simulated clock by 0 and 18 ms, then both modes' by 25 ms).
 */
class FiguresTest {
  private static final FigureSettings SMALL = new FigureSettings("test", List.of(1, 2), List.of("small", "large"),
      List.of("cfd"), List.of("cfd"), List.of(1, 2), Map.of("cfd", 30, "mlp", 26), 2);

  @Test
  void weakScalingShowsThePapersShapesThatFollowFromTheMechanisms() {
    List<String> log = new ArrayList<>();
    FigureRunner runner = new FigureRunner(CostModel.legion(), SMALL.jobs(), log::add);
    List<FigurePoint> points = runner.run(PaperFigures.weakRuns(SMALL, 6));
    assertThat(points).hasSize(2 * 2 * 3).allMatch(FigurePoint::ok);
    // every mode of a point is measured over the same iterations, after its warm-up
    assertThat(points).allMatch(p -> p.windowFrom() == 20).allMatch(FigurePoint::steadyWarm);
    List<ShapeCheck> checks = ShapeChecks.weak("figure 6", points, SMALL);
    for (String shape : List.of("manual within 15% of flat",
        "auto within 15% of flat", "speed-up shrinks as the size grows", "auto/manual in 0.92-1.03")) {
      assertThat(checks).filteredOn(c -> c.name().contains(shape)).as(shape).isNotEmpty()
          .allSatisfy(c -> assertThat(c.judged() && c.pass()).as(c.toString()).isTrue());
    }
    // the fall of untraced throughput is a medium-size shape: without medium it is not judged, and says why
    assertThat(checks).filteredOn(c -> c.name().contains("untraced throughput falls with nodes")).singleElement()
        .satisfies(c -> assertThat(c.judged()).isFalse())
        .satisfies(c -> assertThat(c.toString()).startsWith("SKIP ").contains("needs the medium size"));
    // tracing helps on both sizes, more on the small one (analysis exposed by short tasks)
    double small = ShapeChecks.rate(points, "cfd", "small", "auto", 2) / ShapeChecks.rate(points, "cfd", "small", "none", 2);
    double large = ShapeChecks.rate(points, "cfd", "large", "auto", 2) / ShapeChecks.rate(points, "cfd", "large", "none", 2);
    assertThat(small).isGreaterThan(large);
    assertThat(large).isGreaterThan(1);
  }

  @Test
  void theSameRunsGiveTheSameCsvWhateverTheParallelism() {
    List<FigureRun> runs = PaperFigures.weakRuns(new FigureSettings("test", List.of(2), List.of("small"),
        List.of("cfd"), List.of("cfd"), List.of(1), Map.of("cfd", 12), 1), 6);
    List<FigurePoint> points = new FigureRunner(CostModel.legion(), 1, s -> { }).run(runs);
    String one = csv(points);
    String two = csv(new FigureRunner(CostModel.legion(), 2, s -> { }).run(runs));
    assertThat(two).isEqualTo(one);
    assertThat(one.lines().count()).isEqualTo(1 + 3); // header, none, manual, auto
  }

  @Test
  void aFiguresCsvAndPngGoIntoAFileSetThatAppearsWhole(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    List<FigureRun> runs = PaperFigures.weakRuns(new FigureSettings("test", List.of(1), List.of("small"),
        List.of("cfd"), List.of("cfd"), List.of(1), Map.of("cfd", 6), 1), 6);
    Figure f = new Figure(6, "test", new FigureRunner(CostModel.legion(), 1, s -> { }).run(runs), List.of(), "");
    java.nio.file.Path out = dir.resolve("figs");
    try (org.apophenia.cli.output.FileSet set = org.apophenia.cli.output.FileSet.open(out)) {
      FigureOutput.write(f, set, "legion");
      assertThat(out.resolve("figure6.csv")).as("nothing visible before the commit").doesNotExist();
      set.commit();
    }
    var found = org.apophenia.cli.output.FileSet.read(out);
    assertThat(found.status()).isEqualTo(org.apophenia.cli.output.FileSet.Status.WHOLE);
    assertThat(found.manifest().names()).containsExactly("figure6.csv", "figure6.png");
    assertThat(Figures.files()).contains("figure6.csv", "figure6.png", "figure9.png");
    assertThat(java.nio.file.Files.readString(out.resolve("figure6.csv"))).isEqualTo(csv(f.points()));
  }

  private static String csv(List<FigurePoint> points) {
    // the mean task time is simulated, hence deterministic too; every column is compared
    return FigureOutput.csv(new Figure(6, "test", points, List.of(), ""));
  }
}
