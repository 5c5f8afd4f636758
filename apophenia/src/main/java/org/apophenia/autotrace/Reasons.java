package org.apophenia.autotrace;

/**
 * Where the reasons of {@code --explain} go: told, for every operation that leaves the interceptor
 * outside trace markers, why, just before the sink receives it ({@link #untraced}); and told by a
 * runtime why a trace occurrence it received was not replayed ({@link #occurrence}), before the
 * sink's {@code endTrace}. Built into an interceptor only when asked for
 * ({@link Interceptor.Builder#reasons}); without it no reason is computed and nothing is spent per
 * operation. Called on the application thread.
 */
public interface Reasons {
  /** The next operation the sink receives, outside trace markers, goes out untraced for {@code reason}. */
  void untraced(Reason reason, long a, long b);

  /** The trace occurrence being closed was not replayed, for {@code reason} (a runtime's word). */
  default void occurrence(Reason reason, long a, long b) {}

  /**
   * A runtime's clock (its simulated time, say), read when a reason is placed on its timeline; given
   * once, by the runtime's adapter. Ignored by default.
   */
  default void runtimeClock(java.util.function.LongSupplier nanos) {}

  /**
   * The interceptor closed, everything pending forwarded: operations the sink receives after this
   * bypassed it (a program's last reads) and are no one's to explain.
   */
  default void end() {}
}
