package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * {@link StaleWindows} against its contract, over any interleaving of launches and ingested results
 * of several lengths: what it may skip, how many in a row, and that it does skip.
 */
class StaleWindowsProperties {
  private static final int MIN = StaleWindows.LONG_WINDOW;
  /** The lengths launched: two at most {@link #MIN} (never skipped) and three longer. */
  private static final int[] LENGTHS = {256, 512, 1024, 8192, 65536};

  /**
   * What the finder tells {@link StaleWindows}: a launch of a window of {@code length} tokens, an
   * ingested result of one ({@code added}), or an operation forwarded with {@code untracedRun}
   * operations untraced in a row (a new phase from {@link #MIN} on).
   */
  record Event(Kind kind, int length, boolean added, long untracedRun) {}

  enum Kind { LAUNCH, RESULT, OPERATION }

  @Provide
  Arbitrary<Event> events() {
    // untraced runs: mostly noise, sometimes a new phase (at least MIN)
    Arbitrary<Long> runs = Arbitraries.frequencyOf(
        Tuple.of(12, Arbitraries.longs().between(0, MIN - 1)),
        Tuple.of(1, Arbitraries.longs().between(MIN, 10 * MIN)));
    return Combinators.combine(Arbitraries.of(Kind.class), Arbitraries.integers().between(0, LENGTHS.length - 1).map(i -> LENGTHS[i]),
        Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.just(true)),
            Tuple.of(3, Arbitraries.just(false))), runs)
        .as(Event::new);
  }

  /**
   * A skipped launch of length {@code w} follows an ingested result of {@code w} that added nothing,
   * with no result of {@code w} that added and no new phase (an operation with an untraced run of at
   * least {@link #MIN}) since; windows of at most {@link #MIN} tokens are never skipped; no length is
   * skipped more than {@code maxSkips} launches in a row; and once a length's last result added nothing,
   * with no new phase since, two launches of it in a row are never both mined (with {@code maxSkips}
   * at least 1).
   */
  @Property(tries = 400)
  void skipsOnlyStaleLengthsAtMostMaxSkipsInARowAndSkipsThem(
      @ForAll @Size(max = 300) List<@From("events") Event> events,
      @ForAll @IntRange(min = 0, max = 20) int maxSkips) {
    StaleWindows s = new StaleWindows(maxSkips);
    Map<Integer, Boolean> lastAdded = new HashMap<>(); // per length: its last result added (absent: none)
    Map<Integer, Boolean> phaseSinceResult = new HashMap<>(); // a new phase since that result
    Map<Integer, Integer> skippedInARow = new HashMap<>();
    Map<Integer, Boolean> previousMined = new HashMap<>(); // the previous launch since the last result was mined
    long skipped = 0;
    for (Event e : events) {
      int w = e.length();
      if (e.kind() == Kind.OPERATION) {
        s.untracedRun(e.untracedRun());
        if (e.untracedRun() >= MIN) {
          phaseSinceResult.replaceAll((k, v) -> true);
          previousMined.clear();
        }
        continue;
      }
      if (e.kind() == Kind.RESULT) {
        s.ingested(w, e.added());
        lastAdded.put(w, e.added());
        phaseSinceResult.put(w, false);
        previousMined.remove(w);
        continue;
      }
      boolean skip = s.skip(w);
      boolean stale = Boolean.FALSE.equals(lastAdded.get(w)) && !phaseSinceResult.getOrDefault(w, true);
      if (skip) {
        skipped++;
        assertThat(w).as("a window of at most %d tokens skipped", MIN).isGreaterThan(MIN);
        assertThat(stale).as("a skip of %d without a stale last result (or after a new phase)", w).isTrue();
        int run = skippedInARow.merge(w, 1, Integer::sum);
        assertThat(run).as("skips of %d in a row", w).isLessThanOrEqualTo(maxSkips);
        previousMined.put(w, false);
      } else {
        skippedInARow.put(w, 0);
        if (stale && maxSkips > 0 && w > MIN) {
          assertThat(previousMined.getOrDefault(w, false))
              .as("%d mined twice in a row after a result that added nothing", w).isFalse();
        }
        previousMined.put(w, true);
      }
    }
    assertThat(s.skipped).as("skips counted").isEqualTo(skipped);
  }

  /** After r results adding nothing, one launch in {@code min(2^r - 1, maxSkips) + 1} is mined. */
  @Example
  void afterRStaleResultsTheNextLaunchesOfThatLengthAreSkippedExponentially() {
    StaleWindows s = new StaleWindows(8);
    s.ingested(1024, false);
    assertThat(pattern(s, 1024, 6)).as("after 1 result adding nothing").isEqualTo("MsMsMs");
    s.ingested(1024, false);
    s.ingested(1024, false);
    assertThat(pattern(s, 1024, 8)).as("after 3: 7 skipped in a row").isEqualTo("Msssssss");
    for (int i = 0; i < 10; i++) {
      s.ingested(1024, false);
    }
    assertThat(pattern(s, 1024, 10)).as("capped at 8").isEqualTo("MssssssssM");
    assertThat(pattern(s, 2048, 3)).as("another length").isEqualTo("MMM");
    s.ingested(1024, true);
    assertThat(pattern(s, 1024, 3)).as("a result that added something, with skips left").isEqualTo("MMM");
  }

  @Example
  void aNewPhaseMinesEveryLengthAgainAndZeroSkipsNothing() {
    StaleWindows s = new StaleWindows(8);
    s.ingested(4096, false);
    s.ingested(4096, false);
    assertThat(s.skip(4096)).isFalse();
    s.untracedRun(MIN - 1);
    assertThat(s.skip(4096)).as("after noise").isTrue();
    s.untracedRun(MIN);
    assertThat(s.skip(4096)).as("after a new phase").isFalse();
    assertThat(pattern(s, 4096, 3)).isEqualTo("MMM");

    StaleWindows off = new StaleWindows(0);
    for (int i = 0; i < 5; i++) {
      off.ingested(4096, false);
    }
    assertThat(pattern(off, 4096, 4)).isEqualTo("MMMM");
  }

  /** M for a launch mined, s for one skipped: {@code n} launches of {@code w}, each after a short untraced run. */
  private static String pattern(StaleWindows s, int w, int n) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      s.untracedRun(3);
      b.append(s.skip(w) ? 's' : 'M');
    }
    return b.toString();
  }
}
