package org.apophenia.legion.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apophenia.legion.api.Rect;

/** {@link Rect#next} walks a rectangle in exactly the order of {@link Rect#point} and {@link Rect#offset}. */
class RectWalkProperties {
  @Property
  void nextVisitsThePointsInOffsetOrder(@ForAll @IntRange(min = -5, max = 5) int lo0,
      @ForAll @IntRange(min = 0, max = 4) int ext0, @ForAll @IntRange(min = -5, max = 5) int lo1,
      @ForAll @IntRange(min = 0, max = 4) int ext1, @ForAll @IntRange(min = 0, max = 3) int lo2,
      @ForAll @IntRange(min = 0, max = 3) int ext2, @ForAll @IntRange(min = 1, max = 3) int dims) {
    long[] lo = java.util.Arrays.copyOf(new long[] {lo0, lo1, lo2}, dims);
    long[] hi = java.util.Arrays.copyOf(new long[] {lo0 + ext0, lo1 + ext1, lo2 + ext2}, dims);
    Rect r = Rect.of(lo, hi);
    long[] cursor = new long[dims];
    r.point(0, cursor);
    long[] expected = new long[dims];
    for (long i = 0, n = r.volume(); i < n; i++) {
      r.point(i, expected);
      assertArrayEquals(expected, cursor, "point " + i + " of " + r);
      assertEquals(i, r.offset(cursor));
      boolean more = r.next(cursor);
      assertEquals(i + 1 < n, more, "next reports the end after the last point of " + r);
    }
    assertArrayEquals(lo, cursor, "wraps to the first point");
  }

  @Property
  void aSinglePointHasNoNext(@ForAll @IntRange(min = -9, max = 9) int x) {
    Rect r = Rect.of(x, x);
    long[] p = {x};
    assertFalse(r.next(p));
    assertTrue(r.contains(p));
  }
}
