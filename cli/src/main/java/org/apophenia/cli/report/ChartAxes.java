package org.apophenia.cli.report;

import java.awt.Color;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Axes one can read, for every chart the product draws (XChart): round tick steps on linear axes,
 * every plotted count labelled where counts double (nodes, GPUs), and series that coincide said so.
 * Stateless.
 *
 * <p>Why the helpers: XChart puts a linear axis's ticks on round 1-2-5 steps, except when the
 * plotted x values are equally spaced (an operation index, a node count on a log scale), where it
 * puts one on every k-th value instead (0, 31, 62, ... on a 243-operation run); and its log axes
 * label decades only ("1", "10"), leaving 2, 4, 8 and 16 nodes unlabelled.
 */
public final class ChartAxes {
  private ChartAxes() {}

  /**
   * The tick step for {@code span} cut into at most {@code maxTicks} steps: the smallest of 1, 2 and
   * 5 times a power of ten that is at least {@code span / maxTicks} (1 for an empty span).
   */
  public static double niceStep(double span, int maxTicks) {
    if (!(span > 0) || maxTicks < 1) {
      return 1;
    }
    double raw = span / maxTicks;
    int k = (int) Math.floor(Math.log10(raw));
    for (int e = k; e <= k + 1; e++) {
      for (int m : new int[] {1, 2, 5}) {
        double step = times(m, e);
        // a relative tolerance: 0.3 / 3 is 0.09999999999999999 in doubles, and must give 0.1
        if (step >= raw * (1 - 1e-12)) {
          return step;
        }
      }
    }
    return times(10, k + 1);
  }

  /** {@code m * 10^e} as the double nearest the decimal (5e-6, not 4.9999999999999996e-6). */
  private static double times(int m, int e) {
    return e >= 0 ? m * Math.pow(10, e) : m / Math.pow(10, -e);
  }

  /**
   * Makes XChart choose round 1-2-5 ticks on a linear x axis whose values may be equally spaced: one
   * invisible point (no marker, no line, not in the legend) at a position that breaks the spacing.
   */
  public static void roundTicks(XYChart chart, double xMin, double xMax, double y) {
    double x = xMin + (xMax - xMin) * 0.5 + Math.max(1e-9, (xMax - xMin) * 1e-6);
    XYSeries s = chart.addSeries("\u200b", new double[] {x}, new double[] {y});
    s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
    s.setMarker(SeriesMarkers.NONE);
    s.setShowInLegend(false);
    s.setLineColor(new Color(0, 0, 0, 0));
  }

  /** Whether every value is a power of two (1, 2, 4, ...): counts of nodes or GPUs. */
  public static boolean powersOfTwo(Collection<Double> values) {
    for (double v : values) {
      if (!(v >= 1) || v != Math.rint(v) || Long.bitCount((long) v) != 1) {
        return false;
      }
    }
    return !values.isEmpty();
  }

  /** log2 of a count, the x value drawn for it on a {@link #countAxis}. */
  public static double log2(double v) {
    return Math.log(v) / Math.log(2);
  }

  /**
   * An x axis of counts that double, drawn at log2 of each count on a linear axis (so equally spaced,
   * each plotted count a tick) and labelled with the count itself: 1, 2, 4, 8, 16, 32.
   */
  public static void countAxis(XYChart chart) {
    chart.getStyler().setXAxisLogarithmic(false);
    chart.getStyler().setxAxisTickLabelsFormattingFunction(v -> {
      double c = Math.pow(2, v);
      return Math.abs(c - Math.rint(c)) < 1e-6 ? String.format(Locale.ROOT, "%d", Math.round(c)) : "";
    });
  }

  /** A log y axis labelled at 1, 2, ..., 9 times each decade, not at decades only. */
  public static void readableLogY(XYChart chart) {
    chart.getStyler().setYAxisLogarithmic(true);
    chart.getStyler().setYAxisLogarithmicDecadeOnly(false);
  }

  /** Closer than this, relative, two points are drawn on top of each other. */
  static final double INDISTINGUISHABLE = 0.005;

  /**
   * The legend name of a series, noting an earlier series it would hide: one with the same y at the
   * same x everywhere ("auto-200 (same values as auto)"), or within {@value #INDISTINGUISHABLE} of it
   * everywhere, closer than the picture can show ("none medium (within 0.5% of none small)").
   */
  public static String legendName(String name, List<Double> xs, List<Double> ys, List<String> earlierNames,
      List<List<Double>> earlierXs, List<List<Double>> earlierYs) {
    for (int i = 0; i < earlierNames.size(); i++) {
      if (earlierXs.get(i).equals(xs) && earlierYs.get(i).equals(ys)) {
        return name + " (same values as " + earlierNames.get(i) + ")";
      }
    }
    for (int i = 0; i < earlierNames.size(); i++) {
      if (earlierXs.get(i).equals(xs) && close(earlierYs.get(i), ys)) {
        return name + " (within 0.5% of " + earlierNames.get(i) + ")";
      }
    }
    return name;
  }

  private static boolean close(List<Double> a, List<Double> b) {
    for (int k = 0; k < a.size(); k++) {
      double x = a.get(k);
      double y = b.get(k);
      if (!(Math.abs(x - y) <= INDISTINGUISHABLE * Math.max(Math.abs(x), Math.abs(y)))) {
        return false;
      }
    }
    return true;
  }
}
