package org.apophenia.legion;

/**
 * A dense, write-only view of one tile of doubles inside a physical instance: the output side of
 * {@link DoubleTile}, with the same geometry ({@code index(r, c) = base + r * rowStride + c}; a 1-D
 * tile is {@code n} rows of one column) and the same contract. Made by {@link Accessor#denseWrite()},
 * which checks once that the privilege allows writing (READ_WRITE or WRITE_DISCARD) and that the tile
 * lies inside the instance; {@link #set} then checks nothing beyond the JVM's array bounds, so the
 * caller keeps its indices inside the tile. It cannot read (a WRITE_DISCARD requirement may not), and
 * its array is not exposed. Valid only while the body runs; not thread-safe.
 */
public final class DoubleTileWriter {
  private final long[] data;
  private final Rect bounds;
  private final int base;
  private final int rows;
  private final int cols;
  private final int rowStride;

  DoubleTileWriter(long[] data, Rect layout, Rect bounds) {
    int[] g = DoubleTile.geometry(data, layout, bounds);
    this.data = data;
    this.bounds = bounds;
    this.base = g[0];
    this.rows = g[1];
    this.cols = g[2];
    this.rowStride = g[3];
  }

  /**
   * A writer over the points {@code tile} of an instance over {@code instance} held in {@code data},
   * with the checks of {@link Accessor#denseWrite()} except the privilege: for benchmarks and tests
   * over arrays the caller owns.
   */
  public static DoubleTileWriter of(long[] data, Rect instance, Rect tile) {
    return new DoubleTileWriter(data, instance, tile);
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

  /** Whether the tile's points are one run of consecutive indices. */
  public boolean contiguous() {
    return rows == 1 || cols == rowStride;
  }

  /** The instance index of the tile's point {@code (r, c)} (unchecked). */
  public int index(int r, int c) {
    return base + r * rowStride + c;
  }

  /** Stores {@code v} (by its raw bits) at instance index {@code i}: unchecked beyond the array's bounds. */
  public void set(int i, double v) {
    data[i] = Double.doubleToRawLongBits(v);
  }
}
