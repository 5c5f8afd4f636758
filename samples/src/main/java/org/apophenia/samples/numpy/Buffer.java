package org.apophenia.samples.numpy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Rect;

/**
 * A 1-D logical region of {@code size} 64-bit elements that arrays (and their views) of any shape and
 * dtype with that many elements live in, plus the partitions made of it. A partition is made once per
 * list of rectangles and cached here, so when the {@link Pool} hands the buffer out again, the same
 * program issues the same region-tree nodes, hence the same tokens. Not thread-safe.
 */
final class Buffer {
  final LogicalRegion root;
  final long size;
  private final LegionRuntime runtime;
  private final Map<Object, Partition> partitions = new HashMap<>();
  boolean free;
  int generation;
  /** Program-order index of the last operation writing this buffer, or -1. */
  long lastWrite = -1;
  /** For a one-element buffer: the future of the value {@link #lastWrite} wrote, or null. */
  java.util.function.LongSupplier lastValue;

  Buffer(LegionRuntime runtime, LogicalRegion root, long size) {
    this.runtime = runtime;
    this.root = root;
    this.size = size;
  }

  /**
   * The partition of the root with one subregion per rectangle of {@code rects} (in order), made on
   * first use of {@code key}, which must determine the rectangles.
   */
  Partition partition(Object key, Supplier<List<Rect>> rects) {
    Partition p = partitions.get(key);
    if (p == null) {
      p = runtime.partitionByRects(root, rects.get());
      partitions.put(key, p);
    }
    return p;
  }

  @Override
  public String toString() {
    return "buffer " + root + " of " + size;
  }
}
