package org.apophenia.recorder;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the {@link Drainer} moves a thread's events: chunks of {@value #CHUNK_EVENTS} events, filled
 * in order, so that moving never copies what was moved before. Drainer thread only (then the thread
 * that stopped the recorder, after joining it).
 */
final class EventArchive {
  static final int CHUNK_EVENTS = 8192;
  private final List<long[]> chunks = new ArrayList<>();
  private long[] current;
  private int fill; // longs in current
  private long events;

  /** Appends {@code n} events from {@code src} starting at long {@code from}. */
  void append(long[] src, int from, int n) {
    int longs = n * Ring.WIDTH;
    while (longs > 0) {
      if (current == null || fill == current.length) {
        current = new long[CHUNK_EVENTS * Ring.WIDTH];
        chunks.add(current);
        fill = 0;
      }
      int k = Math.min(longs, current.length - fill);
      System.arraycopy(src, from, current, fill, k);
      fill += k;
      from += k;
      longs -= k;
    }
    events += n;
  }

  long events() {
    return events;
  }

  /** Every event in one array (three longs each), in archive order. */
  long[] toArray() {
    long[] all = new long[Math.toIntExact(events * Ring.WIDTH)];
    int at = 0;
    for (long[] c : chunks) {
      int k = Math.min(c.length, all.length - at);
      System.arraycopy(c, 0, all, at, k);
      at += k;
    }
    return all;
  }
}
