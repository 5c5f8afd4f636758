package org.apophenia.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.XChartTicks;

/** Tick steps one can read: 1-2-5 on linear axes, every count labelled where counts double. */
class ChartAxesTest {
  /** The oracle: the mantissa of a 1-2-5 step, in decimal (no binary rounding in the judgement). */
  private static boolean oneTwoFive(double step) {
    BigDecimal d = new BigDecimal(Double.toString(step)).stripTrailingZeros();
    return d.unscaledValue().abs().toString().matches("[125]");
  }

  @Property(tries = 500)
  void niceStepIsTheSmallestOneTwoFiveStepThatFitsTheTicks(@ForAll @DoubleRange(min = 1, max = 10) double mantissa,
      @ForAll @IntRange(min = -6, max = 12) int exponent, @ForAll @IntRange(min = 1, max = 20) int maxTicks) {
    double span = mantissa * Math.pow(10, exponent);
    double step = ChartAxes.niceStep(span, maxTicks);
    assertThat(oneTwoFive(step)).as("%s is 1, 2 or 5 times a power of ten", step).isTrue();
    assertThat(step * maxTicks).as("at most %d steps", maxTicks).isGreaterThanOrEqualTo(span * (1 - 1e-9));
    // the next smaller 1-2-5 step would need more ticks
    int digit = new BigDecimal(Double.toString(step)).stripTrailingZeros().unscaledValue().abs().intValue();
    double smaller = digit == 5 ? step * 2 / 5 : step / 2; // 5 -> 2, 2 -> 1, 1 -> 0.5
    assertThat(smaller * maxTicks).isLessThan(span * (1 + 1e-9));
  }

  @Test
  void niceStepExamples() {
    assertThat(ChartAxes.niceStep(243, 8)).isEqualTo(50);
    assertThat(ChartAxes.niceStep(1009, 10)).isEqualTo(200);
    assertThat(ChartAxes.niceStep(0.3, 3)).isEqualTo(0.1);
    assertThat(ChartAxes.niceStep(10, 10)).isEqualTo(1);
  }

  /** The steps between XChart's x tick labels, parsed. */
  static List<Double> steps(List<String> labels) {
    List<Double> v = new ArrayList<>();
    for (String l : labels) {
      if (!l.isBlank()) {
        v.add(Double.parseDouble(l.replace(",", "")));
      }
    }
    List<Double> d = new ArrayList<>();
    for (int i = 1; i < v.size(); i++) {
      d.add(v.get(i) - v.get(i - 1));
    }
    return d;
  }

  /**
   * A trace-search chart of an n-operation run (x values 0..n-1, equally spaced) gets ticks on a round
   * step, not on every k-th operation (0, 31, 62, ... on 243 operations before).
   */
  @Test
  void theTraceSearchChartsTicksAreRound() {
    for (int n : new int[] {243, 1009, 334, 50_000}) {
      TraceSearchChart.Points points = new TraceSearchChart.Points();
      long step = Math.max(1, n / TraceSearchChart.MAX_POINTS);
      for (long i = 0; i < n; i += step) {
        points.add(i, (int) Math.min(i, 100), (int) Math.min(i + 1, 5000));
      }
      XYChart chart = TraceSearchChart.chart("t", TraceSearchLog.counting(), points,
          new it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap(), n, 5000);
      List<Double> steps = steps(XChartTicks.x(chart));
      assertThat(steps).as(n + " ops: " + XChartTicks.x(chart)).isNotEmpty();
      assertThat(steps.stream().distinct().count()).as("one step").isEqualTo(1);
      assertThat(oneTwoFive(steps.get(0))).as(n + " ops: step " + steps.get(0)).isTrue();
    }
  }

  @Test
  void theYLabelNamesTheWindowUsed() {
    assertThat(TraceSearchChart.yLabel(1009, 5000)).isEqualTo("traced among all previous operations");
    assertThat(TraceSearchChart.yLabel(50_000, 5000)).isEqualTo("traced among the previous 5,000 operations");
  }

  @Test
  void countsThatDoubleAreEachLabelled() {
    XYChart chart = new XYChartBuilder().width(600).height(400).build();
    ChartAxes.countAxis(chart);
    List<Double> xs = new ArrayList<>();
    for (int c : new int[] {1, 2, 4, 8, 16, 32}) {
      xs.add(ChartAxes.log2(c));
    }
    chart.addSeries("s", xs, List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0));
    assertThat(XChartTicks.x(chart)).containsExactly("1", "2", "4", "8", "16", "32");
    assertThat(ChartAxes.powersOfTwo(List.of(1.0, 4.0, 16.0))).isTrue();
    assertThat(ChartAxes.powersOfTwo(List.of(1.0, 3.0))).isFalse();
  }

  @Test
  void aSeriesThatCoincidesWithAnEarlierOneSaysSo() {
    List<Double> xs = List.of(0.0, 1.0);
    assertThat(ChartAxes.legendName("auto-200", xs, List.of(5.0, 6.0), List.of("manual", "auto"),
        List.of(xs, xs), List.of(List.of(4.0, 6.0), List.of(5.0, 6.0)))).isEqualTo("auto-200 (same values as auto)");
    assertThat(ChartAxes.legendName("auto", xs, List.of(5.0, 6.0), List.of("manual"), List.of(xs),
        List.of(List.of(4.0, 6.0)))).isEqualTo("auto");
    // Figure 6's untraced s3d, small and medium: 2.90808 and 2.90801 it/s, one line at any size drawn
    assertThat(ChartAxes.legendName("none medium", xs, List.of(2.90801, 2.56928), List.of("none small"),
        List.of(xs), List.of(List.of(2.90808, 2.56932)))).isEqualTo("none medium (within 0.5% of none small)");
    assertThat(ChartAxes.legendName("b", xs, List.of(1.0, 2.0), List.of("a"), List.of(xs),
        List.of(List.of(1.0, 2.02)))).as("1% apart: told apart").isEqualTo("b");
  }
}
