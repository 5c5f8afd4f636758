package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.apophenia.suffix.RepeatFinder;
import org.junit.jupiter.api.Test;

/**
 * The repeat filter only answers windows that FindRepeats would find empty, and it does answer
 * windows of a stream that never repeats; with it, the interceptor decides exactly as without it.
 */
class RepeatFilterProperties {
  /** The filter's answer for the window of the last {@code w} tokens: may it hold a repeat? */
  interface Answer {
    boolean mayRepeat(RepeatFilter f, int w);
  }

  private static final Answer FILTER = RepeatFilter::mayRepeat;
  /** A filter that answers every window "no repeat": the soundness check must reject it. */
  private static final Answer ALWAYS_NO = (f, w) -> false;

  /**
   * Tokens from an alphabet of {@code alphabet} symbols with a loop spliced in, so that windows both
   * with and without repeats occur; {@code pauses} toggles the filter's pause at random points.
   */
  static void checkSound(Answer answer, long seed, int alphabet, int length, int min, int horizon, boolean pauses) {
    Random rnd = new Random(seed);
    long[] tokens = new long[length];
    int loopAt = rnd.nextInt(length);
    int period = min + rnd.nextInt(3 * min);
    for (int i = 0; i < length; i++) {
      tokens[i] = i >= loopAt && i < loopAt + 4 * period ? 1_000_000 + (i - loopAt) % period
          : alphabet == 0 ? 2_000_000 + i : rnd.nextInt(alphabet);
    }
    // echoes: segments of min to 2 min tokens copied from up to a horizon back, the repeats whose
    // first occurrence the filter must still hold when the second comes
    for (int i = Math.max(horizon / 8, 2 * min); i + 2 * min < length; i += min + rnd.nextInt(horizon / 4 + 1)) {
      int len = min + rnd.nextInt(min + 1);
      int from = i - min - rnd.nextInt(Math.min(i - min, horizon - 2 * min) + 1);
      if (from >= 0) {
        System.arraycopy(tokens, from, tokens, i, len);
      }
    }
    RepeatFilter f = new RepeatFilter(min, horizon);
    RepeatFinder finder = RepeatFinder.withMinLength(min);
    for (int i = 0; i < length; i++) {
      if (pauses && rnd.nextInt(50) == 0) {
        if (f.paused()) {
          f.resume();
        } else {
          f.pause();
        }
      }
      f.push(tokens[i]);
      int longest = Math.min(i + 1, horizon);
      if (longest < 2 * min) {
        continue; // no window yet long enough to hold two occurrences: none is mined
      }
      int w = 2 * min + rnd.nextInt(longest - 2 * min + 1);
      if (!answer.mayRepeat(f, w)) {
        long[] window = Arrays.copyOfRange(tokens, i + 1 - w, i + 1);
        assertThat(finder.find(window).repeats()).as("window of %d tokens ending at %d, answered 'no repeat'", w, i + 1)
            .isEmpty();
      }
    }
  }

  @Property(tries = 200)
  void aWindowAnsweredHasNoRepeat(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 0, max = 40) int alphabet,
      @ForAll @IntRange(min = 2, max = 14) int min, // past RepeatFilter.MAX_GRAM too: grams are then cut
      @ForAll @IntRange(min = 40, max = 200) int horizon,
      @ForAll boolean pauses) {
    checkSound(FILTER, seed, alphabet, 12 * horizon, min, horizon, pauses); // several rebuilds of its table
  }

  @Test
  void aStreamThatNeverRepeatsIsAnsweredNotMined() {
    RepeatFilter f = new RepeatFilter(5, 1024);
    int answered = 0;
    for (int i = 0; i < 4096; i++) {
      f.push(1_000_000L + i);
      if (i >= 9 && !f.mayRepeat(Math.min(i + 1, 1024))) {
        answered++;
      }
    }
    assertThat(answered).isEqualTo(4096 - 9);
    // one repeat of five tokens: every window holding both occurrences may repeat, a later one not
    for (int k = 0; k < 2; k++) {
      for (int i = 0; i < 5; i++) {
        f.push(7 + i);
      }
      for (int i = 0; i < 20; i++) {
        f.push(3_000_000L + 100 * k + i);
      }
    }
    assertThat(f.mayRepeat(50)).isTrue();
    assertThat(f.mayRepeat(20)).isFalse();
  }

  @Test
  void aPausedFilterAnswersNothingAndAfterItsResumptionOnlyWindowsFromThen() {
    RepeatFilter f = new RepeatFilter(5, 1024);
    for (int i = 0; i < 100; i++) {
      f.push(i);
    }
    f.pause();
    for (int i = 0; i < 100; i++) {
      f.push(7); // unrecorded: a run of one token, which repeats
    }
    assertThat(f.mayRepeat(20)).isTrue();
    f.resume();
    for (int i = 0; i < 50; i++) {
      f.push(5_000 + i);
    }
    assertThat(f.mayRepeat(60)).as("reaches back into the pause").isTrue();
    assertThat(f.mayRepeat(40)).isFalse();
  }

  @Test
  void theCheckRejectsAFilterThatAnswersEveryWindow() {
    assertThatThrownBy(() -> checkSound(ALWAYS_NO, 1, 4, 600, 5, 200, false)).isInstanceOf(AssertionError.class);
  }

  /** What the equivalence check runs: the interceptor with the filter given, or a stub. */
  private static final BiFunction<List<TestOp>, Boolean, SinkLog<TestOp>> WITH_FILTER = (ops, on) -> {
    SinkLog<TestOp> rec = new SinkLog<>();
    ApopheniaSettings settings = ApopheniaSettings.defaults().toBuilder().set(Knobs.BATCH_SIZE, 512).build();
    try (Interceptor<TestOp> i = Interceptor.builder(TestOp.TOKENIZER, rec).settings(settings).executor(Runnable::run)
        .filterWindows(on).build()) {
      ops.forEach(i::execute);
      if (on) {
        assertThat(i.stats().windowsWithoutRepeats()).as("windows answered").isPositive();
      } else {
        assertThat(i.stats().windowsWithoutRepeats()).isZero();
      }
    }
    return rec;
  };

  /** Fresh tokens (nothing to find), a loop, fresh tokens again, a loop again with noise. */
  static List<TestOp> phases(long seed, int fresh, int period, int reps) {
    Random rnd = new Random(seed);
    List<TestOp> ops = new ArrayList<>();
    long next = 10_000_000;
    for (int phase = 0; phase < 2; phase++) {
      for (int i = 0; i < fresh; i++) {
        ops.add(new TestOp(next++, Traceability.TRACEABLE, ops.size()));
      }
      for (int r = 0; r < reps; r++) {
        for (int i = 0; i < period; i++) {
          ops.add(new TestOp(1000 + i, Traceability.TRACEABLE, ops.size()));
          if (phase == 1 && rnd.nextInt(100) == 0) {
            ops.add(new TestOp(next++, Traceability.TRACEABLE, ops.size()));
          }
        }
      }
    }
    return ops;
  }

  @Property(tries = 25)
  void theInterceptorDecidesTheSameWithAndWithoutTheFilter(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 100, max = 3000) int fresh,
      @ForAll @IntRange(min = 5, max = 60) int period) {
    List<TestOp> ops = phases(seed, fresh, period, 1500 / period + 2);
    SinkLog<TestOp> with = WITH_FILTER.apply(ops, true);
    SinkLog<TestOp> without = WITH_FILTER.apply(ops, false);
    Laws.check(ops, with);
    assertThat(with.events).hasToString(without.events.toString());
  }
}
