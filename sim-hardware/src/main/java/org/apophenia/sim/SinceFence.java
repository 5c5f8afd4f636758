package org.apophenia.sim;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The operations an execution fence of the {@link Engine} waits for: the last fence and what was
 * begun since it. Operations that have triggered are dropped now and then (when the list doubles), so
 * a long stretch without a fence keeps only what is still running. Not thread-safe.
 */
final class SinceFence {
  private static final int MIN_COMPACT = 1024;

  private final IntArrayList ops = new IntArrayList();
  private int compactAt = MIN_COMPACT;
  private int lastFence = -1;

  /** Notes operation {@code op}, just begun; {@code trigger} is the engine's trigger time per op (-1: not yet). */
  void add(int op, long[] trigger) {
    ops.add(op);
    if (ops.size() >= compactAt) {
      int w = 0;
      for (int i = 0, n = ops.size(); i < n; i++) {
        int o = ops.getInt(i);
        if (trigger[o] < 0) {
          ops.set(w++, o);
        }
      }
      ops.size(w);
      compactAt = Math.max(MIN_COMPACT, 2 * w);
    }
  }

  /** The last fence, or -1. */
  int lastFence() {
    return lastFence;
  }

  /** The operations begun since the last fence (read in place, until {@link #fenced}). */
  IntArrayList ops() {
    return ops;
  }

  /** {@code fence} is the last fence now: nothing was begun since. */
  void fenced(int fence) {
    ops.clear();
    compactAt = MIN_COMPACT;
    lastFence = fence;
  }
}
