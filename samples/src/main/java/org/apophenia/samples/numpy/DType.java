package org.apophenia.samples.numpy;

/**
 * The three element types of the NumPy subset, ordered by NumPy's promotion lattice
 * ({@code bool < int64 < float64}): the result type of mixing two is the later one. Every element is
 * stored in one 64-bit slot of the array's region: a float64 by its raw bits, an int64 as is, a bool
 * as 0 or 1, so one field serves all three and a region can be reused across dtypes of equal size.
 */
public enum DType {
  BOOL("bool"), INT64("int64"), FLOAT64("float64");

  private final String numpyName;

  DType(String numpyName) {
    this.numpyName = numpyName;
  }

  /** NumPy's result type of {@code a} and {@code b} (Python scalars promote the same way for these three). */
  public static DType promote(DType a, DType b) {
    return a.ordinal() >= b.ordinal() ? a : b;
  }

  /** The name NumPy prints, e.g. {@code float64}. */
  public String numpyName() {
    return numpyName;
  }

  /** The stored bits of {@code v} as a value of this type, as a double. */
  double toDouble(long bits) {
    return switch (this) {
      case FLOAT64 -> Double.longBitsToDouble(bits);
      case INT64 -> (double) bits;
      case BOOL -> bits != 0 ? 1.0 : 0.0;
    };
  }

  /**
   * The stored bits of {@code v} as an integer; a float64 is truncated toward zero, and NaN or a value
   * outside int64 gives {@code Long.MIN_VALUE}, as NumPy's cast does on x86-64.
   */
  long toLong(long bits) {
    if (this == FLOAT64) {
      double d = Double.longBitsToDouble(bits);
      return d != d || d >= 0x1p63 || d < -0x1p63 ? Long.MIN_VALUE : (long) d;
    }
    return this == BOOL ? (bits != 0 ? 1 : 0) : bits;
  }

  /** The stored bits of {@code v} as a truth value (nonzero; NaN is true, as in NumPy). */
  boolean toBool(long bits) {
    return this == FLOAT64 ? Double.longBitsToDouble(bits) != 0.0 : bits != 0;
  }

  @Override
  public String toString() {
    return numpyName;
  }
}
