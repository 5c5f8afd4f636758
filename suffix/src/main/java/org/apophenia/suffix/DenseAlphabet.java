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
  /** Expected distinct tokens to presize for; the maps grow beyond it. */
  private static final int INITIAL_CAPACITY = 1 << 12;

  private DenseAlphabet() {}

  /** Symbols of {@code tokens[from, to)}; the alphabet size is {@code max(symbols) + 1}. */
  static Symbols of(long[] tokens, int from, int to) {
    int n = to - from;
    int[] symbols = new int[n];
    Long2IntOpenHashMap ids = new Long2IntOpenHashMap(Math.min(n, INITIAL_CAPACITY));
    ids.defaultReturnValue(-1);
    int next = 0;
    for (int i = 0; i < n; i++) {
      long t = tokens[from + i];
      int id = ids.putIfAbsent(t, next);
      if (id < 0) {
        id = next++;
      }
      symbols[i] = id;
    }
    return new Symbols(symbols, next);
  }

  /** Symbols of {@code tokens[from, to)}; the alphabet size is {@code max(symbols) + 1}. */
  static Symbols of(int[] tokens, int from, int to) {
    int n = to - from;
    int[] symbols = new int[n];
    Int2IntOpenHashMap ids = new Int2IntOpenHashMap(Math.min(n, INITIAL_CAPACITY));
    ids.defaultReturnValue(-1);
    int next = 0;
    for (int i = 0; i < n; i++) {
      int t = tokens[from + i];
      int id = ids.putIfAbsent(t, next);
      if (id < 0) {
        id = next++;
      }
      symbols[i] = id;
    }
    return new Symbols(symbols, next);
  }

  /** Dense symbols and the size of their alphabet. */
  record Symbols(int[] symbols, int alphabetSize) {}
}
