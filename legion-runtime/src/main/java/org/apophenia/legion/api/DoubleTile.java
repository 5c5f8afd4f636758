package org.apophenia.legion.api;

/**
 * A dense, read-only view of one tile of a DOUBLE field's physical instance (a {@code double[]}):
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
public final class DoubleTile extends TileView {
  DoubleTile(double[] data, Rect layout, Rect bounds) {
    super(data, layout, bounds);
  }

  /**
   * A read view of the points {@code tile} of an instance over {@code instance} held in {@code data}
   * (row-major), with the same checks as {@link Accessor#denseRead()} except the privilege: for
   * benchmarks and tests over arrays the caller owns.
   */
  public static DoubleTile of(double[] data, Rect instance, Rect tile) {
    return new DoubleTile(data, instance, tile);
  }

  /** The value at instance index {@code i}: unchecked beyond the array's bounds (see the class contract). */
  public double get(int i) {
    return data[i];
  }
}
