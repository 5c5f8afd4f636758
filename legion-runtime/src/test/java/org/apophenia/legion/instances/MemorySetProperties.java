package org.apophenia.legion.instances;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.apophenia.legion.instances.MemorySet;

/**
 * {@link MemorySet} against {@link BitSet} as the oracle: every query, every derived set and equality
 * agree, whichever factory built the set. Ids are drawn around the word boundaries (63/64, 127/128)
 * and up to 300 so that sets of one, two and five words, and the trimmed representation, all occur.
 */
class MemorySetProperties {
  @Provide
  Arbitrary<List<Integer>> ids() {
    Arbitrary<Integer> id = Arbitraries.oneOf(Arbitraries.integers().between(0, 300),
        Arbitraries.integers().between(60, 68), Arbitraries.integers().between(124, 132),
        Arbitraries.integers().between(0, 63));
    return id.list().ofMaxSize(12);
  }

  private static BitSet bits(List<Integer> ids) {
    BitSet b = new BitSet();
    ids.forEach(b::set);
    return b;
  }

  private static MemorySet set(List<Integer> ids) {
    return MemorySet.of(ids.stream().mapToInt(Integer::intValue).toArray());
  }

  @Property(tries = 2_000)
  void queriesAgreeWithBitSet(@ForAll("ids") List<Integer> ids, @ForAll @IntRange(min = 0, max = 320) int probe) {
    BitSet b = bits(ids);
    MemorySet s = set(ids);
    assertThat(s.contains(probe)).as("contains(%d)", probe).isEqualTo(b.get(probe));
    assertThat(s.isEmpty()).isEqualTo(b.isEmpty());
    assertThat(s.cardinality()).isEqualTo(b.cardinality());
    assertThat(s.first()).isEqualTo(b.nextSetBit(0));
    assertThat(s.next(probe)).as("next(%d)", probe).isEqualTo(b.nextSetBit(probe));
    assertThat(s.toLongArray()).containsExactly(b.toLongArray());
    assertThat(s.hashCode()).isEqualTo(b.hashCode());
    assertThat(s.contains(-1)).isFalse();
  }

  @Property(tries = 1_000)
  void iterationVisitsTheMembersInIncreasingOrderAndToStringListsThem(@ForAll("ids") List<Integer> ids) {
    BitSet b = bits(ids);
    MemorySet s = set(ids);
    List<Integer> seen = new ArrayList<>();
    for (int m = s.first(); m >= 0; m = s.next(m + 1)) {
      seen.add(m);
    }
    assertThat(seen).isEqualTo(b.stream().boxed().toList());
    assertThat(s.toString()).isEqualTo(b.toString());
  }

  @Property(tries = 2_000)
  void equalityIsExactAndIndependentOfTheFactory(@ForAll("ids") List<Integer> a, @ForAll("ids") List<Integer> c) {
    MemorySet s = set(a);
    MemorySet t = set(c);
    assertThat(s.equals(t)).as("%s vs %s", s, t).isEqualTo(bits(a).equals(bits(c)));
    // the same members by other routes: words with trailing zeros, one member at a time
    long[] padded = java.util.Arrays.copyOf(bits(a).toLongArray(), bits(a).toLongArray().length + 3);
    MemorySet viaWords = MemorySet.valueOf(padded);
    MemorySet viaWith = MemorySet.EMPTY;
    for (int id : a) {
      viaWith = viaWith.with(id);
    }
    assertThat(viaWords).isEqualTo(s).hasSameHashCodeAs(s);
    assertThat(viaWith).isEqualTo(s).hasSameHashCodeAs(s);
  }

  @Property(tries = 2_000)
  void intersectAndContainsAllAgreeWithBitSet(@ForAll("ids") List<Integer> a, @ForAll("ids") List<Integer> c) {
    BitSet and = bits(a);
    and.and(bits(c));
    MemorySet s = set(a);
    MemorySet t = set(c);
    assertThat(s.intersect(t)).isEqualTo(MemorySet.valueOf(and.toLongArray()));
    assertThat(s.intersect(t).toLongArray()).containsExactly(and.toLongArray());
    assertThat(s.containsAll(t)).isEqualTo(and.equals(bits(c)));
    assertThat(s.with(c.isEmpty() ? 0 : c.get(0)).containsAll(s)).isTrue();
  }

  @Property(tries = 300)
  void firstIdsIsEveryIdBelowTheCount(@ForAll @IntRange(min = 0, max = 300) int count) {
    BitSet b = new BitSet();
    b.set(0, count);
    assertThat(MemorySet.firstIds(count).toLongArray()).containsExactly(b.toLongArray());
    assertThat(MemorySet.firstIds(count).cardinality()).isEqualTo(count);
  }

  @Example
  void singleMembersBelow64AreSharedAndNegativeIdsAreRejected() {
    assertThat(MemorySet.of(5)).isSameAs(MemorySet.of(5)).isSameAs(MemorySet.valueOf(new long[] {1L << 5, 0}));
    assertThat(MemorySet.of(new int[0])).isSameAs(MemorySet.EMPTY);
    assertThat(MemorySet.of(64, 0, 95).toString()).isEqualTo("{0, 64, 95}");
    assertThatThrownBy(() -> MemorySet.of(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> MemorySet.of(3, -2)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> MemorySet.EMPTY.next(-1)).isInstanceOf(IllegalArgumentException.class);
  }
}
