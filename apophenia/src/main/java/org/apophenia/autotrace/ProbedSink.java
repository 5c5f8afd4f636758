package org.apophenia.autotrace;

import org.apophenia.recorder.EventKind;
import org.apophenia.recorder.Probe;

/**
 * The sink as the event recorder sees it: each operation that leaves Apophenia ({@code forwarded},
 * with its index in program order, which is its index among forwarded operations since nothing is
 * lost or reordered, invariant 1) and each marker Apophenia issues, then the real sink. Put in front
 * of the sink only when the recorder records {@code ops} or {@code traces}. Not thread-safe.
 *
 * @param <O> the operation type
 */
final class ProbedSink<O> implements TraceSink<O> {
  private final TraceSink<O> sink;
  private final Probe probe;
  private long forwarded;

  private ProbedSink(TraceSink<O> sink, Probe probe) {
    this.sink = sink;
    this.probe = probe;
  }

  /** {@code sink} behind a recording of what reaches it, if {@code probe} records ops or traces; else {@code sink}. */
  static <O> TraceSink<O> wrap(TraceSink<O> sink, Probe probe) {
    return probe.ops() || probe.traces() ? new ProbedSink<>(sink, probe) : sink;
  }

  @Override
  public void op(O op) {
    forwarded();
    sink.op(op);
  }

  @Override
  public void op(O op, long token) {
    forwarded();
    sink.op(op, token);
  }

  private void forwarded() {
    if (probe.ops()) {
      probe.event(EventKind.OP_FORWARDED, forwarded);
    }
    forwarded++;
  }

  @Override
  public void beginTrace(long id) {
    if (probe.traces()) {
      probe.event(EventKind.TRACE_BEGIN, id);
    }
    sink.beginTrace(id);
  }

  @Override
  public void endTrace(long id) {
    sink.endTrace(id); // after the runtime's own end (its record or replay), so that it nests inside
    if (probe.traces()) {
      probe.event(EventKind.TRACE_END, id);
    }
  }
}
