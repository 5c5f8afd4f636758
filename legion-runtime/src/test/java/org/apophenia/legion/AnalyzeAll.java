package org.apophenia.legion;

import org.apophenia.legion.tracing.OpAnalysis;
import org.apophenia.legion.tracing.PendingOp;
import org.apophenia.legion.tracing.TraceEngine;
import org.apophenia.legion.tracing.TraceSupport;

/**
 * A trace engine that lets the runtime analyse everything, so that launches inside a trace take the
 * front door's traced path; tests override the hooks they watch.
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
