package org.apophenia.sim;

import java.util.Arrays;

/**
 * The simulator's future: a binary min-heap of (time, op) activity completions, ordered by time then op
 * index so that the order of equal times is stable. Primitive and allocation-free except when it grows.
 * O(log n) push and pop. Not thread-safe.
 */
final class TimeQueue {
  private long[] times = new long[64];
  private int[] ops = new int[64];
  private int size;

  boolean isEmpty() {
    return size == 0;
  }

  int size() {
    return size;
  }

  /** Time of the earliest entry; undefined when empty. */
  long peekTime() {
    return times[0];
  }

  void push(long time, int op) {
    if (size == times.length) {
      times = Arrays.copyOf(times, size * 2);
      ops = Arrays.copyOf(ops, size * 2);
    }
    int i = size++;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (!less(time, op, times[parent], ops[parent])) {
        break;
      }
      times[i] = times[parent];
      ops[i] = ops[parent];
      i = parent;
    }
    times[i] = time;
    ops[i] = op;
  }

  /** Removes the earliest entry and returns its op. */
  int pop() {
    int top = ops[0];
    size--;
    if (size > 0) {
      long t = times[size];
      int o = ops[size];
      int i = 0;
      while (true) {
        int child = 2 * i + 1;
        if (child >= size) {
          break;
        }
        if (child + 1 < size && less(times[child + 1], ops[child + 1], times[child], ops[child])) {
          child++;
        }
        if (!less(times[child], ops[child], t, o)) {
          break;
        }
        times[i] = times[child];
        ops[i] = ops[child];
        i = child;
      }
      times[i] = t;
      ops[i] = o;
    }
    return top;
  }

  private static boolean less(long t1, int o1, long t2, int o2) {
    return t1 < t2 || (t1 == t2 && o1 < o2);
  }
}
