package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.apophenia.suffix.RepeatFinder;
import org.junit.jupiter.api.Test;

/**
 * Period reduction of mined repeats: a loop body is traced once per body, and a body shorter than the
 * minimum trace length (a run of identical tasks) as the fewest whole bodies that reach
 * {@link MiningResult#SHORT_BODY_TRACE} tasks, so that the matcher's open pointers stay few.
 */
class PeriodReductionTest {
  private static final RepeatFinder FINDER = RepeatFinder.withMinLength(5);

  private static long[] repeat(long[] body, int times) {
    long[] w = new long[body.length * times];
    for (int i = 0; i < times; i++) {
      System.arraycopy(body, 0, w, i * body.length, body.length);
    }
    return w;
  }

  private static List<Integer> lengths(MiningResult r) {
    return r.sequences().stream().map(s -> s.length).toList();
  }

  @Test
  void aRunOfIdenticalTasksIsTracedInPiecesOf32() {
    long[] window = new long[1000];
    Arrays.fill(window, 7);
    MiningResult r = MiningResult.mine(window, FINDER, true);
    assertThat(lengths(r)).containsExactly(MiningResult.SHORT_BODY_TRACE);
    assertThat(r.sequences().get(0)).containsOnly(7L);
    assertThat(r.occurrences()[0]).isEqualTo(2 * (500 / 32)); // two occurrences of 500, 15 whole pieces each
    // without reduction the repeat is kept whole
    assertThat(lengths(MiningResult.mine(window, FINDER, false))).containsExactly(500);
  }

  @Test
  void aShortBodyIsExtendedByWholeBodies() {
    MiningResult r = MiningResult.mine(repeat(new long[] {1, 2, 3}, 200), FINDER, true);
    assertThat(lengths(r)).containsExactly(33); // 11 bodies of 3: the fewest reaching 32
    assertThat(r.sequences().get(0)).startsWith(1, 2, 3, 1, 2, 3);
  }

  @Test
  void aShortRunIsKeptAsItIs() {
    long[] window = new long[40];
    Arrays.fill(window, 7);
    assertThat(lengths(MiningResult.mine(window, FINDER, true))).containsExactly(20); // 20 < 32: no cut
  }

  @Test
  void aBodyAtLeastTheMinimumLengthIsItsOwnTrace() {
    MiningResult r = MiningResult.mine(repeat(new long[] {1, 2, 3, 4, 5}, 40), FINDER, true);
    assertThat(lengths(r)).containsExactly(5);
  }
}
