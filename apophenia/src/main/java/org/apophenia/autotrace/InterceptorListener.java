package org.apophenia.autotrace;

/**
 * Observes the interceptor's search (for reports and visualisations). Called on the application
 * thread, synchronously; keep it cheap. Every method has an empty default.
 */
public interface InterceptorListener {
  /** A mining job reached its ingestion point and was ingested or dropped. */
  default void jobIngested(MiningReport report) {}

  /** A candidate became trace {@code id} at token position {@code position}. */
  default void tracePromoted(long id, int length, long position) {}

  /** The listener that ignores everything. */
  InterceptorListener NONE = new InterceptorListener() {};
}
