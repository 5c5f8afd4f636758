package org.apophenia.legion.tracing;

/**
 * What a {@link TraceEngine} that records takes from the runtime besides the analyses it is shown
 * ({@link TraceEngine#observe}): the facts the analyses inside the open trace kept, a
 * {@link TraceAnalysis} (merge inputs, data movement, reduction instances). Only valid on the
 * application thread during engine callbacks.
 */
public interface RecordingSupport {
  /**
   * Hands over what the analyses inside the open trace kept so far, as a view that never changes and
   * may be read on any thread; later analyses of the trace start afresh, so {@link #current()}
   * forgets it. O(1).
   */
  TraceAnalysis detach();

  /** What the analyses inside the open trace kept since the last {@link #detach()}, as it grows. O(1). */
  TraceAnalysis current();
}
