package org.apophenia.autotrace;

/**
 * Where the interceptor forwards the application's operations: a runtime's front door, a recorder
 * or a counter.
 *
 * <p>Contract: the sink receives every operation the application issued, exactly once and in program
 * order; between them, {@link #beginTrace} and {@link #endTrace} markers with the same id enclose a
 * contiguous run of traceable operations that is an exact repeat (token for token) of every other run
 * issued under that id. Markers are balanced and never nested. Calls come from the thread that drives
 * the interceptor; the sink need not be thread-safe.
 *
 * @param <O> the operation type
 */
public interface TraceSink<O> {
  /** One operation, in program order. */
  void op(O op);

  /**
   * One traceable operation with the token the interceptor computed for it, so that a sink that needs
   * the token (to check that trace occurrences repeat) does not hash the operation again. Each
   * operation arrives through exactly one of the two {@code op} methods. The default forwards to
   * {@link #op(Object)}.
   */
  default void op(O op, long token) {
    op(op);
  }

  /** The operations up to the matching {@link #endTrace} form one occurrence of trace {@code id}. */
  void beginTrace(long id);

  /** Closes the trace opened by {@link #beginTrace} with the same id. */
  void endTrace(long id);
}
