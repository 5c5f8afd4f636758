package org.apophenia.suffix;

import java.util.List;

/**
 * What {@link RepeatFinderProperties} check: the repeat finder under test, or a stub standing in for
 * it, so that the properties themselves can be shown to reject a wrong finder.
 */
interface Finder {
  /** The repeats of {@code tokens[from, to)}, between {@code min} and {@code max} tokens long. */
  RepeatSet find(int[] tokens, int from, int to, int min, int max);

  /** The repeats of 64-bit {@code tokens}, between {@code min} and {@code max} tokens long. */
  RepeatSet find(long[] tokens, int min, int max);

  default RepeatSet find(int[] tokens, int min, int max) {
    return find(tokens, 0, tokens.length, min, max);
  }

  /** {@link RepeatFinder}, the finder under test. */
  Finder REAL = new Finder() {
    @Override
    public RepeatSet find(int[] tokens, int from, int to, int min, int max) {
      return RepeatFinder.of(min, max).find(tokens, from, to);
    }

    @Override
    public RepeatSet find(long[] tokens, int min, int max) {
      return RepeatFinder.of(min, max).find(tokens);
    }
  };

  /** A finder that never finds anything: every property must reject it. */
  Finder EMPTY = new Finder() {
    @Override
    public RepeatSet find(int[] tokens, int from, int to, int min, int max) {
      return new RepeatSet(to - from, List.of());
    }

    @Override
    public RepeatSet find(long[] tokens, int min, int max) {
      return new RepeatSet(tokens.length, List.of());
    }
  };
}
