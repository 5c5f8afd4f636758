package org.apophenia.autotrace;

/**
 * A mined repeat waiting in the watcher trie until it has been visited often enough to become a
 * {@link Trace} (paper Section 4.3). Visits are counted only when they do not overlap the previous
 * one, so a loop body {@code B} in {@code BBBB} counts four, never more. Mutable; application thread.
 */
final class Candidate {
  final long[] tokens;
  Trie.Node<Candidate> node;
  int visits;
  /** Whether mining saw it back to back (a repeat reduced to its period): it tiles a loop. */
  boolean periodic;
  /**
   * What the latest window showed after the occurrence before its last, when the last ran into the
   * window's end (see {@link MiningResult}), else null.
   */
  long[] continuation;
  /** Whether it is what reissued traces left untraced of a longer candidate ({@link Residue}). */
  boolean residue;
  long lastVisitEnd = Long.MIN_VALUE;
  /** End of the latest occurrence seen, mined or visited. */
  long lastEvidence;
  /** Position of the last ingestion or visit, for evicting the stalest candidate. */
  long lastSeen;
  /** Position at which the CLOCK eviction last looked at this candidate. */
  long clockMark;

  /** Whether visits start again after a gap longer than {@link Trace#HALF_LIFE} lengths ({@code forgetRareRepeats}). */
  private final boolean forgetsRare;

  Candidate(long[] tokens, int visits, long now, boolean forgetsRare) {
    this.tokens = tokens;
    this.forgetsRare = forgetsRare;
    this.visits = visits;
    this.lastSeen = now;
  }

  /** Records that the candidate matched {@code [start, end)}; overlapping matches do not count. */
  void visit(long start, long end) {
    if (forgetsRare && start - lastEvidence > (long) Trace.HALF_LIFE * tokens.length) {
      visits = 0; // stale: the occurrences counted so far are too far back to make a loop
    }
    lastEvidence = Math.max(lastEvidence, end);
    if (start >= lastVisitEnd) {
      visits++;
      lastVisitEnd = end;
    }
    lastSeen = end;
  }
}
