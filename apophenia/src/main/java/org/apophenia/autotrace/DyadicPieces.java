package org.apophenia.autotrace;

/**
 * The dyadic pieces of a trace of length {@code L}: for every power of two {@code 2^a} at least the
 * minimum trace length and less than {@code L}, the pieces {@code [i 2^a, (i+1) 2^a)} that fit in
 * {@code [0, L)}. Each occurred wherever the trace did, so it qualifies as a trace by the same
 * evidence, and any prefix of the trace of length {@code k} is covered, up to fewer than
 * {@code min} operations at its end, by at most {@code log2(k)} of them ({@link #decompose}): when a
 * match of the trace breaks after {@code k} operations (an inserted operation, a changed task), the
 * pieces issue what was matched, and the pieces that start after the break pick the stream up again
 * within one piece of the smallest size. At most {@code 2L / min} pieces. Stateless.
 */
final class DyadicPieces {
  private DyadicPieces() {}

  /** Receives a piece as {@code [offset, offset + length)}. */
  interface Consumer {
    void piece(int offset, int length);
  }

  /** Every piece of a trace of {@code length} operations, shortest first. */
  static void forEach(int length, int min, Consumer action) {
    for (int size = smallest(min); size < length; size <<= 1) {
      for (int off = 0; off + size <= length; off += size) {
        action.piece(off, size);
      }
    }
  }

  /**
   * The fewest pieces, longest first from offset 0, that cover {@code [0, k)} except fewer than
   * {@code smallest(min)} operations at its end, for {@code k} less than the trace's length.
   */
  static void decompose(int k, int min, Consumer action) {
    int unit = smallest(min);
    int off = 0;
    while (k - off >= unit) {
      int size = Integer.highestOneBit(k - off);
      if (off != 0) {
        size = Math.min(size, Integer.lowestOneBit(off)); // aligned: offset a multiple of the size
      }
      action.piece(off, size);
      off += size;
    }
  }

  /** The smallest piece: the least power of two at least {@code min}. */
  static int smallest(int min) {
    return min <= 1 ? 1 : Integer.highestOneBit(min - 1) << 1;
  }
}
