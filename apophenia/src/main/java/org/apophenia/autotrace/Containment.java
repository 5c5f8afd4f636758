package org.apophenia.autotrace;

import java.util.List;

/**
 * Whether a trace lies inside a longer one (its tokens a contiguous part of the other's), the test
 * behind holding back a first recording ({@link TraceCache#heldBack}). Stateless; called when a
 * trace never issued would win a selection, and memoised per trace until the cache changes.
 */
final class Containment {
  private Containment() {}

  /**
   * A fresh guess among {@code guesses} still cached (see {@link #fresh}), longer than {@code t},
   * that holds {@code t}'s tokens, or null.
   */
  static Trace container(Trace t, List<Trace> guesses, long position) {
    for (Trace l : guesses) {
      boolean cached = l.node != null && l.node.payload == l;
      if (l != t && cached && fresh(l, position) && l.length() > t.length() && indexOf(l.tokens, t.tokens) >= 0) {
        return l;
      }
    }
    return null;
  }

  /**
   * Whether {@code g} is a guess promoted less than two of its lengths ago: if the stream goes on
   * repeating the loop the guess was taken from, its first match starts within one length and ends
   * within two. After that the guess is no evidence that the loop comes back, and holding traces back
   * for it would leave them unrecorded for good: on a loop into which operations are inserted at
   * random, most first matches of a guess break, and the traces inside it would never go out.
   */
  static boolean fresh(Trace g, long position) {
    return g.seenTwice > 0 && position - g.born <= 2L * g.length();
  }

  /** First index of {@code part} in {@code whole}, or -1 (naive: rare calls, short parts). */
  static int indexOf(long[] whole, long[] part) {
    int n = whole.length - part.length;
    outer:
    for (int i = 0; i <= n; i++) {
      for (int j = 0; j < part.length; j++) {
        if (whole[i + j] != part[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
