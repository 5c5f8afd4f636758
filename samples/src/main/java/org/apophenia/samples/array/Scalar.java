package org.apophenia.samples.array;

import java.util.function.DoubleUnaryOperator;
import org.apophenia.legion.api.Future;
import org.apophenia.samples.adapter.ArrayOp;
import org.apophenia.samples.adapter.RuntimeAdapter;

/**
 * The eventual value of a reduction (sum, max, dot, norm): a future. Issuing it never waits;
 * {@link #get()} is a blocking wait: if Apophenia still buffers the reduction, it first forwards every
 * pending operation (an untraceable point, paper §4); then the simulation runs until the value is
 * produced. Not thread-safe; application thread only.
 */
public final class Scalar {
  private final RuntimeAdapter adapter;
  private final ArrayOp.ResultSlot slot;
  private final DoubleUnaryOperator then;

  Scalar(RuntimeAdapter adapter, ArrayOp.ResultSlot slot, DoubleUnaryOperator then) {
    this.adapter = adapter;
    this.slot = slot;
    this.then = then;
  }

  /** The value; blocks (in simulated time) until it is computed. */
  public double get() {
    adapter.awaitResult(slot);
    Future f = slot.future();
    if (f == null) {
      throw new IllegalStateException("the reduction was not forwarded to the runtime before the wait");
    }
    return then.applyAsDouble(Double.longBitsToDouble((Long) f.get()));
  }

  /** {@code fn(this)}, still a future. */
  public Scalar map(DoubleUnaryOperator fn) {
    return new Scalar(adapter, slot, then.andThen(fn));
  }
}
