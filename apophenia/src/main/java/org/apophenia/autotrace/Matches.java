package org.apophenia.autotrace;

import java.util.Arrays;

/**
 * Completed matches of cached traces (paper Section 4.3), each over token positions
 * {@code [start, end)}, waiting for the selection to issue or drop them: parallel arrays, so that a
 * completed match costs no allocation once grown. The earliest-starting match is kept up to date on
 * every add, so the selection's per-operation check is O(1) even while thousands of short matches
 * wait behind a long open pointer (a trace of thousands of operations); dropping is O(size), once
 * per issued trace. Not thread-safe.
 */
final class Matches {
  long[] starts = new long[8];
  long[] ends = new long[8];
  Trace[] traces = new Trace[8];
  int size;
  private int earliest = -1;

  void add(long start, long end, Trace trace) {
    if (size == starts.length) {
      starts = Arrays.copyOf(starts, size * 2);
      ends = Arrays.copyOf(ends, size * 2);
      traces = Arrays.copyOf(traces, size * 2);
    }
    starts[size] = start;
    ends[size] = end;
    traces[size] = trace;
    if (earliest < 0 || start < starts[earliest]) {
      earliest = size;
    }
    size++;
  }

  boolean isEmpty() {
    return size == 0;
  }

  /** Index of the match with the smallest start (the first added such). Not empty. O(1). */
  int earliest() {
    return earliest;
  }

  /** Drops the matches that start before {@code position}, keeping the others' order. */
  void dropStartingBefore(long position) {
    int w = 0;
    earliest = -1;
    for (int i = 0; i < size; i++) {
      if (starts[i] >= position) {
        starts[w] = starts[i];
        ends[w] = ends[i];
        traces[w] = traces[i];
        if (earliest < 0 || starts[w] < starts[earliest]) {
          earliest = w;
        }
        w++;
      }
    }
    Arrays.fill(traces, w, size, null);
    size = w;
  }
}
