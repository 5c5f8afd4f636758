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
  /** Position of the last ingestion or visit, for evicting the stalest candidate. */
  long lastSeen;
  /** Position at which the CLOCK eviction last looked at this candidate. */
  long clockMark;

  Candidate(long[] tokens, int visits, long now) {
    this.tokens = tokens;
    this.visits = visits;
    this.lastSeen = now;
  }

  /** Records that the candidate matched {@code [start, end)}; overlapping matches do not count. */
  void visit(long start, long end) {
    if (start >= lastVisitEnd) {
      visits++;
      lastVisitEnd = end;
    }
    lastSeen = end;
  }
}
