package org.apophenia.suffix;

import java.util.Arrays;

/**
 * The first-occurrence numbering of {@code DenseAlphabet}, in a hash table kept from one window to
 * the next: the mining thread numbers tens of thousands of windows of a few hundred to 65,536 tokens,
 * and a fresh map per window cost more to allocate and clear than to fill.
 *
 * <p>Open addressing with linear probing over {@code 2^b >= 2n} slots of the arrays (load at most
 * one half), the slots of the current window told apart by a generation stamp, so starting a window
 * clears nothing. The numbering is the same as {@code DenseAlphabet.of}: the {@code i}-th distinct
 * token in order of first occurrence gets symbol {@code i}. O(n) expected time; 16 bytes per slot,
 * kept at the largest window numbered. Not thread-safe: one owner at a time.
 */
final class TokenIds {
  private long[] keys = new long[0];
  private int[] ids = new int[0];
  private int[] stamps = new int[0];
  private int stamp;

  /** Writes the symbols of {@code tokens[from, to)} into {@code symbols[0, n)}; returns the alphabet size. */
  int number(long[] tokens, int from, int to, int[] symbols) {
    int n = to - from;
    int bits = bitsFor(n);
    int shift = 64 - bits;
    int mask = (1 << bits) - 1;
    int now = begin(1 << bits);
    long[] keys = this.keys;
    int[] ids = this.ids;
    int[] stamps = this.stamps;
    int next = 0;
    for (int i = 0; i < n; i++) {
      long t = tokens[from + i];
      int slot = (int) ((t * 0x9E3779B97F4A7C15L) >>> shift);
      int id;
      while (true) {
        if (stamps[slot] != now) { // a free slot: t is new
          stamps[slot] = now;
          keys[slot] = t;
          id = ids[slot] = next++;
          break;
        }
        if (keys[slot] == t) {
          id = ids[slot];
          break;
        }
        slot = (slot + 1) & mask;
      }
      symbols[i] = id;
    }
    return next;
  }

  /** Table bits for {@code n} tokens: at least twice as many slots, at least 16. */
  private static int bitsFor(int n) {
    return Math.max(4, 33 - Integer.numberOfLeadingZeros(Math.max(1, n) - 1));
  }

  /** Starts a window over the first {@code slots} slots; returns its stamp. */
  private int begin(int slots) {
    if (keys.length < slots) {
      keys = new long[slots];
      ids = new int[slots];
      stamps = new int[slots];
      stamp = 0;
    }
    if (++stamp == 0) { // wrapped: stamps of 2^32 windows ago would look current
      Arrays.fill(stamps, 0);
      stamp = 1;
    }
    return stamp;
  }
}
