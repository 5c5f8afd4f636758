package org.apophenia.suffix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** The ruler-function schedule of paper §4.4 and Legion's implementation (REFERENCES.md). */
class RulerScheduleTest {

  @Test
  void paperFigure5WithBufferFourAndScaleOne() {
    // "with a buffer size of four ... first analyze the first task, then the first two tasks,
    // then the third task, and finally all four tasks"
    RulerSchedule s = new RulerSchedule(4, 1);
    assertThat(IntStream.rangeClosed(1, 4).map(s::windowAfter).toArray()).containsExactly(1, 2, 1, 4);
    assertThat(s.isFull(4)).isTrue();
    assertThat(s.isFull(3)).isFalse();
  }

  @Test
  void rulerSequenceInUnitsOfTheScale() {
    RulerSchedule s = new RulerSchedule(20, 2);
    assertThat(IntStream.rangeClosed(1, 20).map(s::windowAfter).toArray())
        .containsExactly(0, 2, 0, 4, 0, 2, 0, 8, 0, 2, 0, 4, 0, 2, 0, 16, 0, 2, 0, 20);
  }

  @Test
  void legionDefaultsAnalyseTheWholeBufferWhenFull() {
    RulerSchedule s = new RulerSchedule(2000, 100); // window 1000, buffer 2000, scale 100
    assertThat(s.windowAfter(100)).isEqualTo(100);
    assertThat(s.windowAfter(800)).isEqualTo(800);
    assertThat(s.windowAfter(1200)).isEqualTo(400);
    assertThat(s.windowAfter(1999)).isZero();
    assertThat(s.windowAfter(2000)).isEqualTo(2000);
  }

  /** A schedule and a buffer size it accepts: {@code 1 <= scale <= buffer}, {@code 1 <= size <= buffer}. */
  record Point(RulerSchedule schedule, int size) {}

  @Provide
  Arbitrary<Point> points() {
    return Arbitraries.integers().between(1, 5000).flatMap(buffer -> Combinators.combine(
        Arbitraries.integers().between(1, Math.min(500, buffer)), Arbitraries.integers().between(1, buffer))
        .as((scale, size) -> new Point(new RulerSchedule(buffer, scale), size)));
  }

  @Property(tries = 2000)
  void windowNeverExceedsTheBuffered(@ForAll("points") Point p) {
    assertThat(p.schedule().windowAfter(p.size())).isBetween(0, p.size());
  }

  @Provide
  Arbitrary<RulerSchedule> schedules() {
    return points().map(Point::schedule);
  }

  /** Sizes short of a full buffer that are not a multiple of the scale (so the scale is at least 2). */
  @Provide
  Arbitrary<Point> betweenMultiples() {
    return Combinators.combine(Arbitraries.integers().between(2, 500), Arbitraries.integers().between(0, 20))
        .flatAs((scale, units) -> Combinators.combine(Arbitraries.integers().between(1, scale - 1),
            Arbitraries.integers().between(1, 5000)).as((rest, extra) -> {
              int size = units * scale + rest;
              return new Point(new RulerSchedule(Math.max(scale, size) + extra, scale), size);
            }));
  }

  /** Sizes short of a full buffer that are a whole number of scale units. */
  @Provide
  Arbitrary<Point> atMultiples() {
    return Combinators.combine(Arbitraries.integers().between(1, 500), Arbitraries.integers().between(1, 64),
        Arbitraries.integers().between(1, 5000)).as((scale, units, extra) ->
            new Point(new RulerSchedule(units * scale + extra, scale), units * scale));
  }

  @Property(tries = 500)
  void aFullBufferIsAnalysedWhole(@ForAll("schedules") RulerSchedule s) {
    assertThat(s.windowAfter(s.bufferSize())).isEqualTo(s.bufferSize());
  }

  @Property(tries = 1000)
  void noWindowOpensBetweenMultiplesOfTheScale(@ForAll("betweenMultiples") Point p) {
    assertThat(p.schedule().windowAfter(p.size())).isZero();
  }

  /**
   * The ruler function as laws rather than a second implementation: at a multiple of the scale the
   * window spans a power of two of scale units, the largest that divides the units buffered (so the
   * quotient is odd).
   */
  @Property(tries = 1000)
  void atAMultipleOfTheScaleTheWindowIsTheRulerFunctionInScaleUnits(@ForAll("atMultiples") Point p) {
    RulerSchedule s = p.schedule();
    int buffered = p.size() / s.scale();
    int window = s.windowAfter(p.size());
    assertThat(window % s.scale()).as("window %d in whole units of %d", window, s.scale()).isZero();
    int units = window / s.scale();
    assertThat(Integer.bitCount(units)).as("window units %d, a power of two", units).isEqualTo(1);
    assertThat(buffered % units).as("window units divide the %d buffered", buffered).isZero();
    assertThat((buffered / units) % 2).as("the largest such power of two").isEqualTo(1);
  }

  @Test
  void tokensAnalysedPerBufferGrowAsBLogBOverS() {
    // Measured: the sum of all windows over one buffer, divided by B * log2(B / s). If the schedule
    // grew as B^2 / s (analysing the whole buffer every s tokens), this ratio would grow with B / s
    // instead of staying in a narrow band (it tends to 1/2).
    int scale = 100;
    double lo = Double.MAX_VALUE;
    double hi = 0;
    for (int units = 8; units <= 1 << 14; units <<= 1) {
      RulerSchedule s = new RulerSchedule(units * scale, scale);
      double ratio = s.tokensAnalysedPerBuffer() / (units * (double) scale * (Math.log(units) / Math.log(2)));
      lo = Math.min(lo, ratio);
      hi = Math.max(hi, ratio);
      // never worse than the whole buffer analysed log2(B/s) + 1 times
      assertThat(s.tokensAnalysedPerBuffer()).isLessThanOrEqualTo((long) units * scale * (log2(units) + 1));
    }
    assertThat(lo).isGreaterThan(0.45);
    assertThat(hi).isLessThan(1.0);
    RulerSchedule quadratic = new RulerSchedule(1 << 14, 1);
    assertThat(quadratic.tokensAnalysedPerBuffer()).isLessThan((1L << 14) * (1L << 14) / 100);
  }

  @Test
  void rejectsNonsense() {
    assertThrows(IllegalArgumentException.class, () -> new RulerSchedule(0, 1));
    assertThrows(IllegalArgumentException.class, () -> new RulerSchedule(10, 0));
    assertThrows(IllegalArgumentException.class, () -> new RulerSchedule(10, 11));
    assertThrows(IllegalArgumentException.class, () -> new RulerSchedule(10, 2).windowAfter(11));
    assertThrows(IllegalArgumentException.class, () -> new RulerSchedule(10, 2).windowAfter(0));
  }

  private static int log2(int x) {
    return 31 - Integer.numberOfLeadingZeros(x);
  }
}
