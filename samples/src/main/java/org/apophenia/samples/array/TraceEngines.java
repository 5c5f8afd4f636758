package org.apophenia.samples.array;

import org.apophenia.replay.DynamicTracing;

/**
 * The trace engine installed in the runtime for the {@code manual} and {@code auto} modes: the
 * replay-engine module's memoizing engine (dynamic tracing, SC'18), with its default options.
 */
final class TraceEngines {
  private TraceEngines() {}

  /** A fresh engine for one runtime. */
  static DynamicTracing create() {
    return new DynamicTracing();
  }
}
