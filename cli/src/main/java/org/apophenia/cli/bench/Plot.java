package org.apophenia.cli.bench;

import java.util.List;

/**
 * An XY line chart to draw as {@code NAME.png} under {@code --out}: a title, axis labels, whether an
 * axis is logarithmic, and named series. Immutable.
 */
public record Plot(String name, String title, String xLabel, String yLabel, boolean logX, boolean logY,
    List<Series> series) {
  public Plot {
    series = List.copyOf(series);
  }

  /**
   * One line of the chart; points with a non-finite coordinate are dropped when drawing. A
   * {@code dashed} series is drawn dashed in the colour of the series before it (a pair such as
   * traced and untraced runs of one sample).
   */
  public record Series(String name, double[] x, double[] y, boolean dashed, boolean pointsOnly) {
    public Series {
      if (x.length != y.length) {
        throw new IllegalArgumentException(name + ": " + x.length + " x values, " + y.length + " y values");
      }
    }

    public Series(String name, double[] x, double[] y, boolean dashed) {
      this(name, x, y, dashed, false);
    }

    public Series(String name, double[] x, double[] y) {
      this(name, x, y, false, false);
    }

    /** Marked points without a line (a measured threshold such as the METG). */
    public static Series points(String name, double[] x, double[] y) {
      return new Series(name, x, y, false, true);
    }
  }
}
