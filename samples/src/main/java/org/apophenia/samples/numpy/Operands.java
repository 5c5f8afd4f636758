package org.apophenia.samples.numpy;

/**
 * The operands of an operation: arrays, or Java numbers and booleans taken as NumPy scalars (a
 * {@code double} as float64, a {@code long} or {@code int} as int64, a {@code boolean} as bool), with
 * their dtypes and shapes (a scalar's shape is {@code ()}). Stateless.
 */
final class Operands {
  private Operands() {}

  /**
   * A Python scalar operand, its value's 64 bits (a float64's raw bits): weak in promotion, which for
   * these three dtypes is NumPy's ordinary rule.
   */
  record Scalar(DType dtype, long bits) {}

  /** {@code x} as an operand: an array or a {@link Scalar}. */
  static Object of(Object x) {
    if (x instanceof NpArray || x instanceof Scalar) {
      return x;
    } else if (x instanceof Double || x instanceof Float) {
      return scalar(((Number) x).doubleValue());
    } else if (x instanceof Long || x instanceof Integer) {
      return scalar(((Number) x).longValue());
    } else if (x instanceof Boolean b) {
      return new Scalar(DType.BOOL, b ? 1 : 0);
    }
    throw new IllegalArgumentException("not an array or a scalar: " + x);
  }

  static Scalar scalar(double v) {
    return new Scalar(DType.FLOAT64, Double.doubleToRawLongBits(v));
  }

  static Scalar scalar(long v) {
    return new Scalar(DType.INT64, v);
  }

  static DType dtype(Object o) {
    return o instanceof NpArray a ? a.dtype : ((Scalar) o).dtype();
  }

  static int[] shape(Object o) {
    return o instanceof NpArray a ? a.geometry.shape : new int[0];
  }

  /** The operands' shapes, for error messages: {@code (3, 4) (4,)}. */
  static String shapes(Object... xs) {
    StringBuilder b = new StringBuilder();
    for (Object x : xs) {
      b.append(b.length() == 0 ? "" : " ").append(Shapes.str(shape(x)));
    }
    return b.toString();
  }
}
