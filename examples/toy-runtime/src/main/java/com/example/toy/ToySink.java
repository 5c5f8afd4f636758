package com.example.toy;

import org.apophenia.autotrace.TraceSink;

/**
 * Where Apophenia hands the toy runtime its tasks: each task in program order, and the trace markers
 * it found, as the runtime's own {@code beginTrace}/{@code endTrace}. That is the whole adapter.
 */
public final class ToySink implements TraceSink<ToyTask> {
  private final ToyRuntime runtime;

  public ToySink(ToyRuntime runtime) {
    this.runtime = runtime;
  }

  @Override
  public void op(ToyTask t) {
    runtime.submit(t);
  }

  @Override
  public void beginTrace(long id) {
    runtime.beginTrace(id);
  }

  @Override
  public void endTrace(long id) {
    runtime.endTrace(id);
  }
}
