package org.apophenia.cli;

import org.apophenia.autotrace.CoverageBound;
import org.apophenia.autotrace.TraceSink;
import org.apophenia.cli.streams.StreamOp;

/**
 * Feeds the operations a sink receives, in program order with the tokens the interceptor computed,
 * to a {@link CoverageBound}, then passes them on. Application thread only.
 */
record BoundSink(TraceSink<StreamOp> sink, CoverageBound bound) implements TraceSink<StreamOp> {
  @Override
  public void op(StreamOp op) {
    switch (op.kind()) {
      case NO_OP -> bound.noOp();
      case UNTRACEABLE -> bound.breakStream(true);
      case TRACEABLE -> throw new IllegalStateException("a traceable operation arrived without its token");
    }
    sink.op(op);
  }

  @Override
  public void op(StreamOp op, long token) {
    bound.traceable(token);
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
