package org.apophenia.autotrace;

/**
 * The dyadic pieces of a trace of length {@code L}: cut the trace into blocks of {@code min} tasks
 * (the minimum trace length; the last block takes the fewer than {@code min} left over, so the blocks
 * cover the whole trace), then, for every power of two {@code 2^a} smaller than the number of blocks,
 * the aligned groups of {@code 2^a} blocks. Each piece occurred wherever the trace did, so it
 * qualifies as a trace by the same evidence, and any prefix of the trace of length {@code k} is
 * covered, up to fewer than {@code min} operations at its end, by at most {@code log2(k / min) + 1}
 * of them ({@link #decompose}): when a match of the trace breaks after {@code k} operations (an
 * inserted operation, a changed task), the pieces issue what was matched, and the pieces that start
 * after the break pick the stream up again within one block. At most {@code 2L / min} pieces, and
 * only those: whatever the noise, a loop's trace is covered by the same pieces. Stateless.
 */
final class DyadicPieces {
  private DyadicPieces() {}

  /** Receives a piece as {@code [offset, offset + length)}. */
  interface Consumer {
    void piece(int offset, int length);
  }

  /** Every piece of a trace of {@code length} operations, shortest first. */
  static void forEach(int length, int min, Consumer action) {
    int unit = Math.max(1, min);
    int blocks = length / unit;
    for (int size = 1; size < blocks; size <<= 1) {
      for (int b = 0; b + size <= blocks; b += size) {
        int from = b * unit;
        action.piece(from, boundary(b + size, blocks, unit, length) - from);
      }
    }
  }

  /**
   * The fewest pieces, longest first from offset 0, that cover {@code [0, k)} except fewer than
   * {@code min} operations at its end, for {@code k} less than the trace's {@code length}.
   */
  static void decompose(int k, int length, int min, Consumer action) {
    int unit = Math.max(1, min);
    int blocks = length / unit;
    int whole = 0; // blocks wholly inside [0, k)
    while (whole < blocks && boundary(whole + 1, blocks, unit, length) <= k) {
      whole++;
    }
    int b = 0;
    while (b < whole) {
      int size = Integer.highestOneBit(whole - b);
      if (b != 0) {
        size = Math.min(size, Integer.lowestOneBit(b)); // aligned: offset a multiple of the size
      }
      if (size >= blocks) {
        return; // the whole trace, not a piece of it (k < length rules it out)
      }
      action.piece(b * unit, boundary(b + size, blocks, unit, length) - b * unit);
      b += size;
    }
  }

  /** Where block {@code j} begins ({@code j == blocks}: the trace's end, the last block's leftover included). */
  private static int boundary(int j, int blocks, int unit, int length) {
    return j == blocks ? length : j * unit;
  }
}
