package org.apophenia.suffix;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** Generators of small token strings of the shapes that stress repeat finding. */
final class TokenStrings {
  private TokenStrings() {}

  /** Random, periodic (with a few mutations) and single-symbol-run strings, alphabets of 1 to 4. */
  static Arbitrary<int[]> any() {
    return Arbitraries.oneOf(random(), periodic(), runs());
  }

  static Arbitrary<int[]> random() {
    return Arbitraries.integers().between(1, 4).flatMap(k ->
        Arbitraries.integers().between(0, k - 1).array(int[].class).ofMinSize(0).ofMaxSize(40));
  }

  static Arbitrary<int[]> periodic() {
    Arbitrary<int[]> base = Arbitraries.integers().between(0, 3).array(int[].class).ofMinSize(1).ofMaxSize(6);
    Arbitrary<Integer> copies = Arbitraries.integers().between(1, 10);
    Arbitrary<int[]> mutations = Arbitraries.integers().between(0, 59).array(int[].class).ofMaxSize(3);
    return Combinators.combine(base, copies, mutations).as((b, k, muts) -> {
      int[] s = new int[b.length * k];
      for (int i = 0; i < s.length; i++) {
        s[i] = b[i % b.length];
      }
      for (int m : muts) {
        if (m < s.length) {
          s[m] = 7; // a symbol that occurs nowhere else
        }
      }
      return s;
    });
  }

  static Arbitrary<int[]> runs() {
    return Combinators.combine(Arbitraries.integers().between(0, 30), Arbitraries.integers().between(0, 3),
        Arbitraries.integers().between(0, 30)).as((a, mid, b) -> {
          int[] s = new int[a + 1 + b];
          s[a] = 5 + mid;
          return s;
        });
  }
}
