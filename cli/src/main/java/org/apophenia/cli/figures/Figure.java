package org.apophenia.cli.figures;

import java.util.List;

/**
 * One figure of the paper regenerated: its points, the shapes checked on them, and what it says about
 * the paper's version. Immutable value.
 *
 * @param number 6, 7, 8 or 9
 * @param title what it shows
 * @param points every configuration that was run, in order
 * @param checks the shapes the paper's figure shows, checked here
 * @param note how it compares with the paper, in one paragraph
 */
public record Figure(int number, String title, List<FigurePoint> points, List<ShapeCheck> checks, String note) {
  public Figure {
    points = List.copyOf(points);
    checks = List.copyOf(checks);
  }

  /** The file name stem of its CSV and PNG: {@code figure6}. */
  public String stem() {
    return "figure" + number;
  }
}
