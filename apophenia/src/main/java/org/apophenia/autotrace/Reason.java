package org.apophenia.autotrace;

/**
 * Why an operation was not replayed: the fixed vocabulary of {@code --explain} (README, "Why was
 * this not traced?"). Each is decided where the mechanism decides (the watcher, the commit pointers,
 * the issuer, the replay engine), never reconstructed afterwards; two details, {@code a} and
 * {@code b}, say which visit count, which break, which tokens.
 */
public enum Reason {
  /** No candidate covers the operation yet: nothing mined contains it (yet). */
  NO_CANDIDATE("warming-up", "warming up (no candidate yet)"),
  /** An untraceable or no-op operation ({@code a}: 1 for a no-op). */
  UNTRACEABLE("untraceable", "untraceable kind"),
  /** Between two traces or breaks, a run of {@code a} operations, fewer than the minimum length {@code b}. */
  SHORT_RUN("short-run", "in a run shorter than the minimum length"),
  /** Inside an occurrence of a candidate that has {@code a} visits of the threshold {@code b}. */
  NOT_PROMOTED("not-promoted", "candidate not yet promoted"),
  /**
   * A match over it was cut by a break: the untraceable operation {@code a} ({@code b} 0), the wait
   * after operation {@code a} (1), or the end of the stream (2).
   */
  CUT_BY_BREAK("cut-by-break", "cut by a break"),
  /**
   * A match over it diverged, token {@code a} expected and {@code b} seen; or its trace's replay
   * diverged from the recording at operation {@code a} ({@code b} {@link #AT_POSITION}).
   */
  DIVERGED("diverged", "trace diverged"),
  /** Its trace's occurrence was not replayed: the recording's precondition did not hold. */
  PRECONDITION_FAILED("precondition-failed", "precondition failed"),
  /** The pending queue passed its bound ({@code a} operations) and the open matches were abandoned. */
  PENDING_FLUSHED("pending-flushed", "pending queue flushed"),
  /** The first occurrence of its trace: recorded, not replayed. */
  FIRST_OCCURRENCE("first-occurrence", "first occurrence (recorded)"),
  /** Its trace's recording can never be replayed (a region tree was refined inside it): analysed again. */
  NOT_REPLAYABLE("not-replayable", "recording not replayable");

  /** {@link #DIVERGED}'s {@code b} when {@code a} is the position in the occurrence, not a token (a runtime's word). */
  public static final long AT_POSITION = Long.MIN_VALUE;

  private final String key;
  private final String words;

  Reason(String key, String words) {
    this.key = key;
    this.words = words;
  }

  /** Its name in CSV and JSON ({@code warming-up}). */
  public String key() {
    return key;
  }

  /** Its name in words. */
  public String words() {
    return words;
  }

  /** Its details in words, for a CSV cell: {@code visits 2 of 3}, {@code at op 57}, ... */
  public String detail(long a, long b) {
    return switch (this) {
      case NO_CANDIDATE, FIRST_OCCURRENCE, PRECONDITION_FAILED, NOT_REPLAYABLE -> "";
      case UNTRACEABLE -> a == 1 ? "no-op" : "untraceable";
      case SHORT_RUN -> a + " ops (minimum " + b + ")";
      case NOT_PROMOTED -> "visits " + a + " of " + b;
      case CUT_BY_BREAK -> b == 2 ? "end of the stream" : (b == 1 ? "wait after op " : "op ") + a;
      case DIVERGED -> b == AT_POSITION ? "at op " + a + " of the occurrence"
          : "expected " + Long.toHexString(a) + " seen " + Long.toHexString(b);
      case PENDING_FLUSHED -> "more than " + a + " pending";
    };
  }
}
