package org.apophenia.suffix;

import java.util.List;

/**
 * What the repeat finder returns for one input: the selected repeats, longest first (ties by first
 * start), whose occurrences are pairwise disjoint across the whole set.
 *
 * @param inputLength number of tokens analysed
 * @param repeats the selected repeats
 */
public record RepeatSet(int inputLength, List<Repeat> repeats) {
  public RepeatSet {
    repeats = List.copyOf(repeats);
  }

  /** Tokens covered by all selected occurrences; never more than {@link #inputLength()}. */
  public long covered() {
    long c = 0;
    for (Repeat r : repeats) {
      c += r.covered();
    }
    return c;
  }

  /** {@link #covered()} as a fraction of the input; 0 for an empty input. */
  public double coverage() {
    return inputLength == 0 ? 0 : (double) covered() / inputLength;
  }

  public boolean isEmpty() {
    return repeats.isEmpty();
  }
}
