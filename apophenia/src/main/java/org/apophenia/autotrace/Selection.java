package org.apophenia.autotrace;

import java.util.function.Predicate;

/**
 * The rules that override the best-scoring completed match in {@link TraceIssuer}'s selection:
 * a wider match that contains it, a loop's longer trace that overlaps it, and the ties of score.
 * Matches whose trace is {@code held} (held back from its first recording) are never chosen.
 * Stateless.
 */
final class Selection {
  private Selection() {}

  /**
   * The completed match that covers the most operations among those containing {@code best}'s
   * interval (ties: the higher score, then {@link #better}), else {@code best}. Issuing a match that
   * contains the best-scoring one covers every operation the latter would, and more: without this, a
   * trace extended by a few operations at either end (a loop's first trace, found while the ops
   * around it still varied) never wins against the shorter incumbent, whose bonus for being issued
   * before outweighs the extension, and the extension's operations stay untraced in every iteration.
   */
  static int widest(Matches c, int best, Predicate<Trace> held) {
    long s = c.starts[best];
    long e = c.ends[best];
    int w = best;
    for (int m = 0; m < c.size; m++) {
      if (m == w || c.starts[m] > s || c.ends[m] < e || held.test(c.traces[m])) {
        continue;
      }
      long span = c.ends[m] - c.starts[m];
      long wSpan = c.ends[w] - c.starts[w];
      if (span > wSpan || (span == wSpan && better(c, m, w))) {
        w = m;
      }
    }
    return w;
  }

  /**
   * The longest completed match of a trace that tiles a loop (mined or matched back to back) among
   * those that start before {@code m0End} and overlap {@code best}'s interval, if longer than
   * {@code best}'s trace (ties: {@link #better}); else {@code best}. Legion's score caps a trace's
   * visits at ten and multiplies in a bonus for being issued before, so a new trace of the whole loop
   * loses to a piece of it that has been issued for a while until it has gathered several times the
   * piece's visits: after each break that rephases a loop, its new phase would lose to the pieces of
   * the old one for several iterations. Once it wins, the loop's trace follows itself back to back,
   * and every piece it would have lost to is inside it.
   */
  static int loop(Matches c, int best, long m0End, Predicate<Trace> held) {
    long s = c.starts[best];
    long e = c.ends[best];
    int w = best;
    for (int m = 0; m < c.size; m++) {
      if (m == w || c.starts[m] >= m0End || c.ends[m] <= s || c.starts[m] >= e || !c.traces[m].tiles()
          || held.test(c.traces[m])) {
        continue;
      }
      int len = c.traces[m].length();
      int wLen = c.traces[w].length();
      if (len > wLen || (len == wLen && better(c, m, w))) {
        w = m;
      }
    }
    return w;
  }

  /** Ties of score: the longer trace, then the earlier start, then the smaller id. */
  static boolean better(Matches c, int a, int b) {
    Trace ta = c.traces[a];
    Trace tb = c.traces[b];
    if (ta.length() != tb.length()) {
      return ta.length() > tb.length();
    }
    if (c.starts[a] != c.starts[b]) {
      return c.starts[a] < c.starts[b];
    }
    return ta.id < tb.id;
  }
}
