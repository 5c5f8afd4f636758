package org.apophenia.apophenia;

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

  /** Whether the bucket is Apophenia's own work on the issuing thread (tokenize, match, ingest). */
  public boolean apophenia() {
    return this == TOKENIZE || this == MATCH || this == INGEST;
  }
}
