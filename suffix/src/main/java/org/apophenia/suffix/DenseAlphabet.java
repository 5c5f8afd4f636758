package org.apophenia.suffix;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;

/**
 * Remaps tokens of any alphabet to dense symbol ids {@code 0..k-1}, numbered in order of first
 * occurrence.
 *
 * <p>First-occurrence numbering (rather than numbering by token value) makes everything downstream
 * depend only on the <em>structure</em> of the input: two inputs equal up to a renaming of tokens get
 * the same symbols, hence the same suffix array and the same repeats. It is also what SA-IS needs: a
 * small integer alphabet. O(n) expected time; the map holds one entry per distinct token. Not
 * thread-safe; used once per input.
 */
final class DenseAlphabet {
  /**
   * Tokens read before the map is presized for the distinct count they predict. Growing a hash map
   * by doubling from a small size allocates twice its final size; on inputs of mostly distinct tokens
   * (about 24 bytes per entry) that garbage would dominate the finder's allocation.
   */
  static final int SAMPLE = 1 << 12;

  private DenseAlphabet() {}

  /** Symbols of {@code tokens[from, to)}; the alphabet size is {@code max(symbols) + 1}. */
  static Symbols of(long[] tokens, int from, int to) {
    int n = to - from;
    int[] symbols = new int[n];
    Long2IntOpenHashMap ids = new Long2IntOpenHashMap(Math.min(n, SAMPLE));
    ids.defaultReturnValue(-1);
    int next = 0;
    int seenAtHalf = 0;
    for (int i = 0; i < n; i++) {
      long t = tokens[from + i];
      int id = ids.putIfAbsent(t, next);
      if (id < 0) {
        id = next++;
      }
      symbols[i] = id;
      if (i + 1 == SAMPLE / 2) {
        seenAtHalf = next;
      } else if (i + 1 == SAMPLE) {
        ids.ensureCapacity(expectedDistinct(seenAtHalf, next, n));
      }
    }
    return new Symbols(symbols, next);
  }

  /** Symbols of {@code tokens[from, to)}; the alphabet size is {@code max(symbols) + 1}. */
  static Symbols of(int[] tokens, int from, int to) {
    int n = to - from;
    int[] symbols = new int[n];
    Int2IntOpenHashMap ids = new Int2IntOpenHashMap(Math.min(n, SAMPLE));
    ids.defaultReturnValue(-1);
    int next = 0;
    int seenAtHalf = 0;
    for (int i = 0; i < n; i++) {
      int t = tokens[from + i];
      int id = ids.putIfAbsent(t, next);
      if (id < 0) {
        id = next++;
      }
      symbols[i] = id;
      if (i + 1 == SAMPLE / 2) {
        seenAtHalf = next;
      } else if (i + 1 == SAMPLE) {
        ids.ensureCapacity(expectedDistinct(seenAtHalf, next, n));
      }
    }
    return new Symbols(symbols, next);
  }

  /**
   * Distinct tokens expected in all {@code n} tokens, extrapolating the rate at which new tokens
   * appeared in the second half of the sample (a loop stops adding tokens once it has been seen;
   * random tokens keep adding them).
   */
  private static int expectedDistinct(int seenAtHalf, int seen, int n) {
    long newPerToken = seen - seenAtHalf;
    return (int) Math.min(n, seen + newPerToken * (n - SAMPLE) / (SAMPLE / 2));
  }

  /** Dense symbols and the size of their alphabet. */
  record Symbols(int[] symbols, int alphabetSize) {}
}
