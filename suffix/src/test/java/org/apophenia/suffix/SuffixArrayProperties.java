package org.apophenia.suffix;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/** The suffix array and LCP array against naive sorting and naive comparison. */
class SuffixArrayProperties {

  @Provide
  Arbitrary<int[]> strings() {
    return TokenStrings.any();
  }

  @Property(tries = 1500)
  void suffixArrayIsTheSortedOrderOfSuffixes(@ForAll("strings") int[] s) {
    SuffixArray sa = SuffixArray.of(s);
    assertThat(sa.toArray()).isEqualTo(NaiveRepeats.suffixArray(NaiveRepeats.dense(s)));
  }

  @Property(tries = 1500)
  void lcpIsTheCommonPrefixWithTheNextNeighbour(@ForAll("strings") int[] s) {
    SuffixArray sa = SuffixArray.of(s);
    assertThat(sa.lcpArray()).isEqualTo(NaiveRepeats.lcp(NaiveRepeats.dense(s), sa.toArray()));
  }

  @Property(tries = 500)
  void largeSparseAlphabetsNeedNoDecorator(@ForAll @Size(max = 60) long[] tokens) {
    SuffixArray sa = SuffixArray.of(tokens);
    int[] dense = new int[tokens.length];
    java.util.Map<Long, Integer> ids = new java.util.HashMap<>();
    for (int i = 0; i < tokens.length; i++) {
      dense[i] = ids.computeIfAbsent(tokens[i], k -> ids.size());
    }
    assertThat(sa.toArray()).isEqualTo(NaiveRepeats.suffixArray(dense));
    assertThat(sa.alphabetSize()).isEqualTo(ids.size());
  }
}
