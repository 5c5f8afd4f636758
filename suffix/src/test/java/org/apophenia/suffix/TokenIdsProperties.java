package org.apophenia.suffix;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The reusable numbering table against the per-input map of {@code DenseAlphabet}. */
class TokenIdsProperties {

  @Provide
  Arbitrary<List<long[]>> windows() {
    // a few values only, so tokens repeat; lengths past the table's minimum of 16 slots and across sizes
    Arbitrary<Long> token = Arbitraries.oneOf(Arbitraries.longs().between(-3, 3), Arbitraries.longs());
    return token.array(long[].class).ofMaxSize(700).list().ofMinSize(1).ofMaxSize(6);
  }

  @Property(tries = 300)
  void numbersTokensInOrderOfFirstOccurrenceWindowAfterWindow(@ForAll("windows") List<long[]> windows) {
    TokenIds ids = new TokenIds(); // one table for every window: what an earlier one left must not matter
    for (long[] tokens : windows) {
      int[] symbols = new int[tokens.length + 3];
      Arrays.fill(symbols, -7);
      int k = ids.number(tokens, 0, tokens.length, symbols);
      DenseAlphabet.Symbols expected = DenseAlphabet.of(tokens, 0, tokens.length);
      assertThat(k).isEqualTo(expected.alphabetSize());
      assertThat(Arrays.copyOf(symbols, tokens.length)).isEqualTo(expected.symbols());

      // int tokens (the repeats command's) are widened to long before numbering (RepeatFinder.find)
      int[] narrow = new int[tokens.length];
      long[] widened = new long[tokens.length];
      for (int i = 0; i < tokens.length; i++) {
        narrow[i] = (int) tokens[i];
        widened[i] = narrow[i];
      }
      int kInt = ids.number(widened, 0, widened.length, symbols);
      DenseAlphabet.Symbols expectedInt = DenseAlphabet.of(narrow, 0, narrow.length);
      assertThat(kInt).isEqualTo(expectedInt.alphabetSize());
      assertThat(Arrays.copyOf(symbols, narrow.length)).isEqualTo(expectedInt.symbols());
    }
  }
}
