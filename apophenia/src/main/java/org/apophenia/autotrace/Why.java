package org.apophenia.autotrace;

/**
 * The reasons of {@code --explain} for the operations waiting in the pending queue: each decision
 * site that gives up a possible trace over some of them (a commit pointer that diverged, a break that
 * cut a match, the queue's bound, the watcher stepping a candidate over one, the issuer leaving a gap
 * too short to be a trace) writes its reason on the positions it covered, the later over the earlier
 * (the last match to give up is the one that let the operation go), and the issuer hands the reason
 * to {@link Reasons} just before it forwards the operation untraced. An operation no site wrote on
 * had no candidate and no trace over it: {@link Reason#NO_CANDIDATE}.
 *
 * <p>Exists only with {@code --explain} (the rooms hold a null otherwise). Memory: three slots per
 * pending position, in rings that grow with the pending queue (positions that went out, traced or not,
 * free theirs). Application thread only.
 */
final class Why {
  private final Reasons out;
  private final int minLength;
  private byte[] code = new byte[1024];
  private long[] a = new long[1024];
  private long[] b = new long[1024];
  /** Positions {@code [lo, hi)} have slots; below {@code lo} every reason was handed out. */
  private long lo;
  private long hi;
  /** Where the current run of untraced positions began: after the last trace issued or break. */
  private long gapStart;
  /** The operation index of the break being taken, and its kind: 0 an untraceable operation, 1 a wait, 2 the end. */
  long breakOp;
  long breakKind;

  Why(Reasons out, int minLength) {
    this.out = out;
    this.minLength = minLength;
  }

  Reasons out() {
    return out;
  }

  /** Slots in the rings (tests: memory follows the pending queue, not the stream). */
  int capacity() {
    return code.length;
  }

  /** Position {@code pos} joined the queue: its slot is fresh. */
  void arrived(long pos) {
    if (pos - lo >= code.length) {
      grow(pos - lo + 1);
    }
    int i = slot(pos);
    code[i] = 0;
    hi = pos + 1;
  }

  private int slot(long pos) {
    return (int) (pos & (code.length - 1));
  }

  private void grow(long need) {
    int n = code.length;
    while (n < need) {
      n <<= 1;
    }
    byte[] c = new byte[n];
    long[] x = new long[n];
    long[] y = new long[n];
    for (long p = lo; p < hi; p++) {
      int from = slot(p);
      int to = (int) (p & (n - 1));
      c[to] = code[from];
      x[to] = a[from];
      y[to] = b[from];
    }
    code = c;
    a = x;
    b = y;
  }

  /** Writes {@code reason} on the pending positions in {@code [from, to)}. */
  void mark(long from, long to, Reason reason, long x, long y) {
    for (long p = Math.max(from, lo); p < Math.min(to, hi); p++) {
      int i = slot(p);
      code[i] = (byte) (reason.ordinal() + 1);
      a[i] = x;
      b[i] = y;
    }
  }

  /** The operation at {@code pos} goes out untraced now: its reason, to {@link Reasons}. */
  void forwarding(long pos) {
    if (pos >= lo && pos < hi) {
      int i = slot(pos);
      if (code[i] == 0) {
        out.untraced(Reason.NO_CANDIDATE, 0, 0);
      } else {
        out.untraced(Reason.values()[code[i] - 1], a[i], b[i]);
      }
      code[i] = 0;
    } else {
      out.untraced(Reason.NO_CANDIDATE, 0, 0);
    }
    lo = Math.max(lo, pos + 1);
  }

  /** A no-op goes out untraced now. */
  void forwardingNoOp() {
    out.untraced(Reason.UNTRACEABLE, 1, 0);
  }

  /**
   * A trace is issued over {@code [start, end)}: the untraced positions before it since the last trace
   * or break, if fewer than the minimum length, could never have been a trace of their own.
   */
  void issuing(long start, long end) {
    shortGap(start);
    gapStart = end;
  }

  /** The trace issued over {@code [start, end)} went out: no reason below {@code end} is needed any more. */
  void issued(long end) {
    lo = Math.max(lo, end);
  }

  /** A break takes position {@code pos}: the untraced run before it, if short, could never be a trace. */
  void breaking(long pos) {
    shortGap(pos);
    gapStart = pos + 1;
  }

  private void shortGap(long end) {
    long n = end - gapStart;
    if (n > 0 && n < minLength) {
      mark(gapStart, end, Reason.SHORT_RUN, n, minLength);
    }
  }
}
