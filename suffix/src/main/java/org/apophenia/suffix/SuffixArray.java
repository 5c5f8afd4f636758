package org.apophenia.suffix;

import java.util.Arrays;

/**
 * The suffix array and LCP array of a token string.
 *
 * <p>Tokens of any alphabet ({@code int} or 64-bit {@code long}, e.g. task hashes) are first remapped
 * to dense symbols in order of first occurrence (see {@code DenseAlphabet}); the suffix array orders
 * suffixes by those symbols, so it is lexicographic in the symbols, <em>not</em> in the raw token
 * values. Equal tokens are equal symbols, which is all the repeat finder needs.
 *
 * <p><b>Construction.</b> SA-IS (Nong, Zhang and Chan, 2009), our own over {@code int[]} ({@code Sais}),
 * O(n + k) time for k distinct tokens. LCP by Kasai et al. (2001) in its permuted-LCP form
 * (Kärkkäinen, Manzini and Puglisi, 2009), O(n).
 *
 * <p><b>LCP convention.</b> {@code lcp(i)} is the length of the longest common prefix of the suffixes
 * at ranks {@code i} and {@code i + 1} (the <em>next</em> neighbour), for {@code 0 <= i < n - 1};
 * {@code lcp(n - 1) == 0}. This is the pairing Algorithm 2 of the Apophenia paper iterates over.
 *
 * <p>Memory: 12 bytes per token (symbols, suffix array, LCP) plus the input. Immutable and
 * thread-safe once built.
 */
public final class SuffixArray {
  /** Longest input supported: sums of two positions must fit in an {@code int}. */
  public static final int MAX_LENGTH = 1 << 30;

  private final int[] symbols;
  private final int alphabetSize;
  private final int[] sa;
  private final int[] lcp;

  private SuffixArray(DenseAlphabet.Symbols s) {
    this.symbols = s.symbols();
    this.alphabetSize = s.alphabetSize();
    this.sa = build(symbols, alphabetSize);
    this.lcp = kasai(symbols, sa);
  }

  /** The suffix array of {@code tokens}. */
  public static SuffixArray of(int[] tokens) {
    return of(tokens, 0, tokens.length);
  }

  /** The suffix array of {@code tokens[from, to)}; positions are relative to {@code from}. */
  public static SuffixArray of(int[] tokens, int from, int to) {
    checkRange(tokens.length, from, to);
    return new SuffixArray(DenseAlphabet.of(tokens, from, to));
  }

  /** The suffix array of {@code tokens}. */
  public static SuffixArray of(long[] tokens) {
    return of(tokens, 0, tokens.length);
  }

  /** The suffix array of {@code tokens[from, to)}; positions are relative to {@code from}. */
  public static SuffixArray of(long[] tokens, int from, int to) {
    checkRange(tokens.length, from, to);
    return new SuffixArray(DenseAlphabet.of(tokens, from, to));
  }

  static SuffixArray ofSymbols(DenseAlphabet.Symbols s) {
    return new SuffixArray(s);
  }

  /** Number of tokens. */
  public int length() {
    return sa.length;
  }

  /** Number of distinct tokens. */
  public int alphabetSize() {
    return alphabetSize;
  }

  /** Start of the suffix of rank {@code rank}. */
  public int suffix(int rank) {
    return sa[rank];
  }

  /** Longest common prefix of the suffixes of ranks {@code rank} and {@code rank + 1}; 0 for the last. */
  public int lcp(int rank) {
    return lcp[rank];
  }

  /** A copy of the suffix array. */
  public int[] toArray() {
    return sa.clone();
  }

  /** A copy of the LCP array (next-neighbour convention, see the class comment). */
  public int[] lcpArray() {
    return lcp.clone();
  }

  /** The dense symbol of each position (first-occurrence numbering). Shared, not copied. */
  int[] symbols() {
    return symbols;
  }

  int[] sa() {
    return sa;
  }

  int[] lcp() {
    return lcp;
  }

  private static int[] build(int[] symbols, int alphabetSize) {
    int[] sa = new int[symbols.length];
    Sais.sort(symbols, symbols.length, alphabetSize, sa, new Sais.Scratch());
    return sa;
  }

  /**
   * LCP in the next-neighbour convention, via the permuted LCP: {@code plcp[j]} is the common prefix of
   * suffix {@code j} and the suffix ranked right after it; it drops by at most one from {@code j} to
   * {@code j + 1}, so the scan is O(n) in all.
   */
  static int[] kasai(int[] s, int[] sa) {
    int n = sa.length;
    int[] lcp = new int[n];
    kasai(s, sa, n, lcp, new int[n]);
    return lcp;
  }

  /**
   * As {@link #kasai(int[], int[])}, over {@code s[0, n)} and {@code sa[0, n)} (the arrays may be
   * longer), into {@code lcp[0, n)}, with {@code plcp[0, n)} as working memory.
   */
  static void kasai(int[] s, int[] sa, int n, int[] lcp, int[] plcp) {
    if (n < 2) {
      if (n == 1) {
        lcp[0] = 0;
      }
      return;
    }
    // plcp first holds "next" (the suffix ranked after j), then PLCP in place
    for (int i = 0; i < n - 1; i++) {
      plcp[sa[i]] = sa[i + 1];
    }
    plcp[sa[n - 1]] = -1;
    int h = 0;
    for (int j = 0; j < n; j++) {
      int next = plcp[j];
      if (next < 0) {
        h = 0;
        plcp[j] = 0;
        continue;
      }
      int limit = n - Math.max(j, next); // common prefix ends at the end of the shorter suffix
      while (h < limit && s[j + h] == s[next + h]) {
        h++;
      }
      plcp[j] = h;
      if (h > 0) {
        h--;
      }
    }
    for (int i = 0; i < n; i++) {
      lcp[i] = plcp[sa[i]];
    }
  }

  static void checkRange(int length, int from, int to) {
    if (from < 0 || to > length || from > to) {
      throw new IndexOutOfBoundsException("range [" + from + ", " + to + ") of an array of length " + length);
    }
    if (to - from > MAX_LENGTH) {
      throw new IllegalArgumentException("input of " + (to - from) + " tokens exceeds the maximum of " + MAX_LENGTH);
    }
  }

  @Override
  public String toString() {
    return "SuffixArray[n=" + sa.length + ", alphabet=" + alphabetSize + ", sa="
        + (sa.length <= 32 ? Arrays.toString(sa) : "...") + "]";
  }
}
