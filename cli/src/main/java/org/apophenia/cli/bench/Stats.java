package org.apophenia.cli.bench;

import java.util.Arrays;

/** Median and mean of samples; NaN for none. Stateless. */
public final class Stats {
  private Stats() {}

  public static double median(double[] v) {
    if (v.length == 0) {
      return Double.NaN;
    }
    double[] s = v.clone();
    Arrays.sort(s);
    int m = s.length / 2;
    return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
  }

  public static double mean(double[] v) {
    if (v.length == 0) {
      return Double.NaN;
    }
    double sum = 0;
    for (double x : v) {
      sum += x;
    }
    return sum / v.length;
  }

  public static double min(double[] v) {
    return v.length == 0 ? Double.NaN : Arrays.stream(v).min().getAsDouble();
  }

  /** {@code a / b}, NaN if {@code b} is 0 or either is NaN. */
  public static double ratio(double a, double b) {
    return b == 0 ? Double.NaN : a / b;
  }
}
