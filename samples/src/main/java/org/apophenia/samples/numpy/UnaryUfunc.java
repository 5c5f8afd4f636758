package org.apophenia.samples.numpy;

/**
 * NumPy's unary element-wise functions of the subset and their type rules: transcendental functions
 * give float64 (ints and bools are converted first); {@code negative}, {@code absolute},
 * {@code square} and {@code positive} keep the dtype; {@code logical_not} gives bool; {@code invert}
 * ({@code ~}) needs bool or int64. NumPy's refusals are kept: {@code negative} of a bool array and
 * {@code invert} of a float array. {@code sqrt}, {@code negative}, {@code absolute}, {@code square}
 * are exact; {@code exp}, {@code log}, {@code sin}, {@code cos}, {@code tanh} use {@link StrictMath}
 * (fdlibm), within an ulp or two of NumPy's libm or SIMD versions (the golden tests state the bound).
 */
public enum UnaryUfunc {
  NEGATIVE("negative"), POSITIVE("positive"), ABSOLUTE("absolute"), SQUARE("square"), RECIPROCAL("reciprocal"),
  SQRT("sqrt"), EXP("exp"), LOG("log"), SIN("sin"), COS("cos"), TANH("tanh"), LOGICAL_NOT("logical_not"),
  INVERT("invert"), ISNAN("isnan"), ISFINITE("isfinite"), AS_FLOAT64("astype_float64"), AS_INT64("astype_int64"),
  AS_BOOL("astype_bool");

  private final String numpyName;

  UnaryUfunc(String numpyName) {
    this.numpyName = numpyName;
  }

  public String numpyName() {
    return numpyName;
  }

  /** The type the input is converted to; IllegalArgumentException if NumPy refuses {@code in}. */
  DType computeType(DType in, String shape) {
    return switch (this) {
      case NEGATIVE -> {
        if (in == DType.BOOL) {
          throw new IllegalArgumentException("negative: the numpy boolean negative, the `-` operator, is not supported,"
              + " use the `~` operator or the logical_not function instead (dtype bool, shape " + shape + ")");
        }
        yield in;
      }
      case INVERT -> {
        if (in == DType.FLOAT64) {
          throw new IllegalArgumentException("invert: ufunc 'invert' not supported for the input type float64 (shape "
              + shape + ")");
        }
        yield in;
      }
      case POSITIVE -> {
        if (in == DType.BOOL) {
          throw new IllegalArgumentException("positive: ufunc 'positive' did not contain a loop with signature matching"
              + " types bool (shape " + shape + ")");
        }
        yield in;
      }
      case ABSOLUTE, AS_FLOAT64, AS_INT64, AS_BOOL -> in;
      case SQUARE -> in == DType.BOOL ? DType.BOOL : in;
      case RECIPROCAL -> in == DType.BOOL ? DType.INT64 : in;
      case LOGICAL_NOT, ISNAN, ISFINITE -> in;
      default -> DType.FLOAT64;
    };
  }

  DType resultType(DType compute) {
    return switch (this) {
      case LOGICAL_NOT, ISNAN, ISFINITE, AS_BOOL -> DType.BOOL;
      case AS_FLOAT64 -> DType.FLOAT64;
      case AS_INT64 -> DType.INT64;
      default -> compute;
    };
  }

  /** {@code f(x)} for a value of type {@code t} (stored bits), giving stored bits of the result type. */
  long apply(long x, DType t) {
    if (t == DType.FLOAT64) {
      double a = Double.longBitsToDouble(x);
      return switch (this) {
        case NEGATIVE -> BinaryUfunc.bits(-a);
        case POSITIVE -> x;
        case ABSOLUTE -> BinaryUfunc.bits(Math.abs(a));
        case SQUARE -> BinaryUfunc.bits(a * a);
        case RECIPROCAL -> BinaryUfunc.bits(1.0 / a);
        case SQRT -> BinaryUfunc.bits(Math.sqrt(a));
        case EXP -> BinaryUfunc.bits(StrictMath.exp(a));
        case LOG -> BinaryUfunc.bits(StrictMath.log(a));
        case SIN -> BinaryUfunc.bits(StrictMath.sin(a));
        case COS -> BinaryUfunc.bits(StrictMath.cos(a));
        case TANH -> BinaryUfunc.bits(StrictMath.tanh(a));
        case LOGICAL_NOT -> BinaryUfunc.bool(a == 0);
        case ISNAN -> BinaryUfunc.bool(a != a);
        case ISFINITE -> BinaryUfunc.bool(Double.isFinite(a));
        case AS_FLOAT64 -> x;
        case AS_INT64 -> DType.FLOAT64.toLong(x);
        case AS_BOOL -> BinaryUfunc.bool(a != 0);
        case INVERT -> throw new IllegalStateException("invert on float64");
      };
    }
    boolean isBool = t == DType.BOOL;
    return switch (this) {
      case NEGATIVE -> -x;
      case POSITIVE -> x;
      case ABSOLUTE -> isBool ? x : Math.abs(x);
      case SQUARE -> isBool ? x : x * x;
      case RECIPROCAL -> x == 0 ? 0 : 1 / x;
      case LOGICAL_NOT -> BinaryUfunc.bool(x == 0);
      case INVERT -> isBool ? x ^ 1 : ~x;
      case ISNAN -> 0;
      case ISFINITE -> 1;
      case AS_FLOAT64 -> BinaryUfunc.bits((double) x);
      case AS_INT64 -> x;
      case AS_BOOL -> BinaryUfunc.bool(x != 0);
      default -> throw new IllegalStateException(numpyName + " on " + t);
    };
  }
}
