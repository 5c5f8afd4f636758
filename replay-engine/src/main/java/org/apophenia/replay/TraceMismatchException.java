package org.apophenia.replay;

import org.apophenia.legion.error.LegionException;

/**
 * Thrown in {@link TracingOptions.Mode#STRICT} mode when the operations between {@code tbegin(id)} and
 * {@code tend(id)} differ from the trace's recording (Legion's error for wrong manual annotations,
 * thesis §4.5). Names the first operation where the stream diverged. The operations before it have
 * been analysed and issued normally; the diverging operation has not been issued.
 */
public final class TraceMismatchException extends LegionException {
  private final int traceId;
  private final int index;

  TraceMismatchException(int traceId, int index, OpSignature expected, OpSignature actual) {
    super("trace " + traceId + " diverged from its recording at operation " + index + ": expected "
        + (expected == null ? "the end of the trace" : expected) + ", got "
        + (actual == null ? "tend(" + traceId + ")" : actual));
    this.traceId = traceId;
    this.index = index;
  }

  /** The trace id. */
  public int traceId() {
    return traceId;
  }

  /** Index (from 0, within the trace) of the first operation that differs. */
  public int index() {
    return index;
  }
}
