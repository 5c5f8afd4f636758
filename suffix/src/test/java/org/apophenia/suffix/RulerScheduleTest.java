package org.apophenia.suffix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
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

  @Property
  void windowNeverExceedsTheBuffered(@ForAll @IntRange(min = 1, max = 5000) int buffer,
      @ForAll @IntRange(min = 1, max = 500) int scale, @ForAll @IntRange(min = 1, max = 5000) int size) {
    if (scale > buffer || size > buffer) {
      return;
    }
    RulerSchedule s = new RulerSchedule(buffer, scale);
    assertThat(s.windowAfter(size)).isBetween(0, size);
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
