package org.apophenia.samples.adapter;

/**
 * An occurrence of a trace did not repeat the trace's first occurrence operation for operation: the
 * markers (hand-placed in {@code manual} mode: a wrong {@code manualTraceIterations()} or
 * {@code manualTraceStart()}) enclose another sequence of operations. Names the trace, the
 * occurrence, the position in it, and the operation found against the one the first occurrence had
 * there. Thrown when the differing operation is issued, before the runtime replays anything wrong.
 */
public final class TraceMismatchException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  private final long traceId;
  private final int occurrence;
  private final int position;

  TraceMismatchException(String message, long traceId, int occurrence, int position) {
    super(message);
    this.traceId = traceId;
    this.occurrence = occurrence;
    this.position = position;
  }

  /** The trace's id as its markers gave it. */
  public long traceId() {
    return traceId;
  }

  /** Which occurrence differed: 2 for the second (the first is the recording). */
  public int occurrence() {
    return occurrence;
  }

  /** The position in the occurrence (0 = the first operation after {@code beginTrace}) that differed. */
  public int position() {
    return position;
  }
}
