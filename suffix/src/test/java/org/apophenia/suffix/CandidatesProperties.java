package org.apophenia.suffix;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Candidates come out in the order selection relies on: within each length, increasing
 * {@code (id, start)}, i.e. what sorting the whole bucket gives (the per-id sort must equal it).
 */
class CandidatesProperties {

  @Provide
  Arbitrary<int[]> strings() {
    return TokenStrings.any();
  }

  @Property(tries = 800)
  void eachLengthsKeysAreSorted(@ForAll("strings") int[] s, @ForAll @IntRange(min = 1, max = 4) int minLength) {
    SuffixArray sa = SuffixArray.of(s);
    Candidates c = Candidates.of(sa.sa(), sa.lcp(), s.length, minLength, Workspace.forLength(s.length));
    for (int b = 0, from = 0; b < c.bucketEnd.length; from = c.bucketEnd[b++]) {
      for (int i = from + 1; i < c.bucketEnd[b]; i++) {
        assertThat(c.keys[i - 1]).isLessThanOrEqualTo(c.keys[i]);
      }
    }
  }
}
