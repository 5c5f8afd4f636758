package org.apophenia.suffix;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Finds non-overlapping repeated substrings that cover much of a token string: Algorithm 2 of
 * Yadav et al., "Automatic Tracing in Task-Based Runtime Systems" (ASPLOS 2025), Section 4.2.
 *
 * <p><b>Algorithm.</b> Build the suffix and LCP arrays; derive two candidates from each adjacent suffix
 * pair (see {@code Candidates}); sort them by decreasing length, candidate id, start; then select
 * greedily. The candidates of one substring (one id) are considered together in start order: an
 * occurrence is accepted if it overlaps neither an earlier accepted occurrence of the same substring
 * nor any position already committed. The substring is committed (its positions marked) only if at
 * least two occurrences were accepted; otherwise it is dropped and its positions stay free for
 * shorter candidates (without this rule "named banana ban" loses "na"). Because candidates arrive in
 * decreasing length, a committed interval can never sit strictly inside a new one, so testing the two
 * endpoints against the marks is an exact O(1) overlap test.
 *
 * <p><b>Maximum length.</b> With a maximum length {@code M}, each selected repeat longer than
 * {@code M} is cut into consecutive pieces of {@code M} tokens (a final piece shorter than the minimum
 * length is dropped), and pieces with equal content are merged into one repeat.
 *
 * <p><b>What is guaranteed.</b> Every reported occurrence equals its substring; all occurrences of all
 * repeats are pairwise disjoint; each repeat has length in {@code [min, max]} and at least two
 * occurrences; a loop {@code B^k} (k >= 2, |B| >= min) between tokens that occur nowhere else is
 * covered for at least (k-1)|B| tokens; the output depends only on the structure of the input (equal
 * tokens), not on token values. <em>Not</em> guaranteed, despite the paper: that the longest repeat is
 * found ({@code 1 0 1 0 1 0 1 1} gives {@code 0 1} three times, not {@code 1 0 1} twice).
 *
 * <p><b>Cost.</b> O(n log n) time. Instances are immutable and thread-safe. Inputs of up to 65,536
 * tokens (the longest mining window) work in arrays the calling thread keeps from one call to the
 * next ({@code Workspace}: about 80 bytes per token of the longest input it has served, for the
 * thread's life); longer ones allocate their own working memory for the call and drop it after; the
 * measured peak heap per token is in BENCHMARKS.md ("suffix").
 */
public final class RepeatFinder {
  /** No maximum length. */
  public static final int UNBOUNDED = Integer.MAX_VALUE;

  private final int minLength;
  private final int maxLength;

  private RepeatFinder(int minLength, int maxLength) {
    if (minLength < 1) {
      throw new IllegalArgumentException("minimum length must be at least 1, got " + minLength);
    }
    if (maxLength < minLength) {
      throw new IllegalArgumentException(
          "maximum length " + maxLength + " is below the minimum length " + minLength);
    }
    this.minLength = minLength;
    this.maxLength = maxLength;
  }

  /** A finder for repeats of at least {@code minLength} tokens, with no maximum. */
  public static RepeatFinder withMinLength(int minLength) {
    return new RepeatFinder(minLength, UNBOUNDED);
  }

  /** A finder for repeats of {@code minLength} to {@code maxLength} tokens (longer ones are split). */
  public static RepeatFinder of(int minLength, int maxLength) {
    return new RepeatFinder(minLength, maxLength);
  }

  public int minLength() {
    return minLength;
  }

  /** The maximum length, or {@link #UNBOUNDED}. */
  public int maxLength() {
    return maxLength;
  }

  /** Repeats of {@code tokens}. */
  public RepeatSet find(long[] tokens) {
    return find(tokens, 0, tokens.length);
  }

  /** Repeats of {@code tokens[from, to)}; starts are relative to {@code from}. */
  public RepeatSet find(long[] tokens, int from, int to) {
    SuffixArray.checkRange(tokens.length, from, to);
    return find(tokens, from, to, Workspace.forLength(to - from));
  }

  /** As {@link #find(long[], int, int)}, in the given workspace (tests compare workspaces). */
  RepeatSet find(long[] tokens, int from, int to, Workspace w) {
    int n = to - from;
    if (n < 2 * minLength) {
      return new RepeatSet(n, List.of());
    }
    w.number(tokens, from, to);
    return find(w, n);
  }

  /** Repeats of {@code tokens}. */
  public RepeatSet find(int[] tokens) {
    return find(tokens, 0, tokens.length);
  }

  /**
   * Repeats of {@code tokens[from, to)}; starts are relative to {@code from}. The tokens are widened
   * to {@code long} (one copy; mining windows come as {@code long} already), so both kinds are numbered
   * by one table.
   */
  public RepeatSet find(int[] tokens, int from, int to) {
    SuffixArray.checkRange(tokens.length, from, to);
    long[] wide = new long[to - from];
    for (int i = 0; i < wide.length; i++) {
      wide[i] = tokens[from + i];
    }
    return find(wide, 0, wide.length);
  }

  private RepeatSet find(Workspace w, int n) {
    int[] symbols = w.symbols();
    int[] sa = w.sa(n);
    Sais.sort(symbols, n, w.alphabetSize(), sa, w.scratch);
    w.suffixArrayBuilt();
    int[] lcp = w.lcp(n);
    SuffixArray.kasai(symbols, sa, n, lcp, w.plcp(n));
    Candidates candidates = Candidates.of(sa, lcp, n, minLength, w);
    List<Repeat> selected = select(candidates, n, w);
    if (maxLength != UNBOUNDED) {
      selected = splitLongerThanMax(selected, symbols);
    }
    selected.sort(OUTPUT_ORDER);
    return new RepeatSet(n, selected);
  }

  /** Longest first, then by first start: independent of how symbols were numbered. */
  private static final Comparator<Repeat> OUTPUT_ORDER =
      Comparator.comparingInt((Repeat r) -> -r.length()).thenComparingInt(r -> r.start(0));

  /** Greedy selection over candidates sorted by (length desc, id, start); see the class comment. */
  private static List<Repeat> select(Candidates c, int n, Workspace w) {
    long[] marked = w.clearedMarks(n);
    List<Repeat> result = new ArrayList<>();
    IntArrayList accepted = w.accepted;
    long[] keys = c.keys;
    for (int b = 0, g = 0; b < c.bucketLength.length; b++) {
      int len = c.bucketLength[b];
      int bucketEnd = c.bucketEnd[b];
      while (g < bucketEnd) {
        int id = Candidates.id(keys[g]);
        accepted.clear();
        int lastEnd = Integer.MIN_VALUE;
        for (; g < bucketEnd && Candidates.id(keys[g]) == id; g++) {
          int s = Candidates.start(keys[g]);
          if (s >= lastEnd && !isMarked(marked, s) && !isMarked(marked, s + len - 1)) {
            accepted.add(s);
            lastEnd = s + len;
          }
        }
        if (accepted.size() >= 2) {
          for (int i = 0; i < accepted.size(); i++) {
            int s = accepted.getInt(i);
            mark(marked, s, s + len);
          }
          result.add(new Repeat(len, accepted.toIntArray()));
        }
      }
    }
    return result;
  }

  private List<Repeat> splitLongerThanMax(List<Repeat> repeats, int[] symbols) {
    List<Repeat> pieces = new ArrayList<>();
    for (Repeat r : repeats) {
      if (r.length() <= maxLength) {
        pieces.add(r);
        continue;
      }
      int[] starts = r.starts();
      for (int offset = 0; offset < r.length(); offset += maxLength) {
        int len = Math.min(maxLength, r.length() - offset);
        if (len < minLength) {
          break;
        }
        int[] shifted = new int[starts.length];
        for (int i = 0; i < starts.length; i++) {
          shifted[i] = starts[i] + offset;
        }
        pieces.add(new Repeat(len, shifted));
      }
    }
    return mergeEqualContent(pieces, symbols);
  }

  /** Merges repeats whose substrings are equal (pieces of split repeats can coincide). */
  private static List<Repeat> mergeEqualContent(List<Repeat> repeats, int[] symbols) {
    Long2ObjectOpenHashMap<List<int[]>> byHash = new Long2ObjectOpenHashMap<>();
    List<int[]> groups = new ArrayList<>(); // {length, first start, index into starts lists}
    List<IntArrayList> startsOf = new ArrayList<>();
    for (Repeat r : repeats) {
      int len = r.length();
      int at = r.start(0);
      long h = hash(symbols, at, len);
      List<int[]> sameHash = byHash.computeIfAbsent(h, k -> new ArrayList<>());
      int[] group = null;
      for (int[] candidate : sameHash) {
        if (candidate[0] == len
            && Arrays.equals(symbols, at, at + len, symbols, candidate[1], candidate[1] + len)) {
          group = candidate;
          break;
        }
      }
      if (group == null) {
        group = new int[] {len, at, startsOf.size()};
        startsOf.add(new IntArrayList());
        sameHash.add(group);
        groups.add(group);
      }
      startsOf.get(group[2]).addElements(startsOf.get(group[2]).size(), r.starts());
    }
    List<Repeat> merged = new ArrayList<>(groups.size());
    for (int[] group : groups) {
      int[] starts = startsOf.get(group[2]).toIntArray();
      Arrays.sort(starts);
      merged.add(new Repeat(group[0], starts));
    }
    return merged;
  }

  private static long hash(int[] symbols, int from, int len) {
    long h = len;
    for (int i = from; i < from + len; i++) {
      h = h * 0x9E3779B97F4A7C15L + symbols[i];
    }
    return h;
  }

  private static boolean isMarked(long[] marked, int i) {
    return (marked[i >>> 6] & (1L << i)) != 0;
  }

  private static void mark(long[] marked, int from, int to) {
    for (int i = from; i < to; i++) {
      marked[i >>> 6] |= 1L << i;
    }
  }

  @Override
  public String toString() {
    return "RepeatFinder[min=" + minLength + ", max=" + (maxLength == UNBOUNDED ? "none" : maxLength) + "]";
  }
}
