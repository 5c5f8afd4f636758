package org.apophenia.samples.numpy;

/**
 * NumPy's binary element-wise functions of the subset, with their type rules: the inputs are
 * converted to the <em>compute</em> type (the promotion of theirs, float64 for {@code true_divide}),
 * the function runs there and gives a value of the <em>result</em> type (bool for comparisons).
 * {@link #resultType} refuses, as NumPy does, bitwise functions on floats and subtraction of bools.
 * Arithmetic on float64 is IEEE's, so results are NumPy's bit for bit; {@code power} calls
 * {@link StrictMath#pow} except for NumPy's exact fast paths (exponent 2, 0.5, 1, -1, 0 of a scalar),
 * so general powers may differ from NumPy's libm by an ulp. Integer arithmetic wraps, as NumPy's.
 */
public enum BinaryUfunc {
  ADD("add"), SUBTRACT("subtract"), MULTIPLY("multiply"), TRUE_DIVIDE("true_divide"), POWER("power"),
  MAXIMUM("maximum"), MINIMUM("minimum"),
  LESS("less"), LESS_EQUAL("less_equal"), GREATER("greater"), GREATER_EQUAL("greater_equal"), EQUAL("equal"),
  NOT_EQUAL("not_equal"), LOGICAL_AND("logical_and"), LOGICAL_OR("logical_or"),
  BITWISE_AND("bitwise_and"), BITWISE_OR("bitwise_or"), BITWISE_XOR("bitwise_xor");

  private final String numpyName;

  BinaryUfunc(String numpyName) {
    this.numpyName = numpyName;
  }

  public String numpyName() {
    return numpyName;
  }

  boolean comparison() {
    return ordinal() >= LESS.ordinal() && ordinal() <= LOGICAL_OR.ordinal();
  }

  /** The type the inputs are converted to; IllegalArgumentException (naming the shapes) if NumPy refuses. */
  DType computeType(DType a, DType b, String shapes) {
    DType p = DType.promote(a, b);
    switch (this) {
      case TRUE_DIVIDE:
        return DType.FLOAT64;
      case SUBTRACT:
        if (p == DType.BOOL) {
          throw refuse(a, b, shapes, "the numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor");
        }
        return p;
      case BITWISE_AND: case BITWISE_OR: case BITWISE_XOR:
        if (p == DType.FLOAT64) {
          throw refuse(a, b, shapes, "bitwise operations are only defined for bool and integer arrays");
        }
        return p;
      case LOGICAL_AND: case LOGICAL_OR:
        return p;
      case POWER:
        return p == DType.BOOL ? DType.INT64 : p;
      default:
        return p;
    }
  }

  DType resultType(DType compute) {
    return comparison() ? DType.BOOL : compute;
  }

  private IllegalArgumentException refuse(DType a, DType b, String shapes, String why) {
    return new IllegalArgumentException(numpyName + ": " + why + " (dtypes " + a + ", " + b + "; shapes " + shapes + ")");
  }

  /** {@code f(x, y)} on values of type {@code t} (stored bits), giving stored bits of {@link #resultType}. */
  long apply(long x, long y, DType t) {
    if (t == DType.FLOAT64) {
      double a = Double.longBitsToDouble(x);
      double b = Double.longBitsToDouble(y);
      return switch (this) {
        case ADD -> bits(a + b);
        case SUBTRACT -> bits(a - b);
        case MULTIPLY -> bits(a * b);
        case TRUE_DIVIDE -> bits(a / b);
        case POWER -> bits(StrictMath.pow(a, b));
        // NumPy's loops: the first operand only if strictly greater (less) or NaN, so NaN propagates
        // and of two equal values (0.0 and -0.0) the second is returned
        case MAXIMUM -> a > b || a != a ? x : y;
        case MINIMUM -> a < b || a != a ? x : y;
        case LESS -> bool(a < b);
        case LESS_EQUAL -> bool(a <= b);
        case GREATER -> bool(a > b);
        case GREATER_EQUAL -> bool(a >= b);
        case EQUAL -> bool(a == b);
        case NOT_EQUAL -> bool(a != b);
        case LOGICAL_AND -> bool(a != 0 && b != 0);
        case LOGICAL_OR -> bool(a != 0 || b != 0);
        default -> throw new IllegalStateException(numpyName + " on float64");
      };
    }
    boolean isBool = t == DType.BOOL;
    return switch (this) {
      case ADD -> isBool ? x | y : x + y;
      case SUBTRACT -> x - y;
      case MULTIPLY -> isBool ? x & y : x * y;
      case TRUE_DIVIDE -> bits((double) x / (double) y);
      case POWER -> ipow(x, y);
      case MAXIMUM -> Math.max(x, y);
      case MINIMUM -> Math.min(x, y);
      case LESS -> bool(x < y);
      case LESS_EQUAL -> bool(x <= y);
      case GREATER -> bool(x > y);
      case GREATER_EQUAL -> bool(x >= y);
      case EQUAL -> bool(x == y);
      case NOT_EQUAL -> bool(x != y);
      case LOGICAL_AND -> bool(x != 0 && y != 0);
      case LOGICAL_OR -> bool(x != 0 || y != 0);
      case BITWISE_AND -> x & y;
      case BITWISE_OR -> x | y;
      case BITWISE_XOR -> x ^ y;
    };
  }

  private long ipow(long base, long exp) {
    if (exp < 0) {
      throw new ArithmeticException("power: integers to negative integer powers are not allowed");
    }
    long r = 1;
    while (exp > 0) {
      if ((exp & 1) != 0) {
        r *= base;
      }
      base *= base;
      exp >>= 1;
    }
    return r;
  }

  /**
   * NumPy's {@code array ** scalar} fast paths for float64, exact where the general {@code pow} might
   * round differently; null if {@code s} has none.
   */
  static UnaryUfunc powerFastPath(double s) {
    if (s == 2.0) {
      return UnaryUfunc.SQUARE;
    } else if (s == 0.5) {
      return UnaryUfunc.SQRT;
    } else if (s == 1.0) {
      return UnaryUfunc.POSITIVE;
    } else if (s == -1.0) {
      return UnaryUfunc.RECIPROCAL;
    }
    return null;
  }

  static long bits(double v) {
    return Double.doubleToRawLongBits(v);
  }

  static long bool(boolean b) {
    return b ? 1 : 0;
  }
}
