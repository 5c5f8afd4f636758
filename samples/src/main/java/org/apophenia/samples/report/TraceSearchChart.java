package org.apophenia.samples.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
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
  private static final int MAX_POINTS = 4000;

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

  static void write(Path png, String title, TraceSearchRecorder rec, int[] inWindow, int window)
      throws IOException {
    System.setProperty("java.awt.headless", "true");
    int n = inWindow.length;
    int step = Math.max(1, n / MAX_POINTS);
    List<Integer> xs = new ArrayList<>();
    List<Integer> ys = new ArrayList<>();
    List<Integer> ideal = new ArrayList<>();
    for (int i = 0; i < n; i += step) {
      xs.add(i);
      ys.add(inWindow[i]);
      ideal.add(Math.min(i + 1, window));
    }
    if (n > 0 && (n - 1) % step != 0) {
      xs.add(n - 1);
      ys.add(inWindow[n - 1]);
      ideal.add(Math.min(n, window));
    }
    XYChart chart = new XYChartBuilder().width(1000).height(520).title(title)
        .xAxisTitle("operation index").yAxisTitle("traced among the previous " + window + " operations")
        .build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    chart.getStyler().setPlotGridLinesVisible(true);
    chart.getStyler().setYAxisMin(0.0);
    chart.getStyler().setXAxisDecimalPattern("#,###");
    chart.getStyler().setYAxisDecimalPattern("#,###");
    chart.getStyler().setYAxisMax(niceCeiling(Math.max(1, Math.min(n, window)) * 1.08));
    if (xs.isEmpty()) {
      xs.add(0);
      ys.add(0);
      ideal.add(0);
    }
    XYSeries best = chart.addSeries("all previous operations (upper bound)", xs, ideal);
    best.setMarker(SeriesMarkers.NONE);
    best.setLineColor(new Color(170, 170, 170));
    best.setLineStyle(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10,
        new float[] {6, 4}, 0));
    XYSeries traced = chart.addSeries("traced (Apophenia)", xs, ys);
    traced.setMarker(SeriesMarkers.NONE);
    traced.setLineColor(new Color(31, 119, 180));
    traced.setLineWidth(2f);
    List<Long> firstX = new ArrayList<>();
    List<Integer> firstY = new ArrayList<>();
    for (TraceSearchRecorder.TraceInfo t : rec.traces()) {
      firstX.add(t.firstOp);
      firstY.add(inWindow.length == 0 ? 0 : inWindow[(int) Math.min(t.firstOp, n - 1)]);
    }
    if (!firstX.isEmpty()) {
      XYSeries first = chart.addSeries("trace first recorded (" + firstX.size() + ")", firstX, firstY);
      first.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
      first.setMarker(SeriesMarkers.DIAMOND);
      first.setMarkerColor(new Color(214, 39, 40));
    }
    BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
  }
}
