package org.apophenia.samples.numpy;

import java.util.Arrays;

/**
 * Where an array's elements lie in its buffer: NumPy's {@code (shape, strides, offset)} in elements.
 * Element {@code (i_0, ..., i_{n-1})} is at {@code offset + sum i_d * strides[d]}. A stride may be
 * negative (a reversed slice) or zero (a broadcast dimension). Immutable value (arrays are copied in
 * and never exposed); equality is by content, so it can key the partition caches.
 */
final class Geometry {
  final int[] shape;
  final long[] strides;
  final long offset;
  private final int hash;

  Geometry(int[] shape, long[] strides, long offset) {
    if (shape.length != strides.length) {
      throw new IllegalArgumentException("shape and strides differ in length");
    }
    this.shape = shape.clone();
    this.strides = strides.clone();
    this.offset = offset;
    this.hash = 31 * (31 * Arrays.hashCode(this.shape) + Arrays.hashCode(this.strides)) + Long.hashCode(offset);
  }

  /** The C-contiguous geometry of {@code shape} at offset 0. */
  static Geometry contiguous(int[] shape) {
    long[] s = new long[shape.length];
    long acc = 1;
    for (int d = shape.length - 1; d >= 0; d--) {
      s[d] = acc;
      acc *= Math.max(1, shape[d]);
    }
    return new Geometry(shape, s, 0);
  }

  int ndim() {
    return shape.length;
  }

  static long size(int[] shape) {
    long n = 1;
    for (int e : shape) {
      n *= e;
    }
    return n;
  }

  long size() {
    return size(shape);
  }

  /** Whether the elements are the positions {@code offset .. offset + size - 1} in row-major order. */
  boolean isContiguous() {
    return equalsIgnoringOffset(contiguous(shape)) || size() <= 1;
  }

  private boolean equalsIgnoringOffset(Geometry c) {
    for (int d = 0; d < shape.length; d++) {
      if (shape[d] != 1 && strides[d] != c.strides[d]) {
        return false;
      }
    }
    return true;
  }

  /** This geometry broadcast to {@code target} (NumPy's rules; the caller has checked they are compatible). */
  Geometry broadcastTo(int[] target) {
    int[] sh = target.clone();
    long[] st = new long[target.length];
    int lead = target.length - shape.length;
    for (int d = 0; d < target.length; d++) {
      int s = d - lead;
      st[d] = s < 0 || shape[s] == 1 && target[d] != 1 ? 0 : strides[s];
    }
    return new Geometry(sh, st, offset);
  }

  /** The buffer position of the element with row-major linear index {@code k}. */
  long position(long k) {
    long p = offset;
    for (int d = shape.length - 1; d >= 0; d--) {
      long i = k % shape[d];
      k /= shape[d];
      p += i * strides[d];
    }
    return p;
  }

  /** {@code [min, max]} of the positions of linear indices {@code [k0, k1)} (non-empty range). */
  long[] bounds(long k0, long k1) {
    long lo = Long.MAX_VALUE;
    long hi = Long.MIN_VALUE;
    Cursor c = new Cursor(this, k0);
    for (long k = k0; k < k1; k++) {
      lo = Math.min(lo, c.pos);
      hi = Math.max(hi, c.pos);
      c.next();
    }
    return new long[] {lo, hi};
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Geometry g && g.offset == offset && Arrays.equals(g.shape, shape)
        && Arrays.equals(g.strides, strides);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public String toString() {
    return Shapes.str(shape) + " strides " + Arrays.toString(strides) + " @" + offset;
  }

  /**
   * Row-major iteration over a geometry from a linear index: {@link #pos} is the current element's
   * position; {@link #next} steps with one addition in the common case. Not thread-safe.
   */
  static final class Cursor {
    private final int[] shape;
    private final long[] strides;
    private final int[] idx;
    long pos;

    Cursor(Geometry g, long start) {
      this.shape = g.shape;
      this.strides = g.strides;
      this.idx = new int[shape.length];
      long k = start;
      pos = g.offset;
      for (int d = shape.length - 1; d >= 0; d--) {
        if (shape[d] == 0) {
          return;
        }
        idx[d] = (int) (k % shape[d]);
        k /= shape[d];
        pos += idx[d] * strides[d];
      }
    }

    void next() {
      for (int d = shape.length - 1; d >= 0; d--) {
        if (++idx[d] < shape[d]) {
          pos += strides[d];
          return;
        }
        pos -= (long) (idx[d] - 1) * strides[d];
        idx[d] = 0;
      }
    }
  }

  /**
   * Whether this view and {@code other} (of the same buffer) have intersecting bounding intervals: then
   * one launch cannot hold both (its read and write requirements would alias), so a source is copied
   * first, which is also what NumPy's semantics need when the elements themselves overlap.
   */
  boolean boundsIntersect(Geometry other) {
    long[] ba = bounds(0, size());
    long[] bb = other.bounds(0, other.size());
    return !(ba[1] < bb[0] || bb[1] < ba[0]);
  }
}
