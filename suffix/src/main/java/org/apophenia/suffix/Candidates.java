package org.apophenia.suffix;

import it.unimi.dsi.fastutil.ints.IntArrays;

/**
 * Candidate repeats of Algorithm 2 (Apophenia paper, Section 4.2), sorted for greedy selection.
 *
 * <p>For each pair of adjacent suffixes {@code s1 = SA[i]}, {@code s2 = SA[i+1]} with common prefix
 * {@code p = LCP[i]}: if {@code [s1, s1+p)} and {@code [s2, s2+p)} are disjoint, both are candidates of
 * length {@code p}. Otherwise, with {@code s = min(s1, s2)} and {@code d = |s1 - s2| < p}, the text
 * {@code S[s, s+p+d)} has period {@code d}, so it splits into two back-to-back copies of its longest
 * prefix whose length {@code l <= (p+d)/2} is a multiple of {@code d}: candidates {@code (l, s)} and
 * {@code (l, s+l)}. The overlap test uses signed differences: Legion's {@code s1 - l1} on unsigned
 * integers misclassified overlapping suffixes ("aaaa", "ababab").
 *
 * <p><b>Candidate ids.</b> Equal substrings must share an id so that selection can consider all
 * occurrences of one substring together. A substring of length {@code l} that prefixes the suffix at
 * rank {@code i} occupies a contiguous block of ranks; its id is the first rank of that block, i.e.
 * one past the last {@code k < i} with {@code LCP[k] < l}. A monotonic stack of ranks with increasing
 * LCP, swept left to right, holds every such {@code k}, so each id costs one binary search: O(n log n)
 * in all, O(n) extra memory, no range-minimum table.
 *
 * <p>Candidates shorter than the minimum length are never generated. The result is sorted by
 * decreasing length, then id, then start, with an in-place radix sort; 12 bytes per candidate and at
 * most {@code 2(n-1)} candidates.
 */
final class Candidates {
  /** Sort keys, all of the same length: {@code -length}, id, start. */
  final int[] negLength;
  final int[] id;
  final int[] start;

  private Candidates(int[] negLength, int[] id, int[] start) {
    this.negLength = negLength;
    this.id = id;
    this.start = start;
  }

  int size() {
    return start.length;
  }

  int length(int c) {
    return -negLength[c];
  }

  static Candidates of(SuffixArray suffixes, int minLength) {
    int[] sa = suffixes.sa();
    int[] lcp = suffixes.lcp();
    int n = sa.length;
    int count = 0;
    for (int i = 0; i + 1 < n; i++) {
      if (candidateLength(sa[i], sa[i + 1], lcp[i]) >= minLength) {
        count += 2;
      }
    }
    int[] negLength = new int[count];
    int[] id = new int[count];
    int[] start = new int[count];
    int[] stack = new int[Math.max(n, 1)]; // ranks with strictly increasing LCP, bottom to top
    int top = -1;
    int c = 0;
    for (int i = 0; i + 1 < n; i++) {
      int s1 = sa[i];
      int s2 = sa[i + 1];
      int p = lcp[i];
      int l = candidateLength(s1, s2, p);
      if (l >= minLength) {
        int blockStart = blockStart(stack, top, lcp, l);
        int first;
        int second;
        if (Math.abs(s1 - s2) >= p) { // disjoint: both prefixes as they are
          first = s1;
          second = s2;
        } else {
          first = Math.min(s1, s2);
          second = first + l;
        }
        negLength[c] = -l;
        id[c] = blockStart;
        start[c++] = first;
        negLength[c] = -l;
        id[c] = blockStart;
        start[c++] = second;
      }
      while (top >= 0 && lcp[stack[top]] >= p) {
        top--;
      }
      stack[++top] = i;
    }
    IntArrays.radixSort(new int[][] {negLength, id, start});
    return new Candidates(negLength, id, start);
  }

  /**
   * Length of the candidates the suffix pair yields: {@code p} when the two prefixes are disjoint,
   * else the period-aligned half of the periodic run (0 when there is no common prefix).
   */
  static int candidateLength(int s1, int s2, int p) {
    int d = Math.abs(s1 - s2); // signed arithmetic: never s1 - p on unsigned values
    if (d >= p) {
      return p;
    }
    int l = (p + d) / 2; // p > d >= 1, so l >= d
    return l - l % d;
  }

  /** First rank of the block of suffixes sharing the first {@code l} tokens with rank {@code top+1}. */
  private static int blockStart(int[] stack, int top, int[] lcp, int l) {
    int lo = 0;
    int hi = top; // find the highest stack entry with lcp < l
    int found = -1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (lcp[stack[mid]] < l) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found < 0 ? 0 : stack[found] + 1;
  }
}
