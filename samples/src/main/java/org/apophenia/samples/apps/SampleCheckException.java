package org.apophenia.samples.apps;

/** A sample's numbers are wrong (its residual did not fall, mass was not conserved, ...). */
public final class SampleCheckException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public SampleCheckException(String message) {
    super(message);
  }

  /** Throws a SampleCheckException with {@code message} unless {@code ok}. */
  public static void require(boolean ok, String message) {
    if (!ok) {
      throw new SampleCheckException(message);
    }
  }
}
