package org.apophenia.cli.figures;

/**
 * One shape a figure must show (the paper's qualitative result), checked on the points that ran.
 * Immutable value.
 *
 * @param figure the figure it belongs to
 * @param name what must hold
 * @param pass whether it held
 * @param detail the numbers it was decided on
 * @param notJudged why the configuration that ran cannot show this shape (then {@code pass} is
 *     true and means nothing), or null when it was decided
 */
public record ShapeCheck(String figure, String name, boolean pass, String detail, String notJudged) {
  public ShapeCheck(String figure, String name, boolean pass, String detail) {
    this(figure, name, pass, detail, null);
  }

  /** A shape the configuration that ran cannot show, and why: reported, never counted as a PASS. */
  static ShapeCheck notJudged(String figure, String name, String why) {
    return new ShapeCheck(figure, name, true, "", why);
  }

  /** Whether it was decided on the points that ran. */
  public boolean judged() {
    return notJudged == null;
  }

  /** Decided, and it did not hold. */
  public boolean failed() {
    return judged() && !pass;
  }

  @Override
  public String toString() {
    return judged() ? (pass ? "PASS " : "FAIL ") + figure + ": " + name + " (" + detail + ")"
        : "SKIP " + figure + ": " + name + ": not judged in this configuration: " + notJudged;
  }
}
