package org.apophenia.samples.array;

import java.util.function.DoubleUnaryOperator;
import org.apophenia.legion.api.DoubleTile;
import org.apophenia.legion.api.DoubleTileWriter;

/**
 * The array library's element-wise unary functions, each with its own loop over a run of {@code n}
 * consecutive instance indices, and its twin for {@code io == ia} that C2 can vectorise (see
 * {@link BinaryOp} for both reasons). {@link #applyAsDouble} is the same function point by point.
 * Immutable.
 */
enum UnaryOp implements DoubleUnaryOperator {
  NEG {
    @Override public double applyAsDouble(double x) { return -x; }
    @Override void run(DoubleTileWriter o, int io, DoubleTile a, int ia, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, -a.get(i)); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, -a.get(ia + i)); }
    }
  },
  ABS {
    @Override public double applyAsDouble(double x) { return Math.abs(x); }
    @Override void run(DoubleTileWriter o, int io, DoubleTile a, int ia, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, Math.abs(a.get(i))); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, Math.abs(a.get(ia + i))); }
    }
  },
  SQRT {
    @Override public double applyAsDouble(double x) { return Math.sqrt(x); }
    @Override void run(DoubleTileWriter o, int io, DoubleTile a, int ia, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, Math.sqrt(a.get(i))); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, Math.sqrt(a.get(ia + i))); }
    }
  },
  EXP {
    @Override public double applyAsDouble(double x) { return Math.exp(x); }
    @Override void run(DoubleTileWriter o, int io, DoubleTile a, int ia, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, Math.exp(a.get(i))); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, Math.exp(a.get(ia + i))); }
    }
  },
  TANH {
    @Override public double applyAsDouble(double x) { return Math.tanh(x); }
    @Override void run(DoubleTileWriter o, int io, DoubleTile a, int ia, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, Math.tanh(a.get(i))); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, Math.tanh(a.get(ia + i))); }
    }
  },
  COPY {
    @Override public double applyAsDouble(double x) { return x; }
    @Override void run(DoubleTileWriter o, int io, DoubleTile a, int ia, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, a.get(i)); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, a.get(ia + i)); }
    }
  };

  /** {@code o[io + i] = f(a[ia + i])} for {@code i < n}, in increasing {@code i}. */
  abstract void run(DoubleTileWriter o, int io, DoubleTile a, int ia, int n);
}
