package org.apophenia.legion;

import org.apophenia.legion.tracing.OpAnalysis;
import org.apophenia.legion.tracing.PendingOp;
import org.apophenia.legion.tracing.TraceEngine;
import org.apophenia.legion.tracing.TraceSupport;

/**
 * A trace engine that hands every callback to another one (an {@link AnalyzeAll} if none is given):
 * tests extend it to watch what a real engine is told, or override {@link #handOn} to change the
 * support it is handed. Shared with other modules' tests through legion-runtime's test jar.
 */
public class ForwardingTraceEngine implements TraceEngine {
  private final TraceEngine inner;

  public ForwardingTraceEngine(TraceEngine inner) {
    this.inner = inner == null ? new AnalyzeAll() : inner;
  }

  /** The support the inner engine is handed for {@code support}: the same, unless overridden. */
  protected TraceSupport handOn(TraceSupport support) {
    return support;
  }

  @Override
  public void beginTrace(int traceId, TraceSupport support) {
    inner.beginTrace(traceId, handOn(support));
  }

  @Override
  public Decision onOperation(int traceId, PendingOp op, TraceSupport support) {
    return inner.onOperation(traceId, op, handOn(support));
  }

  @Override
  public void observe(int traceId, OpAnalysis analysis, TraceSupport support) {
    inner.observe(traceId, analysis, handOn(support));
  }

  @Override
  public Decision endTrace(int traceId, TraceSupport support) {
    return inner.endTrace(traceId, handOn(support));
  }

  @Override
  public void beforeAnalysis(int traceId, PendingOp op, TraceSupport support) {
    inner.beforeAnalysis(traceId, op, handOn(support));
  }

  @Override
  public void closeTrace(int traceId, TraceSupport support) {
    inner.closeTrace(traceId, handOn(support));
  }

  @Override
  public void synchronize(TraceSupport support) {
    inner.synchronize(handOn(support));
  }
}
