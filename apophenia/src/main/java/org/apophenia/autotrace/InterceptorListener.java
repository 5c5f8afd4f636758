package org.apophenia.autotrace;

/**
 * Observes the interceptor's search (for reports and visualisations). Called on the application
 * thread, synchronously; keep it cheap. Every method has an empty default.
 */
public interface InterceptorListener {
  /** A mining job reached its ingestion point and was ingested or dropped. */
  default void jobIngested(MiningReport report) {}

  /**
   * Mining job {@code job} threw {@code cause} (on the mining thread, or inline) and is about to be
   * counted as failed and dropped, which the interceptor survives by design. A listener that would
   * rather end the run (a command line on {@link OutOfMemoryError}: a job dropped for want of heap
   * makes the decisions depend on the heap) may rethrow an unchecked {@code cause} here: it
   * propagates on the application thread out of the operation being issued.
   */
  default void jobFailed(long job, Throwable cause) {}

  /** A candidate became trace {@code id} at token position {@code position}. */
  default void tracePromoted(long id, int length, long position) {}

  /**
   * Where the reasons of {@code --explain} go ({@link Reasons}), or null (the default): none are
   * computed. Asked once, when the interceptor is built.
   */
  default Reasons reasons() {
    return null;
  }

  /** The listener that ignores everything. */
  InterceptorListener NONE = new InterceptorListener() {};
}
