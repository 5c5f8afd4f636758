package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Legion's scoring function (REFERENCES.md; paper Section 4.3), pinned with numbers. */
class TraceScoreTest {
  @Test
  void lengthTimesDecayedVisitsPlusOneCappedAtTenTimesTheLength() {
    Trace t = new Trace(0, new long[10], 3, 100);
    assertThat(t.score(100)).isCloseTo((3 + 1) * 10.0, within(1e-9));
    // 50 ops after the last visit: d = 5, visits decay by 0.99^5.
    assertThat(t.score(150)).isCloseTo((3 * Math.pow(0.99, 5) + 1) * 10, within(1e-9));
    Trace often = new Trace(1, new long[10], 50, 100);
    assertThat(often.score(100)).isCloseTo(100.0, within(1e-9)); // capped at 10 L
  }

  @Test
  void issuesAndBackToBackVisitsAreBonuses() {
    Trace t = new Trace(0, new long[10], 1, 0);
    t.visit(0, 10);
    t.visit(10, 20); // back to back
    t.visit(20, 30); // back to back
    t.issues = 5;
    double base = Math.min((t.visits + 1) * 10, 100);
    assertThat(t.score(30)).isCloseTo(base * 1.75 * 2, within(1e-9));
  }

  @Test
  void overlappingVisitsDoNotCount() {
    Trace t = new Trace(0, new long[10], 0, 0);
    t.visit(0, 10);
    t.visit(5, 15);
    assertThat(t.visits).isCloseTo(1.0, within(1e-9));
  }
}
