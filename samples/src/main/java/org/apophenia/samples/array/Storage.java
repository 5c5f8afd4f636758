package org.apophenia.samples.array;

import java.util.HashMap;
import java.util.Map;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Rect;

/**
 * One logical region holding an array's doubles in field {@code v}, with the partitions made for it:
 * the tiles of the whole array, and for each view (a sub-rectangle) a one-piece partition giving the
 * view's subregion and that subregion's tiles. Partitions are made once and cached, so a region the
 * {@link RegionPool} hands out again is used with the same region-tree nodes, hence the same tokens.
 * Not thread-safe; application thread only.
 */
final class Storage {
  final LogicalRegion root;
  final Field field;
  final Shape shape;
  private final LegionRuntime runtime;
  private final int maxTiles;
  private final Map<Rect, Tiled> views = new HashMap<>();
  private final Map<GhostKey, Partition> ghosts = new HashMap<>();
  boolean free;
  int generation;

  Storage(LegionRuntime runtime, LogicalRegion root, Field field, Shape shape, int maxTiles) {
    this.runtime = runtime;
    this.root = root;
    this.field = field;
    this.shape = shape;
    this.maxTiles = maxTiles;
  }

  private record GhostKey(Rect rect, int halo) {}

  /** A region and its tiles: {@code min(maxTiles, rows)} row blocks. */
  record Tiled(LogicalRegion region, Partition tiles) {
    int count() {
      return tiles.colors();
    }
  }

  /** The tiled region for the points {@code rect} of this array (the whole array or a view). */
  Tiled tiled(Rect rect) {
    Tiled t = views.get(rect);
    if (t == null) {
      LogicalRegion r = rect.equals(root.bounds()) ? root
          : runtime.partitionByRects(root, java.util.List.of(rect)).subregion(0);
      int rows = (int) (rect.hi(0) - rect.lo(0) + 1);
      t = new Tiled(r, runtime.partitionEqual(r, Math.min(maxTiles, rows)));
      views.put(rect, t);
    }
    return t;
  }

  /**
   * The aliased partition of the whole array whose piece {@code i} is tile {@code i} of {@code rect}
   * widened by {@code halo} rows on each side (clipped): what a stencil reads.
   */
  Partition ghosts(Rect rect, int halo) {
    GhostKey key = new GhostKey(rect, halo);
    Partition p = ghosts.get(key);
    if (p == null) {
      Partition tiles = tiled(rect).tiles();
      java.util.List<Rect> rects = new java.util.ArrayList<>();
      Rect b = root.bounds();
      for (int i = 0; i < tiles.colors(); i++) {
        Rect t = tiles.subregion(i).bounds();
        long lo = Math.max(b.lo(0), t.lo(0) - halo);
        long hi = Math.min(b.hi(0), t.hi(0) + halo);
        rects.add(b.dim() == 1 ? Rect.of(lo, hi) : Rect.of(lo, b.lo(1), hi, b.hi(1)));
      }
      p = runtime.partitionByRects(root, rects);
      ghosts.put(key, p);
    }
    return p;
  }
}
