package org.apophenia.suffix;

import java.util.Arrays;

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
 * LCP, swept left to right, holds every such {@code k}, so an id costs at most one binary search:
 * O(n log n) in all, no range-minimum table. When the pair's prefixes are disjoint ({@code l} is the
 * pair's LCP) the boundary is the stack's top once the ranks of LCP {@code >= l} are popped, so the
 * common case needs no search.
 *
 * <p><b>Order.</b> Selection wants decreasing length, then id, then start. Lengths are bucketed by a
 * counting sort (a first pass over the suffix pairs counts them, the second writes each candidate into
 * its bucket); within a bucket, candidates are packed as {@code id << 32 | start} and sorted as
 * primitive longs. 8 bytes per candidate, at most {@code 2(n-1)} candidates, and none shorter than the
 * minimum length; the arrays are the caller's {@code Workspace}, reused from window to window.
 */
final class Candidates {
  /**
   * {@code id << 32 | start}, grouped by length (longest first), sorted within each length; may be
   * longer than the candidates ({@code bucketEnd} marks their end).
   */
  final long[] keys;
  /** Distinct candidate lengths, decreasing; bucket {@code b} is {@code keys[bucketEnd[b-1], bucketEnd[b])}. */
  final int[] bucketLength;
  final int[] bucketEnd;

  private Candidates(long[] keys, int[] bucketLength, int[] bucketEnd) {
    this.keys = keys;
    this.bucketLength = bucketLength;
    this.bucketEnd = bucketEnd;
  }

  static int id(long key) {
    return (int) (key >>> 32);
  }

  static int start(long key) {
    return (int) key;
  }

  /**
   * The candidates of the suffix array {@code sa[0, n)} with LCP {@code lcp[0, n)}, no shorter than
   * {@code minLength}. The keys live in the workspace: valid until its next use.
   */
  static Candidates of(int[] sa, int[] lcp, int n, int minLength, Workspace w) {
    // Counting sort by decreasing length: next[l] first counts the candidates of length l, then says
    // where the next one goes. A candidate is at most n/2 long (two disjoint copies, or the two halves
    // of a periodic run), so the table is sized before the lengths are known and one pass counts them;
    // each pair's length is kept for the pass that writes the keys (it divides when the pair overlaps).
    int[] next = w.zeroedCounts(n / 2 + 1);
    int[] length = w.pairLengths(n);
    int maxLength = 0;
    for (int i = 0; i + 1 < n; i++) {
      int l = candidateLength(sa[i], sa[i + 1], lcp[i]);
      length[i] = l;
      if (l >= minLength) {
        next[l] += 2;
        maxLength = Math.max(maxLength, l);
      }
    }
    if (maxLength < minLength) {
      return new Candidates(new long[0], new int[0], new int[0]);
    }
    int buckets = 0;
    int total = 0;
    for (int l = maxLength; l >= minLength; l--) {
      int count = next[l];
      next[l] = total;
      total += count;
      if (count > 0) {
        buckets++;
      }
    }
    int[] bucketLength = new int[buckets];
    int[] bucketEnd = new int[buckets];
    for (int l = maxLength, b = 0; l >= minLength; l--) {
      int end = l == minLength ? total : next[l - 1];
      if (end > next[l]) {
        bucketLength[b] = l;
        bucketEnd[b++] = end;
      }
    }

    long[] keys = w.keys(total);
    int[] stack = w.stack(); // ranks with strictly increasing LCP, bottom to top
    int top = -1;
    for (int i = 0; i + 1 < n; i++) {
      int p = lcp[i];
      // pop first: a popped rank has LCP >= p >= l, so it can never be the block's boundary
      while (top >= 0 && lcp[stack[top]] >= p) {
        top--;
      }
      int l = length[i];
      if (l >= minLength) {
        int s1 = sa[i];
        int s2 = sa[i + 1];
        long id;
        int first;
        int second;
        if (Math.abs(s1 - s2) >= p) { // disjoint: both prefixes as they are, l == p
          // every rank left on the stack has LCP < p: the boundary is the top, no search
          id = (long) (top < 0 ? 0 : stack[top] + 1) << 32;
          first = s1;
          second = s2;
        } else {
          id = (long) blockStart(stack, top, lcp, l) << 32;
          first = Math.min(s1, s2);
          second = first + l;
        }
        keys[next[l]++] = id | first;
        keys[next[l]++] = id | second;
      }
      if (++top == stack.length) {
        stack = w.growStack();
      }
      stack[top] = i;
    }
    for (int b = 0, from = 0; b < buckets; from = bucketEnd[b++]) {
      Arrays.sort(keys, from, bucketEnd[b]);
    }
    return new Candidates(keys, bucketLength, bucketEnd);
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
