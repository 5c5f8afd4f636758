package org.apophenia.sim;

import java.util.Arrays;

/**
 * The operations ready to run on one resource: a binary min-heap of op indices ordered by (ready time,
 * op index) — first ready, first served; equal ready times in submission order. The ready times live
 * in the engine's table and are passed in, so the heap holds only ints. O(log n) push and pop. Not
 * thread-safe.
 */
final class ReadyQueue {
  private int[] heap = new int[8];
  private int size;

  boolean isEmpty() {
    return size == 0;
  }

  void push(int op, long[] ready) {
    if (size == heap.length) {
      heap = Arrays.copyOf(heap, size * 2);
    }
    int i = size++;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (!less(op, heap[parent], ready)) {
        break;
      }
      heap[i] = heap[parent];
      i = parent;
    }
    heap[i] = op;
  }

  int pop(long[] ready) {
    int top = heap[0];
    size--;
    if (size > 0) {
      int o = heap[size];
      int i = 0;
      while (true) {
        int child = 2 * i + 1;
        if (child >= size) {
          break;
        }
        if (child + 1 < size && less(heap[child + 1], heap[child], ready)) {
          child++;
        }
        if (!less(heap[child], o, ready)) {
          break;
        }
        heap[i] = heap[child];
        i = child;
      }
      heap[i] = o;
    }
    return top;
  }

  private static boolean less(int a, int b, long[] ready) {
    return ready[a] < ready[b] || (ready[a] == ready[b] && a < b);
  }
}
