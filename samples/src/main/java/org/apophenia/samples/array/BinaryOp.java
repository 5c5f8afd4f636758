package org.apophenia.samples.array;

import java.util.function.DoubleBinaryOperator;
import org.apophenia.legion.api.DoubleTile;
import org.apophenia.legion.api.DoubleTileWriter;

/**
 * The array library's element-wise binary operators. Each operator carries its own loops over runs
 * of {@code n} consecutive instance indices (array with array, array with scalar, scalar with array),
 * so the JIT compiles one tight loop per operator instead of one loop calling a megamorphic
 * {@link DoubleBinaryOperator} per element. {@link #applyAsDouble} is the same function, point by
 * point (the loops compute exactly it: same expression, same rounding).
 *
 * <p>Each loop starts with a twin for operands at the same instance index ({@code io == ia == ib}, the
 * usual case: arrays of one shape tiled alike), indexed by one variable. C2 (JDK 17) vectorises a loop
 * over {@code double[]} only if all its accesses share one index expression: with different
 * loop-invariant offsets it cannot rule out overlapping accesses to one array, and runs the loop at
 * scalar speed. The twin computes the same values at the same points. Immutable.
 */
enum BinaryOp implements DoubleBinaryOperator {
  ADD {
    @Override public double applyAsDouble(double x, double y) { return x + y; }
    @Override void arrays(DoubleTileWriter o, int io, DoubleTile a, int ia, DoubleTile b, int ib, int n) {
      if (io == ia && ia == ib) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, a.get(i) + b.get(i)); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, a.get(ia + i) + b.get(ib + i)); }
    }
    @Override void scalarRight(DoubleTileWriter o, int io, DoubleTile a, int ia, double s, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, a.get(i) + s); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, a.get(ia + i) + s); }
    }
    @Override void scalarLeft(DoubleTileWriter o, int io, double s, DoubleTile a, int ia, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, s + a.get(i)); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, s + a.get(ia + i)); }
    }
  },
  SUB {
    @Override public double applyAsDouble(double x, double y) { return x - y; }
    @Override void arrays(DoubleTileWriter o, int io, DoubleTile a, int ia, DoubleTile b, int ib, int n) {
      if (io == ia && ia == ib) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, a.get(i) - b.get(i)); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, a.get(ia + i) - b.get(ib + i)); }
    }
    @Override void scalarRight(DoubleTileWriter o, int io, DoubleTile a, int ia, double s, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, a.get(i) - s); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, a.get(ia + i) - s); }
    }
    @Override void scalarLeft(DoubleTileWriter o, int io, double s, DoubleTile a, int ia, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, s - a.get(i)); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, s - a.get(ia + i)); }
    }
  },
  MUL {
    @Override public double applyAsDouble(double x, double y) { return x * y; }
    @Override void arrays(DoubleTileWriter o, int io, DoubleTile a, int ia, DoubleTile b, int ib, int n) {
      if (io == ia && ia == ib) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, a.get(i) * b.get(i)); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, a.get(ia + i) * b.get(ib + i)); }
    }
    @Override void scalarRight(DoubleTileWriter o, int io, DoubleTile a, int ia, double s, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, a.get(i) * s); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, a.get(ia + i) * s); }
    }
    @Override void scalarLeft(DoubleTileWriter o, int io, double s, DoubleTile a, int ia, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, s * a.get(i)); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, s * a.get(ia + i)); }
    }
  },
  DIV {
    @Override public double applyAsDouble(double x, double y) { return x / y; }
    @Override void arrays(DoubleTileWriter o, int io, DoubleTile a, int ia, DoubleTile b, int ib, int n) {
      if (io == ia && ia == ib) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, a.get(i) / b.get(i)); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, a.get(ia + i) / b.get(ib + i)); }
    }
    @Override void scalarRight(DoubleTileWriter o, int io, DoubleTile a, int ia, double s, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, a.get(i) / s); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, a.get(ia + i) / s); }
    }
    @Override void scalarLeft(DoubleTileWriter o, int io, double s, DoubleTile a, int ia, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, s / a.get(i)); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, s / a.get(ia + i)); }
    }
  },
  MAXIMUM {
    @Override public double applyAsDouble(double x, double y) { return Math.max(x, y); }
    @Override void arrays(DoubleTileWriter o, int io, DoubleTile a, int ia, DoubleTile b, int ib, int n) {
      if (io == ia && ia == ib) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, Math.max(a.get(i), b.get(i))); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, Math.max(a.get(ia + i), b.get(ib + i))); }
    }
    @Override void scalarRight(DoubleTileWriter o, int io, DoubleTile a, int ia, double s, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, Math.max(a.get(i), s)); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, Math.max(a.get(ia + i), s)); }
    }
    @Override void scalarLeft(DoubleTileWriter o, int io, double s, DoubleTile a, int ia, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, Math.max(s, a.get(i))); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, Math.max(s, a.get(ia + i))); }
    }
  },
  MINIMUM {
    @Override public double applyAsDouble(double x, double y) { return Math.min(x, y); }
    @Override void arrays(DoubleTileWriter o, int io, DoubleTile a, int ia, DoubleTile b, int ib, int n) {
      if (io == ia && ia == ib) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, Math.min(a.get(i), b.get(i))); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, Math.min(a.get(ia + i), b.get(ib + i))); }
    }
    @Override void scalarRight(DoubleTileWriter o, int io, DoubleTile a, int ia, double s, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, Math.min(a.get(i), s)); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, Math.min(a.get(ia + i), s)); }
    }
    @Override void scalarLeft(DoubleTileWriter o, int io, double s, DoubleTile a, int ia, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, Math.min(s, a.get(i))); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, Math.min(s, a.get(ia + i))); }
    }
  },
  POW {
    @Override public double applyAsDouble(double x, double y) { return Math.pow(x, y); }
    @Override void arrays(DoubleTileWriter o, int io, DoubleTile a, int ia, DoubleTile b, int ib, int n) {
      if (io == ia && ia == ib) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, Math.pow(a.get(i), b.get(i))); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, Math.pow(a.get(ia + i), b.get(ib + i))); }
    }
    @Override void scalarRight(DoubleTileWriter o, int io, DoubleTile a, int ia, double s, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, Math.pow(a.get(i), s)); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, Math.pow(a.get(ia + i), s)); }
    }
    @Override void scalarLeft(DoubleTileWriter o, int io, double s, DoubleTile a, int ia, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, Math.pow(s, a.get(i))); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, Math.pow(s, a.get(ia + i))); }
    }
  },
  /** 1.0 where {@code x < y}, else 0.0. */
  LT {
    @Override public double applyAsDouble(double x, double y) { return x < y ? 1 : 0; }
    @Override void arrays(DoubleTileWriter o, int io, DoubleTile a, int ia, DoubleTile b, int ib, int n) {
      if (io == ia && ia == ib) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, a.get(i) < b.get(i) ? 1 : 0); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, a.get(ia + i) < b.get(ib + i) ? 1 : 0); }
    }
    @Override void scalarRight(DoubleTileWriter o, int io, DoubleTile a, int ia, double s, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, a.get(i) < s ? 1 : 0); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, a.get(ia + i) < s ? 1 : 0); }
    }
    @Override void scalarLeft(DoubleTileWriter o, int io, double s, DoubleTile a, int ia, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, s < a.get(i) ? 1 : 0); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, s < a.get(ia + i) ? 1 : 0); }
    }
  },
  /** 1.0 where {@code x > y}, else 0.0. */
  GT {
    @Override public double applyAsDouble(double x, double y) { return x > y ? 1 : 0; }
    @Override void arrays(DoubleTileWriter o, int io, DoubleTile a, int ia, DoubleTile b, int ib, int n) {
      if (io == ia && ia == ib) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, a.get(i) > b.get(i) ? 1 : 0); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, a.get(ia + i) > b.get(ib + i) ? 1 : 0); }
    }
    @Override void scalarRight(DoubleTileWriter o, int io, DoubleTile a, int ia, double s, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, a.get(i) > s ? 1 : 0); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, a.get(ia + i) > s ? 1 : 0); }
    }
    @Override void scalarLeft(DoubleTileWriter o, int io, double s, DoubleTile a, int ia, int n) {
      if (io == ia) {
        for (int i = io, end = io + n; i < end; i++) { o.set(i, s > a.get(i) ? 1 : 0); }
        return;
      }
      for (int i = 0; i < n; i++) { o.set(io + i, s > a.get(ia + i) ? 1 : 0); }
    }
  };

  /** {@code o[io + i] = op(a[ia + i], b[ib + i])} for {@code i < n}, in increasing {@code i}. */
  abstract void arrays(DoubleTileWriter o, int io, DoubleTile a, int ia, DoubleTile b, int ib, int n);

  /** {@code o[io + i] = op(a[ia + i], s)} for {@code i < n}, in increasing {@code i}. */
  abstract void scalarRight(DoubleTileWriter o, int io, DoubleTile a, int ia, double s, int n);

  /** {@code o[io + i] = op(s, a[ia + i])} for {@code i < n}, in increasing {@code i}. */
  abstract void scalarLeft(DoubleTileWriter o, int io, double s, DoubleTile a, int ia, int n);
}
