package org.apophenia.legion.api;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A dense rectangle of integer points in 1–3 dimensions, bounds inclusive: the shape of every
 * {@link IndexSpace} (Legion thesis §2.2; unstructured point sets are not supported). An empty rectangle
 * has some {@code hi[d] < lo[d]}. Immutable and thread-safe; every operation is O(dimensions) except
 * {@link #subtract}, which returns at most {@code 2 * dim} pieces.
 */
public final class Rect {
  private final long[] lo;
  private final long[] hi;

  private Rect(long[] lo, long[] hi) {
    this.lo = lo;
    this.hi = hi;
  }

  /** The rectangle {@code [lo, hi]} (inclusive); both arrays have the same length 1–3. */
  public static Rect of(long[] lo, long[] hi) {
    if (lo.length != hi.length || lo.length < 1 || lo.length > 3) {
      throw new IllegalArgumentException("a rectangle has 1-3 dimensions and equal-length bounds, got "
          + Arrays.toString(lo) + ".." + Arrays.toString(hi));
    }
    return new Rect(lo.clone(), hi.clone());
  }

  /** The 1-D rectangle {@code [lo, hi]}. */
  public static Rect of(long lo, long hi) {
    return new Rect(new long[] {lo}, new long[] {hi});
  }

  /** The 2-D rectangle {@code [lo0, hi0] x [lo1, hi1]}. */
  public static Rect of(long lo0, long lo1, long hi0, long hi1) {
    return new Rect(new long[] {lo0, lo1}, new long[] {hi0, hi1});
  }

  public int dim() {
    return lo.length;
  }

  public long lo(int d) {
    return lo[d];
  }

  public long hi(int d) {
    return hi[d];
  }

  public boolean isEmpty() {
    for (int d = 0; d < lo.length; d++) {
      if (hi[d] < lo[d]) {
        return true;
      }
    }
    return false;
  }

  /** Number of points; 0 if empty. */
  public long volume() {
    long v = 1;
    for (int d = 0; d < lo.length; d++) {
      if (hi[d] < lo[d]) {
        return 0;
      }
      v *= hi[d] - lo[d] + 1;
    }
    return v;
  }

  public boolean contains(long[] p) {
    for (int d = 0; d < lo.length; d++) {
      if (p[d] < lo[d] || p[d] > hi[d]) {
        return false;
      }
    }
    return true;
  }

  /** Whether every point of {@code o} is in this rectangle (an empty {@code o} always is). */
  public boolean contains(Rect o) {
    if (o.isEmpty()) {
      return true;
    }
    for (int d = 0; d < lo.length; d++) {
      if (o.lo[d] < lo[d] || o.hi[d] > hi[d]) {
        return false;
      }
    }
    return true;
  }

  public boolean intersects(Rect o) {
    for (int d = 0; d < lo.length; d++) {
      if (Math.max(lo[d], o.lo[d]) > Math.min(hi[d], o.hi[d])) {
        return false;
      }
    }
    return true;
  }

  /** The common points, possibly empty. */
  public Rect intersection(Rect o) {
    long[] l = new long[lo.length];
    long[] h = new long[lo.length];
    for (int d = 0; d < lo.length; d++) {
      l[d] = Math.max(lo[d], o.lo[d]);
      h[d] = Math.min(hi[d], o.hi[d]);
    }
    return new Rect(l, h);
  }

  /** This rectangle minus {@code o}, as at most {@code 2 * dim} disjoint non-empty rectangles. */
  public List<Rect> subtract(Rect o) {
    List<Rect> out = new ArrayList<>();
    if (!intersects(o)) {
      out.add(this);
      return out;
    }
    long[] l = lo.clone();
    long[] h = hi.clone();
    for (int d = 0; d < lo.length; d++) {
      if (l[d] < o.lo[d]) {
        long[] h2 = h.clone();
        h2[d] = o.lo[d] - 1;
        out.add(new Rect(l.clone(), h2));
        l[d] = o.lo[d];
      }
      if (h[d] > o.hi[d]) {
        long[] l2 = l.clone();
        l2[d] = o.hi[d] + 1;
        out.add(new Rect(l2, h.clone()));
        h[d] = o.hi[d];
      }
    }
    return out;
  }

  /** Row-major offset of {@code p} inside this rectangle (last dimension fastest). */
  public long offset(long[] p) {
    long off = 0;
    for (int d = 0; d < lo.length; d++) {
      off = off * (hi[d] - lo[d] + 1) + (p[d] - lo[d]);
    }
    return off;
  }

  /** The point at row-major {@code offset}, written into {@code out}. */
  public void point(long offset, long[] out) {
    for (int d = lo.length - 1; d >= 0; d--) {
      long ext = hi[d] - lo[d] + 1;
      out[d] = lo[d] + offset % ext;
      offset /= ext;
    }
  }

  /**
   * Advances {@code p}, a point of this rectangle, to the next one in row-major order (the order of
   * {@link #offset}); after the last point it wraps to the first and returns false. O(1) amortised,
   * against {@link #point}'s divisions per dimension: the way to walk a rectangle.
   */
  public boolean next(long[] p) {
    for (int d = lo.length - 1; d >= 0; d--) {
      if (p[d] < hi[d]) {
        p[d]++;
        return true;
      }
      p[d] = lo[d];
    }
    return false;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Rect r && Arrays.equals(lo, r.lo) && Arrays.equals(hi, r.hi);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(lo) + Arrays.hashCode(hi);
  }

  @Override
  public String toString() {
    return Arrays.toString(lo) + ".." + Arrays.toString(hi);
  }
}
