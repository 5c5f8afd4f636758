package org.apophenia.legion.api;

/**
 * The geometry that {@link DoubleTile} and {@link DoubleTileWriter} share: where a 1-D or 2-D tile
 * lies in its instance's row-major {@code double[]} ({@code index(r, c) = base + r * rowStride + c}), checked
 * once when the view is made. Package-private; the views are final.
 */
abstract class TileView {
  final double[] data;
  private final Rect bounds;
  final int base;
  final int rows;
  final int cols;
  final int rowStride;

  TileView(double[] data, Rect layout, Rect bounds) {
    int[] g = geometry(data, layout, bounds);
    this.data = data;
    this.bounds = bounds;
    this.base = g[0];
    this.rows = g[1];
    this.cols = g[2];
    this.rowStride = g[3];
  }

  /**
   * {@code [base, rows, cols, rowStride]} of {@code bounds} inside an instance over {@code layout}
   * stored in {@code data}; an IndexOutOfBoundsException if the tile leaves the instance or the array
   * does not cover it, an UnsupportedOperationException for 3-D tiles. O(dimensions).
   */
  private static int[] geometry(double[] data, Rect layout, Rect bounds) {
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
}
