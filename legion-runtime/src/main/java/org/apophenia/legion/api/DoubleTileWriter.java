package org.apophenia.legion.api;

/**
 * A dense, write-only view of one tile of doubles inside a physical instance: the output side of
 * {@link DoubleTile}, with the same geometry ({@code index(r, c) = base + r * rowStride + c}; a 1-D
 * tile is {@code n} rows of one column) and the same contract. Made by {@link Accessor#denseWrite()},
 * which checks once that the privilege allows writing (READ_WRITE or WRITE_DISCARD) and that the tile
 * lies inside the instance; {@link #set} then checks nothing beyond the JVM's array bounds, so the
 * caller keeps its indices inside the tile. It cannot read (a WRITE_DISCARD requirement may not), and
 * its array is not exposed. Valid only while the body runs; not thread-safe.
 */
public final class DoubleTileWriter extends TileView {
  DoubleTileWriter(double[] data, Rect layout, Rect bounds) {
    super(data, layout, bounds);
  }

  /**
   * A writer over the points {@code tile} of an instance over {@code instance} held in {@code data},
   * with the checks of {@link Accessor#denseWrite()} except the privilege: for benchmarks and tests
   * over arrays the caller owns.
   */
  public static DoubleTileWriter of(double[] data, Rect instance, Rect tile) {
    return new DoubleTileWriter(data, instance, tile);
  }

  /** Stores {@code v} at instance index {@code i}: unchecked beyond the array's bounds. */
  public void set(int i, double v) {
    data[i] = v;
  }
}
