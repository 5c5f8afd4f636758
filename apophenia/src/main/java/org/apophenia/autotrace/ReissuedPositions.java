package org.apophenia.autotrace;

import java.util.function.LongPredicate;

/**
 * Which of the latest stream positions went out inside a reissue (an occurrence of a trace id issued
 * before, which the runtime may replay): one bit per position, in a ring at least as long as the
 * mining history plus the longest wait before a window is ingested, so that a candidate mined from
 * any window can be looked up where it occurred ({@link Residue}). A position not gone out yet (still
 * pending in an open match), or older than the ring, is not {@link #known} and reads as not reissued.
 * O(1) per operation, no allocation after construction; application thread only.
 */
final class ReissuedPositions implements LongPredicate {
  private final long[] bits;
  /** Set where a reissue began. */
  private final long[] starts;
  /** Set where a reissue of a residue went out ({@link Residue}). */
  private final long[] residues;
  private final int mask;
  /** Positions below this one have gone out (or were breaks). */
  private long forwarded;

  /** A ring of at least {@code horizon} positions. */
  ReissuedPositions(int horizon) {
    int n = Math.max(64, Integer.highestOneBit(Math.max(1, horizon - 1)) << 1);
    bits = new long[n >>> 6];
    starts = new long[n >>> 6];
    residues = new long[n >>> 6];
    mask = n - 1;
  }

  /**
   * The operation at {@code pos}, the next one to go out, went out inside a reissue or not;
   * {@code first}: the first operation of that reissue; {@code residue}: a reissue of a residue.
   */
  void wentOut(long pos, boolean reissued, boolean first, boolean residue) {
    int b = (int) (pos & mask);
    int w = b >>> 6;
    long bit = 1L << b;
    bits[w] = reissued ? bits[w] | bit : bits[w] & ~bit;
    starts[w] = reissued && first ? starts[w] | bit : starts[w] & ~bit;
    residues[w] = reissued && residue ? residues[w] | bit : residues[w] & ~bit;
    forwarded = pos + 1;
  }

  /** Whether a reissue of a residue went out at {@code pos} (false where {@link #test} is). */
  boolean residueAt(long pos) {
    return test(pos) && bit(residues, pos);
  }

  /** Whether a reissue began at {@code pos} (false where {@link #test} is). */
  boolean reissueBegan(long pos) {
    return test(pos) && bit(starts, pos);
  }

  /** Whether the operation at {@code pos} has gone out and the ring still remembers how. */
  boolean known(long pos) {
    return pos >= 0 && pos < forwarded && pos >= forwarded - (mask + 1L);
  }

  /** Whether the operation at {@code pos} went out inside a reissue (see the class comment). */
  @Override
  public boolean test(long pos) {
    return known(pos) && bit(bits, pos);
  }

  private boolean bit(long[] set, long pos) {
    int b = (int) (pos & mask);
    return (set[b >>> 6] & (1L << b)) != 0;
  }
}
