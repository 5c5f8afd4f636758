package org.apophenia.samples.array;

import java.util.Arrays;
import org.apophenia.legion.api.Rect;

/**
 * The shape of a 1-D or 2-D array of doubles: the key of the region pool together with the element
 * type (only {@code float64} today). Immutable value.
 *
 * @param rows extent of dimension 0 (the length of a 1-D array)
 * @param cols extent of dimension 1, or 0 for a 1-D array
 */
public record Shape(int rows, int cols) {
  public Shape {
    if (rows < 1 || cols < 0) {
      throw new IllegalArgumentException("array extents must be positive, got " + this);
    }
  }

  /** The shape with these extents (one or two, each positive); IllegalArgumentException otherwise. */
  public static Shape of(int... extents) {
    return switch (extents.length) {
      case 1 -> new Shape(extents[0], 0);
      case 2 -> {
        if (extents[1] < 1) {
          throw new IllegalArgumentException("array extents must be positive, got " + Arrays.toString(extents));
        }
        yield new Shape(extents[0], extents[1]);
      }
      default -> throw new IllegalArgumentException("arrays have 1 or 2 dimensions, got " + extents.length);
    };
  }

  /** The shape of the points of {@code r} (1-D or 2-D). */
  static Shape of(Rect r) {
    return r.dim() == 1 ? new Shape((int) (r.hi(0) - r.lo(0) + 1), 0)
        : new Shape((int) (r.hi(0) - r.lo(0) + 1), (int) (r.hi(1) - r.lo(1) + 1));
  }

  /** 1 or 2. */
  public int dims() {
    return cols == 0 ? 1 : 2;
  }

  /** The number of elements. */
  public long size() {
    return dims() == 1 ? rows : (long) rows * cols;
  }

  /** The rectangle {@code [0, rows) x [0, cols)}. */
  Rect rect() {
    return dims() == 1 ? Rect.of(0, rows - 1) : Rect.of(0, 0, rows - 1, cols - 1);
  }

  @Override
  public String toString() {
    return dims() == 1 ? "(" + rows + ",)" : "(" + rows + ", " + cols + ")";
  }
}
