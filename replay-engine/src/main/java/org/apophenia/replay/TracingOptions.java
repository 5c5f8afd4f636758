package org.apophenia.replay;

/**
 * Configuration of {@link DynamicTracing}. Immutable; build with {@link #defaults()} and the withers.
 *
 * @param mode what a trace that differs from its recordings does
 * @param maxRecordings bound on cached recordings (all ids together), used when {@code maxWeight <= 0}
 * @param maxWeight bound on the total weight (commands + operations) of cached recordings; 0 = by count
 * @param idempotentReplay skip the precondition check for back-to-back replays of an idempotent
 *     recording (§IV-E)
 * @param fenceElision replay back-to-back idempotent recordings with fence-elided commands (§IV-F)
 * @param replayNanosPerOp simulated REPLAY cost charged per replayed operation on a UTILITY processor
 *     (0: free; the paper's Legion is about 100 µs per task)
 * @param inlineOptimisation optimise a recording (transitive reduction, copy propagation, fence
 *     elision) on the application thread at {@code tend}, like Legion's
 *     {@code -lg:inline_transitive_reduction}; by default it runs on a background thread and the first
 *     replay of the recording waits for it if it has not finished (the replayed commands are the same)
 */
public record TracingOptions(Mode mode, int maxRecordings, long maxWeight, boolean idempotentReplay,
    boolean fenceElision, long replayNanosPerOp, boolean inlineOptimisation) {
  /** What happens when the operations inside the markers differ from every recording of the id. */
  public enum Mode {
    /** Analyse the trace normally and record it again (the new recording is added). */
    RELAXED,
    /** Throw {@link TraceMismatchException} naming the first diverging operation. */
    STRICT
  }

  public TracingOptions {
    if (maxRecordings < 1 && maxWeight <= 0) {
      throw new IllegalArgumentException("need maxRecordings >= 1 or maxWeight > 0");
    }
    if (replayNanosPerOp < 0) {
      throw new IllegalArgumentException("negative replay cost " + replayNanosPerOp);
    }
  }

  /**
   * RELAXED, 64 recordings, idempotent replay and fence elision on, free replay, optimisation in the
   * background.
   */
  public static TracingOptions defaults() {
    return new TracingOptions(Mode.RELAXED, 64, 0, true, true, 0, false);
  }

  public TracingOptions withMode(Mode m) {
    return new TracingOptions(m, maxRecordings, maxWeight, idempotentReplay, fenceElision,
        replayNanosPerOp, inlineOptimisation);
  }

  public TracingOptions withMaxRecordings(int n) {
    return new TracingOptions(mode, n, 0, idempotentReplay, fenceElision, replayNanosPerOp, inlineOptimisation);
  }

  public TracingOptions withMaxWeight(long w) {
    return new TracingOptions(mode, maxRecordings, w, idempotentReplay, fenceElision,
        replayNanosPerOp, inlineOptimisation);
  }

  public TracingOptions withIdempotentReplay(boolean on) {
    return new TracingOptions(mode, maxRecordings, maxWeight, on, fenceElision,
        replayNanosPerOp, inlineOptimisation);
  }

  public TracingOptions withFenceElision(boolean on) {
    return new TracingOptions(mode, maxRecordings, maxWeight, idempotentReplay, on,
        replayNanosPerOp, inlineOptimisation);
  }

  public TracingOptions withReplayNanosPerOp(long nanos) {
    return new TracingOptions(mode, maxRecordings, maxWeight, idempotentReplay,
        fenceElision, nanos, inlineOptimisation);
  }

  public TracingOptions withInlineOptimisation(boolean on) {
    return new TracingOptions(mode, maxRecordings, maxWeight, idempotentReplay, fenceElision, replayNanosPerOp, on);
  }
}
