package org.apophenia.legion;

/**
 * A dense, read-only view of one tile of doubles (stored by their raw bits) inside a physical instance:
 * what a task body loops over instead of reading point by point through an {@link Accessor}. Made by
 * {@link Accessor#denseRead()} (or {@link #of} for an array the caller owns).
 *
 * <h2>Geometry</h2>
 * A 1-D tile of {@code n} points is {@code n} rows of one column; a 2-D tile is {@code rows x cols}.
 * The point {@code (bounds.lo(0) + r, bounds.lo(1) + c)} of the tile lives at the instance index
 * {@link #index index(r, c)} {@code = base + r * rowStride + c}; a 1-D tile has {@code rowStride == 1}.
 * 3-D tiles have no dense view (use the accessor).
 *
 * <h2>Contract: checked once, not per element</h2>
 * When the view is made: the requirement's privilege allows reading (READ_ONLY or READ_WRITE), the
 * tile's rectangle lies inside the instance's rectangle, and the instance's array covers the
 * instance. {@link #get} then does no check of its own beyond the JVM's array bounds: the caller keeps
 * {@code 0 <= r < rows} and {@code 0 <= c < cols}; an index outside the tile but inside the instance
 * reads a neighbouring tile's value instead of failing as the accessor would. The view has no way to
 * write (a writer comes from {@link Accessor#denseWrite()}, which checks the write privilege), and its
 * array is not exposed. Valid only while the body runs, like its accessor; not thread-safe.
 */
public final class DoubleTile {
  private final long[] data;
  private final Rect bounds;
  private final int base;
  private final int rows;
  private final int cols;
  private final int rowStride;

  DoubleTile(long[] data, Rect layout, Rect bounds) {
    int[] g = geometry(data, layout, bounds);
    this.data = data;
    this.bounds = bounds;
    this.base = g[0];
    this.rows = g[1];
    this.cols = g[2];
    this.rowStride = g[3];
  }

  /**
   * A read view of the points {@code tile} of an instance over {@code instance} held in {@code data}
   * (row-major raw double bits), with the same checks as {@link Accessor#denseRead()} except the
   * privilege: for benchmarks and tests over arrays the caller owns.
   */
  public static DoubleTile of(long[] data, Rect instance, Rect tile) {
    return new DoubleTile(data, instance, tile);
  }

  /**
   * {@code [base, rows, cols, rowStride]} of {@code bounds} inside an instance over {@code layout}
   * stored in {@code data}; an IndexOutOfBoundsException if the tile leaves the instance or the array
   * does not cover it, an UnsupportedOperationException for 3-D tiles. O(dimensions).
   */
  static int[] geometry(long[] data, Rect layout, Rect bounds) {
    if (bounds.dim() != layout.dim()) {
      throw new IllegalArgumentException("tile " + bounds + " and instance " + layout + " differ in dimensions");
    }
    if (bounds.dim() > 2) {
      throw new UnsupportedOperationException("dense views cover 1-D and 2-D tiles, not " + bounds);
    }
    if (bounds.isEmpty() || !layout.contains(bounds)) {
      throw new IndexOutOfBoundsException("tile " + bounds + " is not a non-empty part of the instance " + layout);
    }
    if (layout.volume() > data.length) {
      throw new IndexOutOfBoundsException("instance " + layout + " has " + layout.volume()
          + " points but its array holds " + data.length);
    }
    int rows = Math.toIntExact(bounds.hi(0) - bounds.lo(0) + 1);
    if (bounds.dim() == 1) {
      return new int[] {Math.toIntExact(bounds.lo(0) - layout.lo(0)), rows, 1, 1};
    }
    int cols = Math.toIntExact(bounds.hi(1) - bounds.lo(1) + 1);
    int stride = Math.toIntExact(layout.hi(1) - layout.lo(1) + 1);
    int base = Math.toIntExact((bounds.lo(0) - layout.lo(0)) * stride + (bounds.lo(1) - layout.lo(1)));
    return new int[] {base, rows, cols, stride};
  }

  /** The tile's points (the requirement's region), in the region's coordinates. */
  public Rect bounds() {
    return bounds;
  }

  /** Instance index of the tile's first point. */
  public int base() {
    return base;
  }

  /** Extent of dimension 0. */
  public int rows() {
    return rows;
  }

  /** Extent of dimension 1; 1 for a 1-D tile. */
  public int cols() {
    return cols;
  }

  /** Instance indices between vertically adjacent points; 1 for a 1-D tile. */
  public int rowStride() {
    return rowStride;
  }

  /** Whether the tile's points are one run of consecutive indices ({@code index(r, c) = base + r * cols + c}). */
  public boolean contiguous() {
    return rows == 1 || cols == rowStride;
  }

  /** The instance index of the tile's point {@code (r, c)} (unchecked: see the class contract). */
  public int index(int r, int c) {
    return base + r * rowStride + c;
  }

  /** The value at instance index {@code i}: unchecked beyond the array's bounds (see the class contract). */
  public double get(int i) {
    return Double.longBitsToDouble(data[i]);
  }
}
