package org.apophenia.suffix;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * A token string that has a non-overlapping repeat by construction: noise of the shapes of
 * {@link TokenStrings#any} with two copies of a word inserted, a word of {@code length >= min} tokens
 * that occur nowhere else (so no periodic run can swallow it). Algorithm 2 therefore reports at least
 * {@code min} tokens at two places: any finder that reports nothing is wrong on it.
 *
 * @param tokens the string
 * @param min the finder's minimum length
 * @param max the finder's maximum length, at least {@code min}
 * @param from start of the first copy
 * @param to end of the second copy
 */
record PlantedRepeat(int[] tokens, int min, int max, int from, int to) {
  /** Tokens of the planted word start here; noise tokens are all below it. */
  private static final int FRESH = 100;

  static Arbitrary<PlantedRepeat> any() {
    Arbitrary<Integer> min = Arbitraries.integers().between(1, 4);
    return Combinators.combine(TokenStrings.any(), min, Arbitraries.integers().between(0, 6),
        Arbitraries.integers().between(0, 6), Arbitraries.doubles().between(0, 1),
        Arbitraries.doubles().between(0, 1))
        .as((noise, lo, extraLength, extraMax, a, b) -> of(noise, lo, lo + extraLength, lo + extraMax, a, b));
  }

  /** {@code noise} with copies of a word of {@code length} fresh tokens at fractions {@code a <= b} of it. */
  static PlantedRepeat of(int[] noise, int min, int length, int max, double a, double b) {
    int p1 = (int) (Math.min(a, b) * noise.length);
    int p2 = (int) (Math.max(a, b) * noise.length);
    int[] s = new int[noise.length + 2 * length];
    System.arraycopy(noise, 0, s, 0, p1);
    for (int i = 0; i < length; i++) {
      s[p1 + i] = FRESH + i;
      s[p2 + length + i] = FRESH + i;
    }
    System.arraycopy(noise, p1, s, p1 + length, p2 - p1);
    System.arraycopy(noise, p2, s, p2 + 2 * length, noise.length - p2);
    return new PlantedRepeat(s, min, max, p1, p2 + 2 * length);
  }

  /** The least a correct finder covers here: the planted copies, cut to at least {@code min} each. */
  long leastCovered() {
    return 2L * min;
  }

  @Override
  public String toString() {
    return java.util.Arrays.toString(tokens) + " min " + min + " max " + max + " copies in [" + from + "," + to + ")";
  }
}
