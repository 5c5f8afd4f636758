package org.apophenia.samples.apps;

import org.apophenia.samples.array.PoolGrowth;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** When a pool (a test outside the array packages, whose frames the site skips): when a pool that keeps creating regions is a program's mistake, and where it says the arrays were made. */
class PoolGrowthTest {
  /** Regions created in iterations {@code every}, 2 every, ...: one call per region. */
  private static PoolGrowth run(int iterations, int every, int setupRegions) {
    PoolGrowth g = new PoolGrowth();
    g.iteration(-1);
    for (int k = 0; k < setupRegions; k++) {
      g.regionCreated();
    }
    for (int i = 0; i < iterations; i++) {
      g.iteration(i);
      if (every > 0 && i % every == 0) {
        g.regionCreated(); // this line is the site
      }
    }
    return g;
  }

  /**
   * The oracle: the second half has at least 4 iterations, and regions were created in at least half
   * of them (counted directly).
   */
  @Property(tries = 300)
  void warnsExactlyWhenMostOfTheSecondHalfCreatesRegions(@ForAll @IntRange(min = 1, max = 200) int iterations,
      @ForAll @IntRange(min = 0, max = 5) int every, @ForAll @IntRange(min = 0, max = 50) int setup) {
    int from = iterations / 2;
    int growing = 0;
    for (int i = from; i < iterations; i++) {
      growing += every > 0 && i % every == 0 ? 1 : 0;
    }
    int judged = iterations - from;
    boolean expected = judged >= 4 && 2 * growing >= judged;
    assertThat(run(iterations, every, setup).warnings(iterations)).as("%d iterations, every %d", iterations, every)
        .hasSize(expected ? 1 : 0);
  }

  @Test
  void namesTheCallersLineAndCountsTheArrays() {
    PoolGrowth g = run(40, 1, 3);
    assertThat(g.created()).isEqualTo(43);
    PoolGrowth.Warning w = g.warnings(40).get(0);
    assertThat(w.site()).startsWith(PoolGrowthTest.class.getName() + ".run(PoolGrowthTest.java:");
    assertThat(w.arrays()).isEqualTo(20);
    assertThat(w.iterations()).isEqualTo(20);
    assertThat(w.message()).contains("20 arrays made at " + w.site() + " in 20 of the last 20 iterations");
  }

  @Test
  void setupAndAFewSettlingIterationsAreNotAMistake() {
    assertThat(run(100, 0, 500).warnings(100)).isEmpty();
    PoolGrowth settling = new PoolGrowth();
    for (int i = 0; i < 100; i++) {
      settling.iteration(i);
      if (i < 3) {
        settling.regionCreated();
      }
    }
    assertThat(settling.warnings(100)).isEmpty();
  }
}
