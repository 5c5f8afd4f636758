package org.apophenia.suffix;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Obviously-correct (and slow) oracles: Algorithm 2 written as directly as the paper states it, with
 * naive suffix sorting, naive LCP, candidates grouped by their actual content, and overlap tested
 * against every position of an interval; plus brute-force searches over all substrings.
 */
final class NaiveRepeats {
  private NaiveRepeats() {}

  /** First-occurrence renumbering, the one the fast code uses. */
  static int[] dense(int[] tokens) {
    Map<Integer, Integer> ids = new HashMap<>();
    int[] out = new int[tokens.length];
    for (int i = 0; i < tokens.length; i++) {
      out[i] = ids.computeIfAbsent(tokens[i], k -> ids.size());
    }
    return out;
  }

  static int[] suffixArray(int[] s) {
    Integer[] idx = new Integer[s.length];
    for (int i = 0; i < s.length; i++) {
      idx[i] = i;
    }
    Arrays.sort(idx, (a, b) -> Arrays.compare(s, a, s.length, s, b, s.length));
    return Arrays.stream(idx).mapToInt(Integer::intValue).toArray();
  }

  static int commonPrefix(int[] s, int a, int b) {
    int h = 0;
    while (a + h < s.length && b + h < s.length && s[a + h] == s[b + h]) {
      h++;
    }
    return h;
  }

  /** LCP with the next neighbour; 0 for the last rank. */
  static int[] lcp(int[] s, int[] sa) {
    int[] lcp = new int[sa.length];
    for (int i = 0; i + 1 < sa.length; i++) {
      lcp[i] = commonPrefix(s, sa[i], sa[i + 1]);
    }
    return lcp;
  }

  private record Candidate(int length, int[] content, int start) {}

  /** Algorithm 2 as stated, plus the commit-only-if-two-occurrences rule of REFERENCES.md. */
  static List<Repeat> findRepeats(int[] tokens, int minLength) {
    int[] s = dense(tokens);
    int[] sa = suffixArray(s);
    int[] lcp = lcp(s, sa);
    List<Candidate> candidates = new ArrayList<>();
    for (int i = 0; i + 1 < s.length; i++) {
      long s1 = sa[i];
      long s2 = sa[i + 1];
      long p = lcp[i];
      boolean disjoint = s1 + p <= s2 || s2 + p <= s1;
      if (disjoint) {
        add(candidates, s, (int) p, (int) s1, minLength);
        add(candidates, s, (int) p, (int) s2, minLength);
      } else {
        long lo = Math.min(s1, s2);
        long d = Math.abs(s1 - s2);
        long l = (p + d) / 2;
        l -= l % d;
        add(candidates, s, (int) l, (int) lo, minLength);
        add(candidates, s, (int) l, (int) (lo + l), minLength);
      }
    }
    candidates.sort(Comparator.comparingInt((Candidate c) -> -c.length)
        .thenComparing((a, b) -> Arrays.compare(a.content, b.content))
        .thenComparingInt(c -> c.start));
    boolean[] taken = new boolean[s.length];
    List<Repeat> result = new ArrayList<>();
    int g = 0;
    while (g < candidates.size()) {
      Candidate first = candidates.get(g);
      List<Integer> accepted = new ArrayList<>();
      int e = g;
      while (e < candidates.size() && candidates.get(e).length == first.length
          && Arrays.equals(candidates.get(e).content, first.content)) {
        int start = candidates.get(e).start;
        boolean free = true;
        for (int k = start; k < start + first.length; k++) {
          free &= !taken[k];
        }
        for (int a : accepted) {
          free &= start >= a + first.length || a >= start + first.length;
        }
        if (free) {
          accepted.add(start);
        }
        e++;
      }
      if (accepted.size() >= 2) {
        for (int a : accepted) {
          Arrays.fill(taken, a, a + first.length, true);
        }
        result.add(new Repeat(first.length, accepted.stream().mapToInt(Integer::intValue).sorted().toArray()));
      }
      g = e;
    }
    result.sort(Comparator.comparingInt((Repeat r) -> -r.length()).thenComparingInt(r -> r.start(0)));
    return result;
  }

  private static void add(List<Candidate> out, int[] s, int length, int start, int minLength) {
    if (length >= minLength && length > 0) {
      out.add(new Candidate(length, Arrays.copyOfRange(s, start, start + length), start));
    }
  }

  /** Brute force: whether some substring of length >= min occurs twice without overlapping. */
  static boolean hasNonOverlappingRepeat(int[] s, int minLength) {
    for (int a = 0; a < s.length; a++) {
      for (int b = a + minLength; b + minLength <= s.length; b++) {
        if (Arrays.equals(s, a, a + minLength, s, b, b + minLength)) {
          return true;
        }
      }
    }
    return false;
  }
}
