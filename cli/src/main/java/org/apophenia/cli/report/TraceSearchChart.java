package org.apophenia.cli.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The paper's Figure 10 for one stream: for each operation, how many of the previous {@code W}
 * operations were issued inside traces, with the ideal (all of them) as a reference line and a marker
 * where each trace was first recorded. Drawn with XChart; headless-safe. Stateless.
 */
final class TraceSearchChart {
  static final int MAX_POINTS = 4000;

  private TraceSearchChart() {}

  /** The smallest round multiple (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8) of a power of ten that is at least {@code v}. */
  static double niceCeiling(double v) {
    double p = Math.pow(10, Math.floor(Math.log10(v)));
    for (double m : new double[] {1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10}) {
      if (m * p >= v) {
        return m * p;
      }
    }
    return 10 * p;
  }

  /** The sampled points of the curve: operation index, traced in the window, and the ideal. */
  static final class Points {
    final List<Long> xs = new ArrayList<>();
    final List<Integer> ys = new ArrayList<>();
    final List<Integer> ideal = new ArrayList<>();
    /** Reachable by any online finder among the same window ({@code --bound}), or null. */
    List<Integer> reachable;

    void add(long x, int y, int best) {
      xs.add(x);
      ys.add(y);
      ideal.add(best);
    }

    void addReachable(int r) {
      if (reachable == null) {
        reachable = new ArrayList<>();
      }
      reachable.add(r);
    }
  }

  /**
   * Draws the curve from at most about {@link #MAX_POINTS} sampled {@code points} of an {@code n}-op
   * stream; {@code atFirstOps} gives the curve's value at each trace's first operation.
   */
  static void write(OutputStream png, String title, TraceSearchLog rec, Points points,
      it.unimi.dsi.fastutil.longs.Long2IntMap atFirstOps, long n, int window) throws IOException {
    BitmapEncoder.saveBitmap(chart(title, rec, points, atFirstOps, n, window), png, BitmapEncoder.BitmapFormat.PNG);
  }

  /** The y axis's label: the window actually used, which is every previous operation on a run shorter than it. */
  static String yLabel(long n, int window) {
    return n <= window ? "traced among all previous operations"
        : "traced among the previous " + String.format(java.util.Locale.ROOT, "%,d", window) + " operations";
  }

  /** The chart {@link #write} draws (tests read its axes). */
  static XYChart chart(String title, TraceSearchLog rec, Points points,
      it.unimi.dsi.fastutil.longs.Long2IntMap atFirstOps, long n, int window) {
    System.setProperty("java.awt.headless", "true");
    List<Long> xs = points.xs;
    List<Integer> ys = points.ys;
    List<Integer> ideal = points.ideal;
    XYChart chart = new XYChartBuilder().width(1000).height(520).title(title)
        .xAxisTitle("operation index").yAxisTitle(yLabel(n, window))
        .build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    chart.getStyler().setPlotGridLinesVisible(true);
    chart.getStyler().setYAxisMin(0.0);
    chart.getStyler().setXAxisDecimalPattern("#,###");
    chart.getStyler().setYAxisDecimalPattern("#,###");
    chart.getStyler().setYAxisMax(niceCeiling(Math.max(1, Math.min(n, window)) * 1.08));
    if (xs.isEmpty()) {
      xs.add(0L);
      ys.add(0);
      ideal.add(0);
      if (points.reachable != null) {
        points.reachable.add(0);
      }
    }
    XYSeries best = chart.addSeries(n <= window ? "all previous operations (upper bound; the run is shorter than "
        + String.format(java.util.Locale.ROOT, "the window of %,d)", window)
        : String.format(java.util.Locale.ROOT, "all of the previous %,d (upper bound)", window), xs, ideal);
    best.setMarker(SeriesMarkers.NONE);
    best.setLineColor(new Color(170, 170, 170));
    best.setLineStyle(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10,
        new float[] {6, 4}, 0));
    if (points.reachable != null) {
      XYSeries bound = chart.addSeries("reachable by any online finder (--bound)", xs, points.reachable);
      bound.setMarker(SeriesMarkers.NONE);
      bound.setLineColor(new Color(44, 160, 44));
      bound.setLineWidth(1.5f);
    }
    XYSeries traced = chart.addSeries("traced (Apophenia)", xs, ys);
    traced.setMarker(SeriesMarkers.NONE);
    traced.setLineColor(new Color(31, 119, 180));
    traced.setLineWidth(2f);
    List<Long> firstX = new ArrayList<>();
    List<Integer> firstY = new ArrayList<>();
    for (TraceSearchLog.TraceInfo t : rec.traces()) {
      firstX.add(t.firstOp);
      firstY.add(n == 0 ? 0 : atFirstOps.getOrDefault(Math.min(t.firstOp, n - 1), 0));
    }
    if (!firstX.isEmpty()) {
      XYSeries first = chart.addSeries("trace first recorded (" + firstX.size() + (firstX.size() == 1 ? " trace)"
          : " traces)"), firstX, firstY);
      first.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
      first.setMarker(SeriesMarkers.DIAMOND);
      first.setMarkerColor(new Color(214, 39, 40));
    }
    ChartAxes.roundTicks(chart, 0, Math.max(1, n - 1), 0);
    javax.imageio.ImageIO.setUseCache(false); // no cache file in java.io.tmpdir: the PNG is small
    return chart;
  }
}
