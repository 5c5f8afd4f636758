package org.apophenia.apophenia;

import java.util.Arrays;

/**
 * Completed matches of cached traces (paper Section 4.3), each over token positions
 * {@code [start, end)}, waiting for the selection to issue or drop them: parallel arrays, so that a
 * completed match costs no allocation once grown. Few at a time (at most one per open pointer).
 * Not thread-safe.
 */
final class Matches {
  long[] starts = new long[8];
  long[] ends = new long[8];
  Trace[] traces = new Trace[8];
  int size;

  void add(long start, long end, Trace trace) {
    if (size == starts.length) {
      starts = Arrays.copyOf(starts, size * 2);
      ends = Arrays.copyOf(ends, size * 2);
      traces = Arrays.copyOf(traces, size * 2);
    }
    starts[size] = start;
    ends[size] = end;
    traces[size++] = trace;
  }

  boolean isEmpty() {
    return size == 0;
  }

  /** Index of the match with the smallest start (the first such). Not empty. */
  int earliest() {
    int m = 0;
    for (int i = 1; i < size; i++) {
      if (starts[i] < starts[m]) {
        m = i;
      }
    }
    return m;
  }

  /** Drops the matches that start before {@code position}, keeping the others' order. */
  void dropStartingBefore(long position) {
    int w = 0;
    for (int i = 0; i < size; i++) {
      if (starts[i] >= position) {
        starts[w] = starts[i];
        ends[w] = ends[i];
        traces[w++] = traces[i];
      }
    }
    Arrays.fill(traces, w, size, null);
    size = w;
  }
}
