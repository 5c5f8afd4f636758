package org.apophenia.samples.numpy;

import java.util.HashMap;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Free buffers by element count, cuPyNumeric's allocator: a dead array's buffer is reused by the next
 * array with as many elements (whatever its shape or dtype: every element is one 64-bit slot). Among
 * free buffers of a size the oldest (smallest region id) goes first, so the choice depends only on
 * which buffers are free, not on the order they were freed. O(log free) per operation; not
 * thread-safe.
 */
final class Pool {
  private final Map<Long, PriorityQueue<Buffer>> free = new HashMap<>();
  private int created;
  private long reuses;

  Buffer take(long size) {
    PriorityQueue<Buffer> q = free.get(size);
    if (q == null || q.isEmpty()) {
      return null;
    }
    Buffer b = q.poll();
    b.free = false;
    reuses++;
    return b;
  }

  void recordCreated() {
    created++;
  }

  void release(Buffer b) {
    if (b.free) {
      throw new IllegalStateException(b + " is already free");
    }
    b.free = true;
    b.generation++;
    free.computeIfAbsent(b.size, k -> new PriorityQueue<>((x, y) -> Integer.compare(x.root.id(), y.root.id()))).add(b);
  }

  int created() {
    return created;
  }

  long reuses() {
    return reuses;
  }
}
