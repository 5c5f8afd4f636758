package org.apophenia.suffix;

import java.util.Arrays;

/**
 * Suffix sorting by induced sorting (SA-IS: Nong, Zhang and Chan, 2009) over a dense integer alphabet,
 * on primitive {@code int[]} only: the mining thread builds one suffix array per window, so the
 * constant factor of the induce passes is its cost.
 *
 * <p><b>Contract.</b> {@link #sort} writes into {@code sa[0, n)} the starts of the suffixes of
 * {@code text[0, n)} in lexicographic order, a suffix that is a proper prefix of another sorting
 * first (an implicit sentinel smaller than every symbol). Symbols must lie in {@code [0, k)}. The
 * suffix array is unique, so this is the same array any correct construction returns. O(n + k) time.
 *
 * <p><b>Working memory.</b> The text is read, never written. Each level keeps two bucket tables of
 * {@code k + 1} and {@code k} ints (the first bucket start of each symbol, so bucket {@code c} is
 * {@code [start[c], start[c + 1])}, and the moving head or tail of each bucket) and the list of its
 * LMS positions (at most {@code n / 2}), gathered in the pass that counts the symbols so that neither
 * naming nor the mapping back from the reduced text rescans the text. The recursion's text and suffix
 * array live inside {@code sa} itself (reduced text at its end, reduced suffix array at its front);
 * its bucket tables go in the unused middle of {@code sa} when they fit. Everything else is in the
 * caller's {@link Scratch}: the top level's bucket tables ({@code 2k + 1} ints), every level's LMS
 * list ({@code n/2 + n/4 + ...}), and a reduced level's bucket tables when they do not fit in
 * {@code sa} (up to about {@code n} at the first): at most about {@code 2k + 3n} ints, kept from call
 * to call; nothing is allocated once it is large enough (while it grows, inside a recursion, the
 * levels above still hold the smaller array for a moment).
 *
 * <p>The induce passes keep the pointer of the bucket they last wrote in a local and write it back
 * only when the symbol changes, and the LMS gathering computes types without branches: both after
 * libsais (Grebnov), whose other techniques (prefetching, OpenMP blocks) have no Java counterpart.
 *
 * <p><b>Types without a type array.</b> In an induce pass the type of a suffix's predecessor is all
 * that is needed, and it follows from two symbols once the suffix's own type is known: left of an
 * L-type suffix {@code q}, {@code q - 1} is S-type iff {@code text[q-1] < text[q]}; left of an S-type
 * one, iff {@code text[q-1] <= text[q]}. Each pass writes only suffixes of one known type, so it
 * decides the predecessor's type when it writes an entry and stores the suffix complemented
 * ({@code ~q}) when the predecessor is for the next pass to induce. The scans then test a sign bit
 * instead of looking up a bit array.
 *
 * <p>Stateless; thread-safe as long as callers do not share a {@code Scratch}.
 */
final class Sais {
  private Sais() {}

  /** Sorts the suffixes of {@code text[0, n)}, symbols in {@code [0, k)}, into {@code sa[0, n)}. */
  static void sort(int[] text, int n, int k, int[] sa, Scratch scratch) {
    if (n == 0) {
      return;
    }
    if (n == 1) {
      sa[0] = 0;
      return;
    }
    int used = 2 * k + 1;
    int[] buckets = scratch.ints(used + lmsCapacity(n));
    sort(text, 0, n, k, sa, buckets, 0, scratch, used);
  }

  /** Room for the LMS positions of {@code n} symbols, and the slot the gathering writes past them. */
  private static int lmsCapacity(int n) {
    return n / 2 + 1;
  }

  /**
   * One level: the text is {@code t[to, to + n)}, the suffix array goes to {@code sa[0, n)}, bucket
   * starts at {@code b[bo, bo + k]}, bucket pointers at {@code b[bo + k + 1, bo + 2k + 1)}; scratch is in
   * use up to {@code used} (the levels above hold the front of it). This level keeps its LMS positions
   * in scratch, so that naming and the mapping back from the reduced text need no rescan of the text.
   */
  private static void sort(int[] t, int to, int n, int k, int[] sa, int[] b, int bo, Scratch scratch,
      int used) {
    int start = bo;
    int ptr = bo + k + 1;
    int[] lms = scratch.ints(used + lmsCapacity(n)); // LMS positions, right to left
    int lo = used;
    used += lmsCapacity(n);

    // One right-to-left pass counts the symbols and gathers the LMS positions. The types are computed
    // without branches (random text mispredicts them half the time): with d = t[i] - t[i+1], i is
    // S-type iff d < 0, or d == 0 and i + 1 is S-type; i + 1 is LMS iff it is S-type and i is not.
    // Every position is written to the list; only an LMS one advances it.
    Arrays.fill(b, start, start + k + 1, 0);
    int c1 = t[to + n - 1];
    b[start + 1 + c1]++;
    int nextS = 0; // suffix n - 1 is L-type: the sentinel after it is smaller
    int m = 0;
    for (int i = n - 2; i >= 0; i--) {
      int c0 = t[to + i];
      b[start + 1 + c0]++;
      int d = c0 - c1; // symbols are below 2^30: no overflow
      int s = (d >>> 31) | (nextS & (~(d | -d) >>> 31));
      lms[lo + m] = i + 1;
      m += nextS & (s ^ 1);
      nextS = s;
      c1 = c0;
    }
    for (int c = 1; c <= k; c++) { // counts shifted by one, summed: bucket starts, start[k] == n
      b[start + c] += b[start + c - 1];
    }

    // Stage 1: seed the LMS suffixes at their bucket ends in any order; the two induce passes then
    // leave them ordered by their LMS substrings.
    Arrays.fill(sa, 0, n, 0);
    System.arraycopy(b, start + 1, b, ptr, k);
    for (int j = 0; j < m; j++) {
      int p = lms[lo + j];
      sa[--b[ptr + t[to + p]]] = p;
    }
    if (m > 1) {
      induceL(t, to, n, k, sa, b, start, ptr, true);
      induceS(t, to, n, k, sa, b, start, ptr, true);
      // what is left are the LMS suffixes, sorted by LMS substring
      int j = 0;
      for (int i = 0; i < n; i++) {
        int v = sa[i];
        if (v > 0) {
          sa[j++] = v;
        }
      }
      int names = name(t, to, n, m, sa, lms, lo);
      if (names < m) {
        // the reduced text (names in text order) moves to sa[n - m, n), its suffix array to sa[0, m)
        for (int i = n - 1, w = n - 1; i >= m; i--) {
          if (sa[i] != 0) {
            sa[w--] = sa[i] - 1;
          }
        }
        int need = 2 * names + 1;
        if (n - 2 * m >= need) { // the middle of sa is free while the level below runs
          sort(sa, n - m, m, names, sa, sa, m, scratch, used);
        } else {
          int[] s = scratch.ints(used + need);
          sort(sa, n - m, m, names, sa, s, used, scratch, used + need);
        }
        // reduced suffix r starts at the r-th LMS position in text order
        int last = lo + m - 1;
        for (int i = 0; i < m; i++) {
          sa[i] = lms[last - sa[i]];
        }
      } // else every LMS substring is distinct, so sa[0, m) is already the order of the LMS suffixes

      // Stage 2: the sorted LMS suffixes go to their bucket ends, in order, for the final passes.
      Arrays.fill(sa, m, n, 0);
      System.arraycopy(b, start + 1, b, ptr, k);
      for (int i = m - 1; i >= 0; i--) {
        int p = sa[i];
        sa[i] = 0;
        sa[--b[ptr + t[to + p]]] = p; // at or after i: an LMS suffix's rank is at least its LMS rank
      }
    } // else at most one LMS suffix: the seeding above already placed it
    induceL(t, to, n, k, sa, b, start, ptr, false);
    induceS(t, to, n, k, sa, b, start, ptr, false);
  }

  /**
   * Left-to-right pass placing every L-type suffix at the head of its bucket, induced from its
   * successor. Non-negative entries induce their predecessor; 0 is both "empty" and suffix 0, which
   * has no predecessor. With {@code clear}, the entries it has induced from are erased (stage 1 keeps
   * only what the S pass still needs).
   *
   * <p>Consecutive entries mostly induce into the same bucket, so the head of the last bucket written
   * is kept in a local ({@code at}) and written back only when the symbol changes.
   */
  private static void induceL(int[] t, int to, int n, int k, int[] sa, int[] b, int start, int ptr,
      boolean clear) {
    System.arraycopy(b, start, b, ptr, k);
    int q = n - 1; // the sentinel induces the last suffix first
    int c = t[to + q];
    int at = b[ptr + c];
    sa[at++] = q > 0 && t[to + q - 1] < c ? ~q : q;
    for (int i = 0; i < n; i++) {
      int v = sa[i];
      if (v > 0) {
        q = v - 1;
        int cq = t[to + q];
        if (cq != c) {
          b[ptr + c] = at;
          at = b[ptr + (c = cq)];
        }
        sa[at++] = q > 0 && t[to + q - 1] < cq ? ~q : q;
        if (clear) { // loop-invariant: the compiler unswitches it
          sa[i] = 0;
        }
      }
    }
  }

  /**
   * Right-to-left pass placing every S-type suffix at the tail of its bucket, induced from the
   * complemented entries (those whose predecessor is S-type). Without {@code clear} it restores them;
   * with it, it erases them, so that only the LMS suffixes (stored uncomplemented: their predecessor
   * is L-type) survive stage 1. The tail of the last bucket written is cached as in {@link #induceL}.
   */
  private static void induceS(int[] t, int to, int n, int k, int[] sa, int[] b, int start, int ptr,
      boolean clear) {
    System.arraycopy(b, start + 1, b, ptr, k);
    int c = 0;
    int at = b[ptr];
    int restore = clear ? 0 : -1; // the entry left behind: 0, or the suffix itself (~v & -1)
    for (int i = n - 1; i >= 0; i--) {
      int v = sa[i];
      if (v < 0) {
        int q = ~v - 1;
        int cq = t[to + q];
        if (cq != c) {
          b[ptr + c] = at;
          at = b[ptr + (c = cq)];
        }
        sa[--at] = q > 0 && t[to + q - 1] <= cq ? ~q : q;
        sa[i] = ~v & restore;
      }
    }
  }

  /**
   * Names the {@code m} LMS substrings sorted in {@code sa[0, m)}: equal substrings, equal names,
   * increasing in their order. Writes name + 1 at {@code sa[m + p / 2]} for LMS position {@code p}
   * (LMS positions are at least two apart, and {@code m + (n - 1) / 2 < n}), zero elsewhere in
   * {@code sa[m, n)}; returns the number of distinct names. {@code lms[lo, lo + m)} lists the LMS
   * positions from right to left.
   */
  private static int name(int[] t, int to, int n, int m, int[] sa, int[] lms, int lo) {
    Arrays.fill(sa, m, n, 0);
    // length of each LMS substring, both end LMS symbols included; the last one runs into the
    // sentinel (length n - p + 1), which makes it unequal to every other
    for (int j = 0, next = n; j < m; j++) {
      int p = lms[lo + j];
      sa[m + (p >> 1)] = next - p + 1;
      next = p;
    }
    int names = 0;
    int prev = -1;
    int prevLength = 0;
    for (int i = 0; i < m; i++) {
      int p = sa[i];
      int length = sa[m + (p >> 1)];
      boolean same = length == prevLength && p + length <= n && prev + length <= n;
      for (int x = to + p, y = to + prev, end = x + length; same && x < end; x++, y++) {
        same = t[x] == t[y]; // LMS substrings are short: a plain loop beats a vectorized mismatch
      }
      if (!same) {
        names++;
      }
      sa[m + (p >> 1)] = names;
      prev = p;
      prevLength = length;
    }
    return names;
  }

  /**
   * Reusable working memory for one thread at a time: bucket tables grow to the largest alphabet seen
   * and are kept.
   */
  static final class Scratch {
    private int[] ints = new int[0];

    /** Lets the arrays go; the next call allocates again. */
    void release() {
      ints = new int[0];
    }

    /** An array of at least {@code size} ints (contents unspecified; earlier arrays stay valid). */
    int[] ints(int size) {
      if (ints.length < size) {
        ints = new int[Math.max(size, ints.length + (ints.length >> 1))];
      }
      return ints;
    }
  }
}
