package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** The token hash: distinct field sequences get distinct tokens, and every input bit matters. */
class TokenHasherProperties {
  private static long hash(List<Long> fields) {
    TokenHasher h = TokenHasher.start();
    for (long f : fields) {
      h.putLong(f);
    }
    return h.token();
  }

  /** Two field sequences that differ: unrelated ones, and ones that differ in one field or in length. */
  record DistinctPair(List<Long> a, List<Long> b) {}

  @Provide
  Arbitrary<DistinctPair> distinctPairs() {
    Arbitrary<List<Long>> lists = Arbitraries.longs().list().ofMaxSize(12);
    Arbitrary<DistinctPair> unrelated = Combinators.combine(lists, lists).as(DistinctPair::new)
        .filter(p -> !p.a().equals(p.b()));
    Arbitrary<DistinctPair> oneFieldChanged = Arbitraries.longs().list().ofMinSize(1).ofMaxSize(12).flatMap(a ->
        Combinators.combine(Arbitraries.integers().between(0, a.size() - 1), Arbitraries.longs().filter(d -> d != 0))
            .as((i, delta) -> {
              List<Long> b = new ArrayList<>(a);
              b.set(i, a.get(i) + delta);
              return new DistinctPair(a, b);
            }));
    Arbitrary<DistinctPair> oneFieldLonger = Combinators.combine(lists, Arbitraries.longs()).as((a, extra) -> {
      List<Long> b = new ArrayList<>(a);
      b.add(extra);
      return new DistinctPair(a, b);
    });
    return Arbitraries.oneOf(unrelated, oneFieldChanged, oneFieldLonger);
  }

  @Property(tries = 200)
  void equalSequencesHashEqual(@ForAll @Size(max = 12) List<Long> a) {
    assertThat(hash(new ArrayList<>(a))).isEqualTo(hash(a));
  }

  @Property(tries = 300)
  void distinctSequencesHashDifferently(@ForAll("distinctPairs") DistinctPair p) {
    assertThat(hash(p.a())).as("%s vs %s", p.a(), p.b()).isNotEqualTo(hash(p.b()));
  }

  @Test
  void noCollisionAmongAMillionNearbyOperations() {
    // what a runtime hashes: a task id and three (region, fields, privilege) arguments, mostly equal
    Map<Long, String> seen = new HashMap<>();
    for (int task = 0; task < 100; task++) {
      for (int r = 0; r < 100; r++) {
        for (int priv = 0; priv < 100; priv++) {
          long t = TokenHasher.start().putInt(task).putLong(r).putInt(1).putInt(priv).putLong(r + 1).putInt(3)
              .putInt(2).token();
          String key = task + "/" + r + "/" + priv;
          assertThat(seen.put(t, key)).as("collision with " + key).isNull();
        }
      }
    }
  }

  @Test
  void typesAndBoundariesAreMixedIn() {
    assertThat(TokenHasher.start().putInt(1).token()).isNotEqualTo(TokenHasher.start().putLong(1).token());
    assertThat(TokenHasher.start().putString("ab").putString("c").token())
        .isNotEqualTo(TokenHasher.start().putString("a").putString("bc").token());
    assertThat(TokenHasher.start().putLong(0).token()).isNotEqualTo(TokenHasher.start().token());
    assertThat(TokenHasher.start().putString("abcde").token()).isNotEqualTo(TokenHasher.start().putString("abcdf").token());
    TokenHasher h = new TokenHasher();
    long first = h.putLong(42).token();
    assertThat(h.reset().putLong(42).token()).isEqualTo(first);
  }

  @Property(tries = 50)
  void flippingOneInputBitFlipsAboutHalfTheTokenBits(@ForAll @LongRange long v, @ForAll @LongRange long w) {
    long base = TokenHasher.start().putLong(v).putLong(w).token();
    int flipped = 0;
    for (int bit = 0; bit < 64; bit++) {
      flipped += Long.bitCount(base ^ TokenHasher.start().putLong(v ^ (1L << bit)).putLong(w).token());
    }
    double mean = flipped / 64.0;
    assertThat(mean).isBetween(24.0, 40.0); // 32 expected; a weak mix of any bit would drag it down
  }

  @Test
  void tokensSpreadOverTheLowBitsUsedByHashTables() {
    int[] buckets = new int[256];
    for (int i = 0; i < 256 * 400; i++) {
      buckets[(int) (TokenHasher.start().putLong(i).token() & 255)]++;
    }
    for (int b : buckets) {
      assertThat(b).isBetween(300, 500);
    }
  }
}
