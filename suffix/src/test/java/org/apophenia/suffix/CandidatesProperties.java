package org.apophenia.suffix;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Candidates are exactly what the class comment defines, computed here the slow, obvious way: for
 * each pair of adjacent suffixes, the length by the disjoint/periodic rule; the id by scanning the
 * LCP array back to the first rank whose LCP is below the length; the keys grouped by decreasing
 * length and sorted within each. Any difference in a length, an id, a start or the order fails it
 * (a fast-path id off by one did, in a version that only checked the order).
 */
class CandidatesProperties {

  @Provide
  Arbitrary<int[]> strings() {
    return TokenStrings.any();
  }

  @Property(tries = 800)
  void candidatesAreTheDefinitionsComputedNaively(@ForAll("strings") int[] s,
      @ForAll @IntRange(min = 1, max = 4) int minLength) {
    SuffixArray sa = SuffixArray.of(s);
    Candidates c = Candidates.of(sa.sa(), sa.lcp(), s.length, minLength, Workspace.forLength(s.length));
    TreeMap<Integer, List<Long>> expected = naive(sa.sa(), sa.lcp(), minLength);
    List<Integer> lengths = new ArrayList<>(expected.descendingKeySet());
    assertThat(Arrays.stream(c.bucketLength).boxed().toList()).as("lengths, longest first").isEqualTo(lengths);
    int from = 0;
    for (int b = 0; b < lengths.size(); b++) {
      long[] bucket = Arrays.copyOfRange(c.keys, from, c.bucketEnd[b]);
      List<Long> want = expected.get(lengths.get(b));
      assertThat(Arrays.stream(bucket).boxed().toList()).as("keys of length %d", lengths.get(b)).isEqualTo(want);
      from = c.bucketEnd[b];
    }
  }

  /** Keys {@code id << 32 | start} by length, each list sorted. */
  private static TreeMap<Integer, List<Long>> naive(int[] sa, int[] lcp, int minLength) {
    TreeMap<Integer, List<Long>> byLength = new TreeMap<>();
    for (int i = 0; i + 1 < sa.length; i++) {
      int s1 = sa[i];
      int s2 = sa[i + 1];
      int p = lcp[i];
      int d = Math.abs(s1 - s2);
      int l;
      int first;
      int second;
      if (d >= p) {
        l = p;
        first = s1;
        second = s2;
      } else {
        l = (p + d) / (2 * d) * d; // the longest multiple of the period d that fits twice in p + d
        first = Math.min(s1, s2);
        second = first + l;
      }
      if (l < minLength) {
        continue;
      }
      int k = i - 1;
      while (k >= 0 && lcp[k] >= l) {
        k--;
      }
      long id = (long) (k + 1) << 32;
      List<Long> keys = byLength.computeIfAbsent(l, x -> new ArrayList<>());
      keys.add(id | first);
      keys.add(id | second);
    }
    byLength.values().forEach(list -> list.sort(null));
    return byLength;
  }
}
