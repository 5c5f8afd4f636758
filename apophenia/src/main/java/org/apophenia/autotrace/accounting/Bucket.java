package org.apophenia.autotrace.accounting;

import java.util.Locale;

/**
 * Where the issuing thread's time goes, one bucket per activity, disjoint: a {@link TimeAccount}
 * charges every nanosecond between two switches to exactly one of them.
 *
 * <ul>
 *   <li>{@link #TOKENIZE}: hashing an operation into its token;
 *   <li>{@link #MATCH}: the history append, the trie pointers, the pending queue and trace selection;
 *   <li>{@link #INGEST}: taking mining results in at an ingestion point, including any wait for them;
 *   <li>{@link #ANALYSIS}: the runtime's dependence analysis of untraced and recorded operations;
 *   <li>{@link #REPLAY}: replayed operations, including the precondition check at the trace's end;
 *   <li>{@link #KERNEL}: the tasks' bodies, when they run on the issuing thread;
 *   <li>{@link #OBSERVE}: observers (trace-search recording, dumps, statistics for reports);
 *   <li>{@link #OTHER}: everything else (the application's own code, the simulator's bookkeeping).
 * </ul>
 */
public enum Bucket {
  TOKENIZE, MATCH, INGEST, ANALYSIS, REPLAY, KERNEL, OBSERVE, OTHER;

  private static final Bucket[] ALL = values();

  /** The name in JSON and tables: the constant in lower case. */
  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Every bucket, in declaration order (a shared array: do not modify). */
  static Bucket[] all() {
    return ALL;
  }

  /** The sum of {@code values} (indexed by ordinal) over Apophenia's own buckets: tokenize, match, ingest. */
  public static double apophenia(double[] values) {
    return values[TOKENIZE.ordinal()] + values[MATCH.ordinal()] + values[INGEST.ordinal()];
  }

  /** The sum of {@code values} (indexed by ordinal) over the front door's buckets: analysis, replay. */
  public static double frontDoor(double[] values) {
    return values[ANALYSIS.ordinal()] + values[REPLAY.ordinal()];
  }

  /** {@link #apophenia(double[])} for a {@link TimeAccount#snapshot} of nanoseconds. */
  public static long apophenia(long[] nanos) {
    return nanos[TOKENIZE.ordinal()] + nanos[MATCH.ordinal()] + nanos[INGEST.ordinal()];
  }

  /** {@link #frontDoor(double[])} for a {@link TimeAccount#snapshot} of nanoseconds. */
  public static long frontDoor(long[] nanos) {
    return nanos[ANALYSIS.ordinal()] + nanos[REPLAY.ordinal()];
  }
}
