package org.apophenia.suffix;

import java.util.Arrays;

/**
 * A repeated substring and the starts of its selected, pairwise non-overlapping occurrences.
 *
 * @param length number of tokens in the substring (at least the finder's minimum length)
 * @param starts occurrence starts in increasing order, at least two, each {@code length} or more apart
 */
public record Repeat(int length, int[] starts) {
  public Repeat {
    if (length <= 0) {
      throw new IllegalArgumentException("length must be positive: " + length);
    }
    starts = starts.clone();
  }

  /** A copy of the occurrence starts. */
  @Override
  public int[] starts() {
    return starts.clone();
  }

  /** Number of selected occurrences. */
  public int occurrences() {
    return starts.length;
  }

  /** Start of the {@code i}-th selected occurrence. */
  public int start(int i) {
    return starts[i];
  }

  /** Tokens covered by the selected occurrences: {@code length * occurrences}. */
  public long covered() {
    return (long) length * starts.length;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Repeat r && r.length == length && Arrays.equals(r.starts, starts);
  }

  @Override
  public int hashCode() {
    return 31 * length + Arrays.hashCode(starts);
  }

  @Override
  public String toString() {
    return "Repeat[length=" + length + ", starts=" + Arrays.toString(starts) + "]";
  }
}
