package org.apophenia.autotrace;

/**
 * A promoted trace in the trace cache, with the statistics behind Legion's score (paper Section 4.3,
 * REFERENCES.md): for length {@code L},
 * {@code min((0.99^d * visits + 1) * L, 10 * L) * clamp(issues, 1, 1.75) * clamp(backToBack, 1, 2)},
 * where the visit count decays by 0.99 per {@code L} operations since the last visit
 * ({@code d = ops since last visit / L}). Long traces win; the cap lets a better trace found later take
 * over; the decay keeps a rare trace from building up a score; the bonus for being issued before
 * (Legion's replay scale, on its count of replays) biases towards traces already recorded, whose
 * memoization is paid for. Mutable; application thread.
 */
final class Trace {
  static final double DECAY = 0.99;
  /** Lengths after which a visit counts half in the score: {@code DECAY^HALF_LIFE = 1/2}, about 69. */
  static final int HALF_LIFE = (int) Math.round(Math.log(0.5) / Math.log(DECAY));

  final long id;
  final long[] tokens;
  Trie.Node<Trace> node;
  /** Decayed visit count as of {@link #lastVisitEnd}. */
  double visits;
  long lastVisitEnd;
  int backToBack;
  /** Occurrences issued, its recording included (Legion counts them as replays). */
  int issues;
  /** Completed matches dropped for an overlapping match that started elsewhere, while never issued. */
  int losses;
  /**
   * Whether it tiles a loop: mined back to back, a rotation of such a trace, or matched back to back
   * (see {@link #tiles}).
   */
  boolean periodic;
  /** Whether it is what reissued traces left untraced of a longer candidate ({@link Residue}). */
  boolean residue;
  /** Whether its {@link DyadicPieces} are traces already (or it is one of them). */
  boolean split;
  /** Whether it was promoted as a variant of another cached trace ({@link TraceCache#variantOf}). */
  boolean variant;
  /** Variants of it promoted and not replayed yet (see {@link Knobs#MAX_VARIANTS}). */
  int variants;
  /** For a variant not replayed yet, the trace whose variant it is (its place in {@code variants}); else null. */
  Trace variantOf;
  /**
   * For a guess (see {@link TraceCache#promote}), the length of its prefix that was seen twice: it
   * becomes a trace only as far as its first match goes, at least this far. 0 for a trace.
   */
  int seenTwice;
  /** Position at which it entered the cache. */
  final long born;
  /**
   * The fresh guess {@link TraceCache#heldBack} found holding it, or null; valid while the cache's
   * version is {@link #heldVersion} and the guess is fresh.
   */
  Trace heldBy;
  long heldVersion = -1;

  Trace(long id, long[] tokens, double visits, long now) {
    this.id = id;
    this.tokens = tokens;
    this.visits = visits;
    this.lastVisitEnd = now;
    this.born = now;
  }

  /** Whether the operations after an occurrence are likely its own beginning again. */
  boolean tiles() {
    return periodic || backToBack > 0;
  }

  int length() {
    return tokens.length;
  }

  /** Records a (non-overlapping) match {@code [start, end)}. */
  void visit(long start, long end) {
    if (start < lastVisitEnd) {
      return;
    }
    visits = decayed(start) + 1;
    backToBack = start == lastVisitEnd ? backToBack + 1 : 0;
    lastVisitEnd = end;
  }

  private double decayed(long now) {
    double d = (double) Math.max(0, now - lastVisitEnd) / tokens.length;
    return Math.pow(DECAY, d) * visits;
  }

  /** The score at position {@code now}. */
  double score(long now) {
    int l = tokens.length;
    double base = Math.min((decayed(now) + 1) * l, 10.0 * l);
    double issueBonus = Math.max(1, Math.min(issues, 1.75));
    double backToBackBonus = Math.max(1, Math.min(backToBack, 2));
    return base * issueBonus * backToBackBonus;
  }
}
