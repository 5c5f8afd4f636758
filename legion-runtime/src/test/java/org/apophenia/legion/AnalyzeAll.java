package org.apophenia.legion;

import org.apophenia.legion.tracing.OpAnalysis;
import org.apophenia.legion.tracing.PendingOp;
import org.apophenia.legion.tracing.TraceEngine;
import org.apophenia.legion.tracing.TraceSupport;

/**
 * A trace engine that memoizes nothing: the runtime analyses every operation, so launches inside a
 * trace take the front door's traced path. The stub the tests of this module and of replay-engine
 * extend, overriding the callbacks they watch, and the engine that fails a law requiring replays.
 * Shared with other modules' tests through legion-runtime's test jar.
 */
public class AnalyzeAll implements TraceEngine {
  @Override
  public void beginTrace(int traceId, TraceSupport support) {}

  @Override
  public Decision onOperation(int traceId, PendingOp op, TraceSupport support) {
    return Decision.ANALYZE;
  }

  @Override
  public void observe(int traceId, OpAnalysis analysis, TraceSupport support) {}

  @Override
  public Decision endTrace(int traceId, TraceSupport support) {
    return Decision.ANALYZE;
  }
}
