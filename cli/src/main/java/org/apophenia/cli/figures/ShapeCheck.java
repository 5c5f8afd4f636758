package org.apophenia.cli.figures;

/**
 * One shape a figure must show (the paper's qualitative result), checked on the points that ran.
 * Immutable value.
 *
 * @param figure the figure it belongs to
 * @param name what must hold
 * @param pass whether it held
 * @param detail the numbers it was decided on
 */
public record ShapeCheck(String figure, String name, boolean pass, String detail) {
  @Override
  public String toString() {
    return (pass ? "PASS " : "FAIL ") + figure + ": " + name + " (" + detail + ")";
  }
}
