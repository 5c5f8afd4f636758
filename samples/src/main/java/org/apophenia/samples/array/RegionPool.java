package org.apophenia.samples.array;

import java.util.PriorityQueue;
import java.util.HashMap;
import java.util.Map;

/**
 * Where dead arrays' regions wait to be reused, keyed by shape (and element type, always
 * {@code float64} here), like cuPyNumeric's allocator. Freeing is explicit and deterministic (see {@link ArrayLifetimes}: a
 * temporary dies when an operation consumes it, a named array when it is rebound or released), never
 * left to the garbage collector, so the same program always gets the same regions.
 *
 * <p>Among the free regions of a shape, the oldest (smallest region id) is handed out first. The
 * choice then depends only on <em>which</em> regions are free, not on the order they were freed: a
 * periodic check that allocates and frees a few temporaries leaves the pool as it found it, so it does
 * not shift the main loop into another steady state (with a stack, a check that frees two temporaries
 * swaps the next two allocations, and the loop's operations change after every check).
 *
 * <p>That policy is what makes {@code x = (b - R @ x) / d} alternate between two regions for
 * {@code x} (paper §2, Figure 1): the new {@code x} is allocated while the old one is alive, and the
 * old one is freed just after, to be reused by the next iteration's result.
 *
 * <p>O(log free regions) per allocation and free; not thread-safe.
 */
final class RegionPool {
  private final Map<Shape, PriorityQueue<Storage>> free = new HashMap<>();

  /** A free region of {@code shape}, or null if none. */
  Storage take(Shape shape) {
    PriorityQueue<Storage> s = free.get(shape);
    if (s == null || s.isEmpty()) {
      return null;
    }
    Storage st = s.poll();
    st.free = false;
    return st;
  }

  /** Returns {@code s} to the pool; IllegalStateException if it is already free. */
  void release(Storage s) {
    if (s.free) {
      throw new IllegalStateException("array region " + s.root + " is already free");
    }
    s.free = true;
    s.generation++;
    free.computeIfAbsent(s.shape, k -> new PriorityQueue<>((a, b) -> Integer.compare(a.root.id(), b.root.id())))
        .add(s);
  }
}
