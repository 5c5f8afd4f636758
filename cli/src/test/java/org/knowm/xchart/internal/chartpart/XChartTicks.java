package org.knowm.xchart.internal.chartpart;

import java.util.List;
import org.knowm.xchart.BitmapEncoder;

/**
 * The tick labels XChart chose for a chart's x axis, read where XChart keeps them (its axis
 * package; a test helper only, for the version the build pins): the charts are drawn once first,
 * which is when XChart places the ticks.
 */
public final class XChartTicks {
  private XChartTicks() {}

  public static List<String> x(Chart<?, ?> chart) {
    BitmapEncoder.getBufferedImage(chart);
    return chart.getAxisPair().getXAxis().getAxisTickCalculator().getTickLabels();
  }
}
