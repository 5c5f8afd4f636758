package org.apophenia.cli.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Task Bench's METG (Slaughter et al., SC'20): granularity, efficiency and the 50% crossing. */
class MetgTest {
  @Test
  void granularityIsWallTimePerTaskTimesCores() {
    assertEquals(10.0, Metg.granularityMicros(1e6, 100, 1), 1e-12);
    assertEquals(20.0, Metg.granularityMicros(1e6, 100, 2), 1e-12);
    assertThrows(IllegalArgumentException.class, () -> Metg.granularityMicros(1, 0, 1));
  }

  @Test
  void efficiencyIsThroughputRelativeToTheBestRun() {
    // work 100 in 50 ns is the best rate (2 per ns); work 1000 in 1000 ns runs at half of it
    double[] e = Metg.efficiency(new double[] {10, 1000, 100}, new double[] {20, 1000, 50});
    assertArrayEquals(new double[] {0.25, 0.5, 1.0}, e, 1e-12);
  }

  @Test
  void metgInterpolatesTheCrossingInLogGranularity() {
    // efficiency 0.75 at 100 µs, 0.25 at 1 µs: halfway in log space is 10 µs
    Metg.Result r = Metg.metg(new double[] {1, 100, 1000}, new double[] {0.25, 0.75, 1.0}, 0.5);
    assertEquals(10.0, r.micros(), 1e-9);
    assertFalse(r.upperBound());
  }

  @Test
  void metgIsTheFirstCrossingFromLargeTasksDown() {
    // a dip below 50% at 10 µs counts even if smaller tasks recover (noise): the first crossing wins
    Metg.Result r = Metg.metg(new double[] {1000, 100, 10, 1}, new double[] {1, 0.5, 0.4, 0.6}, 0.5);
    assertEquals(100.0, r.micros(), 1e-9);
  }

  @Test
  void neverFallingBelowGivesTheSmallestGranularityAsAnUpperBound() {
    Metg.Result r = Metg.metg(new double[] {5, 50, 500}, new double[] {0.9, 1, 1}, 0.5);
    assertEquals(5.0, r.micros());
    assertTrue(r.upperBound());
    assertEquals("≤ 5.00 µs", r.toString());
  }

  @Test
  void belowTheThresholdEvenWithLargeTasksIsNotReached() {
    Metg.Result r = Metg.metg(new double[] {5, 50}, new double[] {0.1, 0.4}, 0.5);
    assertTrue(Double.isNaN(r.micros()));
    assertEquals("not reached", r.toString());
  }

  @Test
  void smallWidthsRunMoreStepsUpToTheCap() {
    assertEquals(150, TaskGranularity.steps(20, 150, 1000));
    assertEquals(150, TaskGranularity.steps(14, 150, 1000));
    assertEquals(600, TaskGranularity.steps(12, 150, 1000));
    assertEquals(1000, TaskGranularity.steps(10, 150, 1000));
    assertEquals(1000, TaskGranularity.steps(4, 150, 1000));
    assertEquals(300, TaskGranularity.steps(4, 60, 300));
  }
}
