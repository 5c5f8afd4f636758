package org.apophenia.samples.numpy;

/**
 * NumPy's reductions of the subset, over the values of one axis (in index order) or of the whole
 * array. Float64 {@code sum} and {@code mean} add with NumPy's own algorithm, so they are bit-identical
 * to it: pairwise summation (blocks of eight accumulators, halving above 128 elements) when the
 * reduced axis is the array's last (NumPy's inner loop then runs along it), plain left-to-right
 * addition otherwise. {@code max}/{@code min} propagate NaN; {@code argmax}/{@code argmin} return the
 * first NaN if any, else the first extreme. Empty reductions follow NumPy: identities for {@code sum}
 * (0), {@code prod} (1), {@code any} (false), {@code all} (true), NaN for {@code mean}, an error for the
 * others.
 */
public enum Reduction {
  SUM("sum"), PROD("prod"), MEAN("mean"), MAX("max"), MIN("min"), ARGMAX("argmax"), ARGMIN("argmin"),
  ANY("any"), ALL("all");

  private final String numpyName;

  Reduction(String numpyName) {
    this.numpyName = numpyName;
  }

  public String numpyName() {
    return numpyName;
  }

  DType resultType(DType in) {
    return switch (this) {
      case SUM, PROD -> in == DType.FLOAT64 ? DType.FLOAT64 : DType.INT64;
      case MEAN -> DType.FLOAT64;
      case MAX, MIN -> in;
      case ARGMAX, ARGMIN -> DType.INT64;
      case ANY, ALL -> DType.BOOL;
    };
  }

  /** Whether an empty reduction has a value (else NumPy raises). */
  boolean hasIdentity() {
    return this == SUM || this == PROD || this == MEAN || this == ANY || this == ALL;
  }

  /** The reduction of {@code v[0..n)} (stored bits of dtype {@code t}); {@code pairwise} as the class says. */
  long apply(long[] v, int n, DType t, boolean pairwise) {
    switch (this) {
      case ANY:
        for (int i = 0; i < n; i++) {
          if (t.toBool(v[i])) {
            return 1;
          }
        }
        return 0;
      case ALL:
        for (int i = 0; i < n; i++) {
          if (!t.toBool(v[i])) {
            return 0;
          }
        }
        return 1;
      case SUM:
      case MEAN:
        if (t == DType.FLOAT64 || this == MEAN) {
          double[] d = new double[n];
          for (int i = 0; i < n; i++) {
            d[i] = t.toDouble(v[i]);
          }
          double s = pairwise ? 0.0 + pairwiseSum(d, 0, n) : sequential(d, n);
          return BinaryUfunc.bits(this == MEAN ? s / n : s);
        } else {
          long s = 0;
          for (int i = 0; i < n; i++) {
            s += t.toLong(v[i]);
          }
          return s;
        }
      case PROD:
        if (t == DType.FLOAT64) {
          double p = 1.0;
          for (int i = 0; i < n; i++) {
            p *= Double.longBitsToDouble(v[i]);
          }
          return BinaryUfunc.bits(p);
        } else {
          long p = 1;
          for (int i = 0; i < n; i++) {
            p *= t.toLong(v[i]);
          }
          return p;
        }
      default:
        return extreme(v, n, t);
    }
  }

  private long extreme(long[] v, int n, DType t) {
    boolean max = this == MAX || this == ARGMAX;
    if (this == MAX || this == MIN) {
      // NumPy folds with its maximum/minimum loop: NaN propagates, ties (0.0, -0.0) take the later value
      BinaryUfunc f = max ? BinaryUfunc.MAXIMUM : BinaryUfunc.MINIMUM;
      long r = v[0];
      for (int i = 1; i < n; i++) {
        r = f.apply(r, v[i], t);
      }
      return r;
    }
    int best = 0;
    for (int i = 1; i < n; i++) {
      if (t == DType.FLOAT64) {
        double b = Double.longBitsToDouble(v[best]);
        double x = Double.longBitsToDouble(v[i]);
        if (b != b) {
          break;
        }
        if (x != x || (max ? x > b : x < b)) {
          best = i;
        }
      } else if (max ? v[i] > v[best] : v[i] < v[best]) {
        best = i;
      }
    }
    return this == ARGMAX || this == ARGMIN ? best : v[best];
  }

  private static double sequential(double[] d, int n) {
    double s = 0.0;
    for (int i = 0; i < n; i++) {
      s += d[i];
    }
    return s;
  }

  /** NumPy's {@code pairwise_sum} for doubles (numpy/_core/src/umath/loops_utils.h.src), same association. */
  static double pairwiseSum(double[] a, int from, int n) {
    if (n < 8) {
      double res = -0.0;
      for (int i = 0; i < n; i++) {
        res += a[from + i];
      }
      return res;
    } else if (n <= 128) {
      double[] r = new double[8];
      System.arraycopy(a, from, r, 0, 8);
      int i;
      for (i = 8; i < n - (n % 8); i += 8) {
        for (int j = 0; j < 8; j++) {
          r[j] += a[from + i + j];
        }
      }
      double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
      for (; i < n; i++) {
        res += a[from + i];
      }
      return res;
    }
    int n2 = n / 2;
    n2 -= n2 % 8;
    return pairwiseSum(a, from, n2) + pairwiseSum(a, from + n2, n - n2);
  }
}
