package org.apophenia.autotrace;

import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;

/**
 * The most of a stream any online trace finder could cover, for comparison with what Apophenia
 * covered. A finder that, like Apophenia, issues a trace only after it has seen it twice cannot trace
 * an operation unless some window of {@code min} consecutive operations around it (the minimum trace
 * length) already occurred twice, without overlap, before that window starts; a longer trace repeats
 * only if each of its {@code min}-windows does, so windows of exactly {@code min} suffice. The
 * fraction of operations inside such a window is an upper bound on online coverage.
 *
 * <p>One pass: each window's content hash maps to the start of its first occurrence and, once seen,
 * the end of the earliest later occurrence that does not overlap it (the greedy choice ends the
 * pair soonest). A window qualifies when that end is at most its own start. Untraceable operations
 * and blocking waits break the stream (no window spans them); no-ops are counted as coverable, as
 * they can be forwarded inside a trace. O(1) amortised per operation, 16 bytes per distinct window.
 * Window contents are compared by a 64-bit hash (a collision could only raise the bound). Not
 * thread-safe.
 */
public final class CoverageBound {
  private final int min;
  private final long[] ring;
  private final Long2LongOpenHashMap first = new Long2LongOpenHashMap();
  private final Long2LongOpenHashMap secondEnd = new Long2LongOpenHashMap();
  /** Traceable operations since the last break, and their position in the stream. */
  private int run;
  private long position;
  private long coveredUntil;
  private long coverable;
  private long ops;

  /** A bound for traces of at least {@code minTraceLength} operations. */
  public CoverageBound(int minTraceLength) {
    if (minTraceLength < 1) {
      throw new IllegalArgumentException("minTraceLength must be at least 1, got " + minTraceLength);
    }
    this.min = minTraceLength;
    this.ring = new long[minTraceLength];
  }

  /** A traceable operation with its token. */
  public void traceable(long token) {
    ops++;
    ring[(int) (position % min)] = token;
    position++;
    run++;
    if (run < min) {
      return;
    }
    long start = position - min;
    long h = windowHash();
    long end2 = secondEnd.getOrDefault(h, Long.MAX_VALUE);
    if (end2 <= start) {
      long from = Math.max(start, coveredUntil);
      coverable += position - from;
      coveredUntil = position;
    }
    if (!first.containsKey(h)) {
      first.put(h, start);
    } else if (end2 == Long.MAX_VALUE && start >= first.get(h) + min) {
      secondEnd.put(h, position);
    }
  }

  /** An operation invisible to tracing (forwarded in order, possibly inside a trace). */
  public void noOp() {
    ops++;
    coverable++;
  }

  /** An untraceable operation or a blocking wait: no window spans it. */
  public void breakStream(boolean isOperation) {
    if (isOperation) {
      ops++;
    }
    run = 0;
  }

  private long windowHash() {
    TokenHasher h = new TokenHasher();
    for (int i = 0; i < min; i++) {
      h.putLong(ring[(int) ((position - min + i) % min)]);
    }
    return h.token();
  }

  /** Operations seen. */
  public long ops() {
    return ops;
  }

  /** Operations inside a window that had occurred twice before it. */
  public long coverable() {
    return coverable;
  }

  /** {@code coverable / ops}, 0 without operations. */
  public double bound() {
    return ops == 0 ? 0 : (double) coverable / ops;
  }
}
