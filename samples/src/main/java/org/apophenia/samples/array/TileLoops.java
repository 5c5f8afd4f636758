package org.apophenia.samples.array;

import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import org.apophenia.legion.api.DoubleTile;
import org.apophenia.legion.api.DoubleTileWriter;
import org.apophenia.legion.api.Rect;

/**
 * The loops of the array kernels over dense tile views ({@link DoubleTile}, {@link DoubleTileWriter}):
 * plain int index arithmetic, no per-element bounds or privilege checks. What is checked instead, once
 * per tile: the views' privileges and rectangles (when the views are made), that operands have the
 * shapes the kernel needs, and for kernels that compute where to read from arguments (transpose,
 * diagonals, stencil) that every index they will form lies inside the tile they read.
 *
 * <p>Every kernel visits points in the order the point-by-point kernels did (row-major over the
 * output tile; inner products and reductions in increasing index), so results are bit-identical to
 * them. Operands of element-wise kernels have tiles of equal shape, possibly at different places in
 * different instances (shifted views), matched point by point. Stateless.
 */
final class TileLoops {
  private TileLoops() {}

  /**
   * {@code o = op(a, b)} element-wise. One call site runs the operator's loop, for one run of the
   * whole tile or one per row, so a caller that inlines this method and the loop (a program with one
   * operator) inlines one copy of it, not two: C2 stops inlining when a compiled unit reaches its node
   * budget, and a loop whose views' {@code get}/{@code set} are left as calls runs many times slower.
   */
  static void binary(DoubleBinaryOperator op, DoubleTileWriter o, DoubleTile a, DoubleTile b) {
    sameShape("binary", o, a);
    sameShape("binary", o, b);
    int rows = o.rows();
    int cols = o.cols();
    if (o.contiguous() && a.contiguous() && b.contiguous()) {
      cols *= rows;
      rows = 1;
    }
    BinaryOp k = op instanceof BinaryOp known ? known : null;
    for (int r = 0; r < rows; r++) {
      int io = o.index(r, 0);
      int ia = a.index(r, 0);
      int ib = b.index(r, 0);
      if (k != null) {
        k.arrays(o, io, a, ia, b, ib, cols);
        continue;
      }
      for (int c = 0; c < cols; c++) {
        o.set(io + c, op.applyAsDouble(a.get(ia + c), b.get(ib + c)));
      }
    }
  }

  /** {@code o = op(a, s)}, or {@code op(s, a)} when {@code left}. */
  static void binaryScalar(DoubleBinaryOperator op, double s, boolean left, DoubleTileWriter o, DoubleTile a) {
    sameShape("binary-scalar", o, a);
    int rows = o.rows();
    int cols = o.cols();
    if (o.contiguous() && a.contiguous()) {
      cols *= rows;
      rows = 1;
    }
    for (int r = 0; r < rows; r++) {
      int io = rows == 1 ? o.base() : o.index(r, 0);
      int ia = rows == 1 ? a.base() : a.index(r, 0);
      if (op instanceof BinaryOp k) {
        if (left) {
          k.scalarLeft(o, io, s, a, ia, cols);
        } else {
          k.scalarRight(o, io, a, ia, s, cols);
        }
      } else {
        for (int c = 0; c < cols; c++) {
          double x = a.get(ia + c);
          o.set(io + c, left ? op.applyAsDouble(s, x) : op.applyAsDouble(x, s));
        }
      }
    }
  }

  /** {@code o = op(a)} element-wise. */
  static void unary(DoubleUnaryOperator op, DoubleTileWriter o, DoubleTile a) {
    sameShape("unary", o, a);
    int rows = o.rows();
    int cols = o.cols();
    if (o.contiguous() && a.contiguous()) {
      cols *= rows;
      rows = 1;
    }
    for (int r = 0; r < rows; r++) {
      int io = rows == 1 ? o.base() : o.index(r, 0);
      int ia = rows == 1 ? a.base() : a.index(r, 0);
      if (op instanceof UnaryOp k) {
        k.run(o, io, a, ia, cols);
      } else {
        for (int c = 0; c < cols; c++) {
          o.set(io + c, op.applyAsDouble(a.get(ia + c)));
        }
      }
    }
  }

  /** {@code o = c != 0 ? a : b} element-wise. */
  static void where(DoubleTileWriter o, DoubleTile c, DoubleTile a, DoubleTile b) {
    sameShape("where", o, c);
    sameShape("where", o, a);
    sameShape("where", o, b);
    for (int r = 0, rows = o.rows(), cols = o.cols(); r < rows; r++) {
      int io = o.index(r, 0);
      int ic = c.index(r, 0);
      int ia = a.index(r, 0);
      int ib = b.index(r, 0);
      for (int j = 0; j < cols; j++) {
        o.set(io + j, c.get(ic + j) != 0 ? a.get(ia + j) : b.get(ib + j));
      }
    }
  }

  /**
   * Point-wise generators over the array's linear index (see {@link Kernels#generate}): kind 0 fill
   * with {@code p1}, 1 {@code p1 + p2 * index}, 2 {@link Kernels#uniform} of {@code bits(p1) + index};
   * {@code (lo0, lo1)} is the view's origin and {@code width} its row length (2-D).
   */
  static void generate(DoubleTileWriter o, int kind, double p1, double p2, long lo0, long lo1, long width) {
    Rect ro = o.bounds();
    boolean one = ro.dim() == 1;
    long seed = Double.doubleToRawLongBits(p1);
    for (int r = 0, rows = o.rows(), cols = o.cols(); r < rows; r++) {
      long g0 = ro.lo(0) + r;
      long first = one ? g0 - lo0 : (g0 - lo0) * width + (ro.lo(1) - lo1);
      int io = o.index(r, 0);
      switch (kind) {
        case 0 -> {
          for (int c = 0; c < cols; c++) {
            o.set(io + c, p1);
          }
        }
        case 1 -> {
          for (int c = 0; c < cols; c++) {
            o.set(io + c, p1 + p2 * (first + c));
          }
        }
        default -> {
          for (int c = 0; c < cols; c++) {
            o.set(io + c, Kernels.uniform(seed + (first + c)));
          }
        }
      }
    }
  }

  /** The partial sum of the tile, in row-major order. */
  static double sum(DoubleTile a) {
    double acc = 0.0;
    for (int r = 0, rows = a.rows(), cols = a.cols(); r < rows; r++) {
      for (int i = a.index(r, 0), end = i + cols; i < end; i++) {
        acc += a.get(i);
      }
    }
    return acc;
  }

  /** The tile's maximum ({@link Math#max}, so NaN wins), from negative infinity. */
  static double max(DoubleTile a) {
    double acc = Double.NEGATIVE_INFINITY;
    for (int r = 0, rows = a.rows(), cols = a.cols(); r < rows; r++) {
      for (int i = a.index(r, 0), end = i + cols; i < end; i++) {
        acc = Math.max(acc, a.get(i));
      }
    }
    return acc;
  }

  /** The tile's minimum ({@link Math#min}), from positive infinity. */
  static double min(DoubleTile a) {
    double acc = Double.POSITIVE_INFINITY;
    for (int r = 0, rows = a.rows(), cols = a.cols(); r < rows; r++) {
      for (int i = a.index(r, 0), end = i + cols; i < end; i++) {
        acc = Math.min(acc, a.get(i));
      }
    }
    return acc;
  }

  /** The partial dot product of two tiles of equal shape, in row-major order. */
  static double dot(DoubleTile a, DoubleTile b) {
    sameShape("dot", a, b);
    double acc = 0.0;
    for (int r = 0, rows = a.rows(), cols = a.cols(); r < rows; r++) {
      int ia = a.index(r, 0);
      int ib = b.index(r, 0);
      for (int j = 0; j < cols; j++) {
        acc += a.get(ia + j) * b.get(ib + j);
      }
    }
    return acc;
  }

  /** {@code o[r] = sum_j A[r, j] * x[j]}, {@code j} increasing: a row block of A times the whole x. */
  static void matvec(DoubleTileWriter o, DoubleTile a, DoubleTile x) {
    int rows = o.rows();
    int k = a.cols();
    if (o.cols() != 1 || a.rows() != rows || x.cols() != 1 || x.rows() != k) {
      throw new IllegalArgumentException("matvec: tiles " + o.bounds() + " = " + a.bounds() + " @ " + x.bounds()
          + " do not align");
    }
    int xb = x.base();
    for (int r = 0; r < rows; r++) {
      int ia = a.index(r, 0);
      double s = 0;
      for (int j = 0; j < k; j++) {
        s += a.get(ia + j) * x.get(xb + j);
      }
      o.set(o.index(r, 0), s);
    }
  }

  /** {@code o[i, j] = sum_k A[i, k] * B[k, j]}, {@code k} increasing: a row block of A times the whole B. */
  static void matmul(DoubleTileWriter o, DoubleTile a, DoubleTile b) {
    int rows = o.rows();
    int cols = o.cols();
    int inner = a.cols();
    if (a.rows() != rows || b.rows() != inner || b.cols() != cols) {
      throw new IllegalArgumentException("matmul: tiles " + o.bounds() + " = " + a.bounds() + " @ " + b.bounds()
          + " do not align");
    }
    int bs = b.rowStride();
    for (int i = 0; i < rows; i++) {
      int ia = a.index(i, 0);
      int io = o.index(i, 0);
      for (int j = 0; j < cols; j++) {
        double s = 0;
        for (int k = 0, ib = b.index(0, j); k < inner; k++, ib += bs) {
          s += a.get(ia + k) * b.get(ib);
        }
        o.set(io + j, s);
      }
    }
  }

  /**
   * Rows of the transpose: {@code o[p0, p1] = A[a.lo0 + (p1 - olo1), a.lo1 + (p0 - olo0)]}, A whole;
   * {@code (olo0, olo1)} is the output view's origin.
   */
  static void transpose(DoubleTileWriter o, DoubleTile a, long olo0, long olo1) {
    Rect ro = o.bounds();
    // A's row for output column c is (ro.lo1 - olo1) + c, its column for output row r is (ro.lo0 - olo0) + r
    int row0 = Math.toIntExact(ro.lo(1) - olo1);
    int col0 = Math.toIntExact(ro.lo(0) - olo0);
    requireInside("transpose", a, row0, row0 + o.cols() - 1, col0, col0 + o.rows() - 1);
    int as = a.rowStride();
    for (int r = 0, rows = o.rows(), cols = o.cols(); r < rows; r++) {
      int io = o.index(r, 0);
      int ia = a.index(row0, col0 + r);
      for (int c = 0; c < cols; c++, ia += as) {
        o.set(io + c, a.get(ia));
      }
    }
  }

  /** {@code o[k] = A[row, alo1 + (row - alo0)]} with {@code row = a.lo0 + k}: the diagonal of a view at (alo0, alo1). */
  static void diagExtract(DoubleTileWriter o, DoubleTile a, long alo0, long alo1) {
    Rect ra = a.bounds();
    int n = o.rows();
    // the column read for tile row k is col0 + k, in the tile's coordinates
    int col0 = Math.toIntExact(alo1 + (ra.lo(0) - alo0) - ra.lo(1));
    requireInside("diag", a, 0, n - 1, col0, col0 + n - 1);
    int step = a.rowStride() + 1;
    for (int k = 0, ia = a.index(0, col0); k < n; k++, ia += step) {
      o.set(o.index(k, 0), a.get(ia));
    }
  }

  /** {@code o[p0, p1] = p0 - olo0 == p1 - olo1 ? v[v.lo0 + (p0 - o.lo0)] : 0}: a matrix with diagonal v. */
  static void diagBuild(DoubleTileWriter o, DoubleTile v, long olo0, long olo1) {
    Rect ro = o.bounds();
    if (o.rows() > v.rows()) {
      throw new IllegalArgumentException("diag: output tile " + ro + " has more rows than the diagonal's " + v.bounds());
    }
    // output row r holds its diagonal element in tile column r + shift
    long shift = (ro.lo(0) - olo0) - (ro.lo(1) - olo1);
    for (int r = 0, rows = o.rows(), cols = o.cols(); r < rows; r++) {
      int io = o.index(r, 0);
      long d = r + shift;
      for (int c = 0; c < cols; c++) {
        o.set(io + c, c == d ? v.get(v.index(r, 0)) : 0.0);
      }
    }
  }

  /**
   * A three-point stencil along dimension 0: {@code o[p] = wl * in[p - 1] + wc * in[p] + wr * in[p + 1]},
   * rows outside {@code [inLo0, inHi0]} (the array's ends) replaced by the row itself; {@code in} is
   * o's tile widened by the halo.
   */
  static void stencil3(DoubleTileWriter o, DoubleTile in, double wl, double wc, double wr, long inLo0, long inHi0) {
    Rect ro = o.bounds();
    Rect ri = in.bounds();
    int row0 = Math.toIntExact(ro.lo(0) - ri.lo(0));
    int col0 = ro.dim() == 1 ? 0 : Math.toIntExact(ro.lo(1) - ri.lo(1));
    int rows = o.rows();
    int cols = o.cols();
    boolean up = ro.lo(0) - 1 >= inLo0;
    boolean down = ro.hi(0) + 1 <= inHi0;
    requireInside("stencil", in, row0 - (up ? 1 : 0), row0 + rows - 1 + (down ? 1 : 0), col0, col0 + cols - 1);
    int s = in.rowStride();
    for (int r = 0; r < rows; r++) {
      long p0 = ro.lo(0) + r;
      boolean hasUp = p0 - 1 >= inLo0;
      boolean hasDown = p0 + 1 <= inHi0;
      int io = o.index(r, 0);
      int ic = in.index(row0 + r, col0);
      for (int c = 0; c < cols; c++, ic++) {
        double v = in.get(ic);
        double l = hasUp ? in.get(ic - s) : v;
        double rr = hasDown ? in.get(ic + s) : v;
        o.set(io + c, wl * l + wc * v + wr * rr);
      }
    }
  }

  // ------------------------------------------------------------------ once-per-tile checks

  private static void sameShape(String kernel, DoubleTileWriter o, DoubleTile a) {
    if (o.rows() != a.rows() || o.cols() != a.cols()) {
      throw new IllegalArgumentException(kernel + ": tiles " + o.bounds() + " and " + a.bounds() + " differ in shape");
    }
  }

  private static void sameShape(String kernel, DoubleTile a, DoubleTile b) {
    if (a.rows() != b.rows() || a.cols() != b.cols()) {
      throw new IllegalArgumentException(kernel + ": tiles " + a.bounds() + " and " + b.bounds() + " differ in shape");
    }
  }

  /** That tile rows {@code [r0, r1]} and columns {@code [c0, c1]} (tile coordinates) lie in {@code t}. */
  private static void requireInside(String kernel, DoubleTile t, int r0, int r1, int c0, int c1) {
    if (r0 < 0 || r1 >= t.rows() || c0 < 0 || c1 >= t.cols()) {
      throw new IndexOutOfBoundsException(kernel + ": reads rows " + r0 + ".." + r1 + ", columns " + c0 + ".." + c1
          + " of the tile " + t.bounds() + " (" + t.rows() + " x " + t.cols() + ")");
    }
  }
}
