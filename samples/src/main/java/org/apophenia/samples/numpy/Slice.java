package org.apophenia.samples.numpy;

/**
 * One index of a subscript, Python style: a single integer ({@code u[3]}, drops the dimension) or a
 * slice {@code start:stop:step} whose missing parts are null. {@link #parse} reads the text between
 * the brackets of a Python subscript, e.g. {@code "1:-1, ::2"}, so ported programs read line for line.
 *
 * @param start first index, or null for the default
 * @param stop end (exclusive), or null for the default
 * @param step step (nonzero), or null for 1
 * @param single whether this is an integer index ({@code start} holds it)
 */
public record Slice(Integer start, Integer stop, Integer step, boolean single) {
  public Slice {
    if (step != null && step == 0) {
      throw new IllegalArgumentException("slice step cannot be zero");
    }
  }

  /** {@code start:stop:step}; null parts take Python's defaults. */
  public static Slice of(Integer start, Integer stop, Integer step) {
    return new Slice(start, stop, step, false);
  }

  /** The integer index {@code i}. */
  public static Slice index(int i) {
    return new Slice(i, null, null, true);
  }

  /** {@code :}, the whole dimension. */
  public static Slice all() {
    return new Slice(null, null, null, false);
  }

  /** The subscript text of a Python {@code a[...]}: comma-separated integers and slices. */
  public static Slice[] parse(String subscript) {
    String[] parts = subscript.split(",", -1);
    Slice[] out = new Slice[parts.length];
    for (int i = 0; i < parts.length; i++) {
      String p = parts[i].strip();
      if (!p.contains(":")) {
        try {
          out[i] = index(Integer.parseInt(p));
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("bad subscript '" + subscript + "': '" + p + "' is neither an integer nor a slice");
        }
        continue;
      }
      String[] q = p.split(":", -1);
      if (q.length > 3) {
        throw new IllegalArgumentException("bad subscript '" + subscript + "': '" + p + "'");
      }
      out[i] = of(num(subscript, q[0]), num(subscript, q[1]), q.length == 3 ? num(subscript, q[2]) : null);
    }
    return out;
  }

  private static Integer num(String subscript, String s) {
    s = s.strip();
    if (s.isEmpty()) {
      return null;
    }
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("bad subscript '" + subscript + "': '" + s + "' is not an integer");
    }
  }

  /**
   * Python's {@code slice.indices(n)} followed by the length: {@code [start, step, count]} of this
   * slice over a dimension of extent {@code n}.
   */
  int[] resolve(int n, String op, int axis) {
    if (single) {
      int i = start < 0 ? start + n : start;
      if (i < 0 || i >= n) {
        throw new IndexOutOfBoundsException(op + ": index " + start + " is out of bounds for axis " + axis
            + " with size " + n);
      }
      return new int[] {i, 1, 1};
    }
    int st = step == null ? 1 : step;
    int lo;
    int hi;
    if (st > 0) {
      lo = start == null ? 0 : clamp(start < 0 ? start + n : start, 0, n);
      hi = stop == null ? n : clamp(stop < 0 ? stop + n : stop, 0, n);
      return new int[] {lo, st, hi > lo ? (hi - lo + st - 1) / st : 0};
    }
    lo = start == null ? n - 1 : clamp(start < 0 ? start + n : start, -1, n - 1);
    hi = stop == null ? -1 : clamp(stop < 0 ? stop + n : stop, -1, n - 1);
    return new int[] {lo, st, lo > hi ? (lo - hi - st - 1) / -st : 0};
  }

  private static int clamp(int v, int lo, int hi) {
    return Math.max(lo, Math.min(hi, v));
  }

  @Override
  public String toString() {
    if (single) {
      return String.valueOf(start);
    }
    return (start == null ? "" : start) + ":" + (stop == null ? "" : stop) + (step == null ? "" : ":" + step);
  }
}
