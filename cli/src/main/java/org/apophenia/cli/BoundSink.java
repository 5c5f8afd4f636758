package org.apophenia.cli;

import java.util.BitSet;
import org.apophenia.autotrace.CoverageBound;
import org.apophenia.autotrace.TraceSink;
import org.apophenia.cli.streams.StreamOp;

/**
 * Feeds the operations a sink receives, in program order with the tokens the interceptor computed,
 * to a {@link CoverageBound}, then passes them on; with {@code marks}, also notes which operations
 * became reachable (for the curve of {@code trace-search.png}): when the bound's count of coverable
 * operations grows by {@code d} at a traceable operation, they are the last {@code d} traceable ones
 * (the window that qualified ends there); a no-op is coverable itself. Application thread only.
 */
final class BoundSink implements TraceSink<StreamOp> {
  private final TraceSink<StreamOp> sink;
  private final CoverageBound bound;
  private final BitSet marks;
  /** Stream positions of the last traceable operations, as many as a window holds. */
  private final long[] recent;
  private long index;
  private long traceable;

  /** {@code marks}: one bit per operation, set if reachable; null to count only. */
  BoundSink(TraceSink<StreamOp> sink, CoverageBound bound, int minTraceLength, BitSet marks) {
    this.sink = sink;
    this.bound = bound;
    this.marks = marks;
    this.recent = new long[Math.max(1, minTraceLength)];
  }

  @Override
  public void op(StreamOp op) {
    switch (op.kind()) {
      case NO_OP -> {
        long before = bound.coverable();
        bound.noOp();
        if (marks != null && bound.coverable() > before && index < Integer.MAX_VALUE) {
          marks.set((int) index);
        }
      }
      case UNTRACEABLE -> bound.breakStream(true);
      case TRACEABLE -> throw new IllegalStateException("a traceable operation arrived without its token");
    }
    index++;
    sink.op(op);
  }

  @Override
  public void op(StreamOp op, long token) {
    long before = bound.coverable();
    bound.traceable(token);
    recent[(int) (traceable % recent.length)] = index;
    traceable++;
    long d = bound.coverable() - before;
    if (marks != null) {
      for (long k = 0; k < d && k < recent.length && k < traceable; k++) {
        long at = recent[(int) ((traceable - 1 - k) % recent.length)];
        if (at < Integer.MAX_VALUE) {
          marks.set((int) at);
        }
      }
    }
    index++;
    sink.op(op);
  }

  @Override
  public void beginTrace(long id) {
    sink.beginTrace(id);
  }

  @Override
  public void endTrace(long id) {
    sink.endTrace(id);
  }
}
