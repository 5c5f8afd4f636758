package org.apophenia.suffix;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.jsuffixarrays.SAIS;

/**
 * Our SA-IS against an obviously correct oracle (sorting the suffixes by comparing them, or, for
 * longer texts, checking that the output is a permutation whose neighbours are in strictly increasing
 * order) and against jsuffixarrays' SA-IS, on alphabets of one symbol, two, a few, many and all
 * distinct, and on periodic texts with and without noise.
 */
class SaisProperties {
  /** Texts up to this length are checked against a full naive sort. */
  private static final int NAIVE_SORT_MAX = 400;

  /** One scratch for every try: what a previous text left in it must not matter. */
  private final Sais.Scratch shared = new Sais.Scratch();

  record Text(int[] symbols, int k) {
    @Override
    public String toString() {
      return "Text[k=" + k + ", n=" + symbols.length + ", "
          + (symbols.length <= 64 ? Arrays.toString(symbols) : "...") + "]";
    }
  }

  @Provide
  Arbitrary<Text> texts() {
    return Arbitraries.oneOf(random(), periodic(), distinct());
  }

  /** Uniform symbols over alphabets of 1, 2, a few, and many, lengths 0 to a few thousand. */
  static Arbitrary<Text> random() {
    Arbitrary<Integer> k = Arbitraries.oneOf(Arbitraries.of(1, 2), Arbitraries.integers().between(3, 8),
        Arbitraries.integers().between(9, 5000));
    Arbitrary<Integer> n = Arbitraries.oneOf(Arbitraries.integers().between(0, 40),
        Arbitraries.integers().between(0, 3000));
    return Combinators.combine(k, n, Arbitraries.longs()).as((kk, nn, seed) -> {
      java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
      int[] s = new int[nn];
      for (int i = 0; i < nn; i++) {
        s[i] = r.nextInt(kk);
      }
      return new Text(s, kk);
    });
  }

  /** A short body repeated ("aaaa", "abab", a loop), with up to a few symbols replaced by a new one. */
  static Arbitrary<Text> periodic() {
    Arbitrary<int[]> body = Arbitraries.integers().between(0, 5).array(int[].class).ofMinSize(1).ofMaxSize(12);
    Arbitrary<Integer> n = Arbitraries.oneOf(Arbitraries.integers().between(1, 60),
        Arbitraries.integers().between(1, 3000));
    Arbitrary<int[]> noise = Arbitraries.integers().between(0, 2999).array(int[].class).ofMaxSize(4);
    return Combinators.combine(body, n, noise).as((b, nn, at) -> {
      int[] s = new int[nn];
      for (int i = 0; i < nn; i++) {
        s[i] = b[i % b.length];
      }
      for (int i : at) {
        if (i < nn) {
          s[i] = 6;
        }
      }
      return new Text(s, 7);
    });
  }

  /** A permutation of {@code 0..n-1}: every symbol distinct, alphabet as large as the text. */
  static Arbitrary<Text> distinct() {
    return Arbitraries.integers().between(0, 2000).flatMap(n ->
        Arbitraries.shuffle(range(n)).map(list -> new Text(list.stream().mapToInt(Integer::intValue).toArray(),
            Math.max(n, 1))));
  }

  private static java.util.List<Integer> range(int n) {
    java.util.List<Integer> l = new java.util.ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      l.add(i);
    }
    return l;
  }

  static int[] sais(int[] s, int k, Sais.Scratch scratch) {
    int[] sa = new int[s.length];
    Sais.sort(s, s.length, k, sa, scratch);
    return sa;
  }

  @Property(tries = 400)
  void sortsSuffixes(@ForAll("texts") Text t) {
    int[] sa = sais(t.symbols(), t.k(), shared);
    if (t.symbols().length <= NAIVE_SORT_MAX) {
      assertThat(sa).isEqualTo(NaiveRepeats.suffixArray(t.symbols()));
    } else {
      assertIsSortedPermutation(t.symbols(), sa);
    }
  }

  @Property(tries = 300)
  void agreesWithJsuffixarrays(@ForAll("texts") Text t) {
    int n = t.symbols().length;
    int[] expected = new int[n];
    if (n == 1) {
      expected[0] = 0;
    } else if (n > 1) {
      SAIS.suffixsort(t.symbols(), expected, n, t.k());
    }
    assertThat(sais(t.symbols(), t.k(), new Sais.Scratch())).isEqualTo(expected);
  }

  @Property(tries = 200)
  void aScratchUsedBeforeGivesTheSameArray(@ForAll("texts") Text first, @ForAll("texts") Text second) {
    Sais.Scratch scratch = new Sais.Scratch();
    sais(first.symbols(), first.k(), scratch);
    assertThat(sais(second.symbols(), second.k(), scratch))
        .isEqualTo(sais(second.symbols(), second.k(), new Sais.Scratch()));
  }

  @Example
  void longPeriodicTextsRecurseSeveralLevels() {
    for (int[] body : new int[][] {{0}, {0, 1}, {1, 0}, {0, 0, 1}, {2, 1, 0, 1}}) {
      int[] s = new int[5000];
      for (int i = 0; i < s.length; i++) {
        s[i] = body[i % body.length];
      }
      assertIsSortedPermutation(s, sais(s, 3, shared));
    }
  }

  @Example
  void aBrokenSortFailsTheOracle() {
    // the test of the test: the check catches two swapped suffixes
    int[] s = {1, 0, 1, 0, 2, 1, 0};
    int[] sa = sais(s, 3, shared);
    int tmp = sa[2];
    sa[2] = sa[3];
    sa[3] = tmp;
    assertThat(isSortedPermutation(s, sa)).isFalse();
    assertThat(sa).isNotEqualTo(NaiveRepeats.suffixArray(s));
  }

  static void assertIsSortedPermutation(int[] s, int[] sa) {
    assertThat(isSortedPermutation(s, sa)).as("a permutation of the suffixes in increasing order").isTrue();
  }

  /** Every position once, and each suffix smaller than the next: then the array is the sorted order. */
  static boolean isSortedPermutation(int[] s, int[] sa) {
    int n = s.length;
    if (sa.length != n) {
      return false;
    }
    boolean[] seen = new boolean[n];
    for (int p : sa) {
      if (p < 0 || p >= n || seen[p]) {
        return false;
      }
      seen[p] = true;
    }
    for (int i = 0; i + 1 < n; i++) {
      if (Arrays.compare(s, sa[i], n, s, sa[i + 1], n) >= 0) {
        return false;
      }
    }
    return true;
  }
}
