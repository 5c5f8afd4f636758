package org.apophenia.samples.numpy;

import java.lang.ref.Reference;
import java.util.List;

/**
 * The functions that combine many input elements into one output element: axis reductions,
 * {@code cumsum} and {@code matmul}/{@code dot}. Each builds the iteration space (output shape plus the
 * combined dimension, see {@link Plan}) and issues one launch; a tile reads the bounding interval of
 * the input elements its output elements combine. A reduction over all axes runs as one tile when its
 * output is a single element. Stateless helper of {@link Np}.
 */
final class Reductions {
  private final Np np;

  Reductions(Np np) {
    this.np = np;
  }

  NpArray reduce(Reduction op, NpArray a, Integer axis, boolean keepdims) {
    String name = op.numpyName();
    np.check(name, a);
    int nd = a.ndim();
    if (axis == null) {
      NpArray flat = a.geometry.isContiguous() ? a.view(new Geometry(new int[] {(int) a.size()},
          new long[] {1}, a.geometry.offset)) : np.copy(a).reshape((int) a.size());
      NpArray r = reduceAxis(op, flat, 0, name);
      int[] shape = new int[keepdims ? nd : 0];
      java.util.Arrays.fill(shape, 1);
      Reference.reachabilityFence(flat);
      return keepdims ? r.view(Geometry.contiguous(shape)) : r;
    }
    int ax = Shapes.axis(name, axis, nd, a.geometry.shape);
    NpArray r = reduceAxis(op, a, ax, name);
    Reference.reachabilityFence(a);
    if (!keepdims) {
      return r;
    }
    int[] shape = Shapes.with(a.geometry.shape, ax, 1);
    return r.view(Geometry.contiguous(shape));
  }

  private NpArray reduceAxis(Reduction op, NpArray a, int ax, String name) {
    int[] outShape = Shapes.without(a.geometry.shape, ax);
    int len = a.geometry.shape[ax];
    NpArray out = np.alloc(outShape, op.resultType(a.dtype));
    if (len == 0) {
      if (!op.hasIdentity()) {
        throw new IllegalArgumentException(name + ": zero-size array to reduction operation " + name
            + " which has no identity (shape " + Shapes.str(a.geometry.shape) + ", axis " + ax + ")");
      }
      Object id = switch (op) {
        case SUM -> out.dtype == DType.FLOAT64 ? (Object) 0.0 : (Object) 0L;
        case PROD -> out.dtype == DType.FLOAT64 ? (Object) 1.0 : (Object) 1L;
        case MEAN -> Double.NaN;
        case ALL -> true;
        default -> false;
      };
      np.map(name, new Plan.Copy(), out, List.of(Operands.of(id)), Operands.dtype(Operands.of(id)));
      return out;
    }
    Geometry in = moveLast(a.geometry, ax);
    Geometry outSpace = withInner(out.geometry, len);
    Plan plan = new Plan.Reduce(out.geometry, out.dtype, new Plan.Input(1, in, a.dtype, 0), len, op,
        ax == a.ndim() - 1);
    np.launcher.launch(name, plan, out.buffer, out.geometry, outSpace, out.size(), len,
        List.of(new Launcher.Read(a.buffer, in)), 1, 8);
    return out;
  }

  NpArray cumsum(NpArray a, Integer axis) {
    np.check("cumsum", a);
    if (axis == null) {
      NpArray flat = np.reshape(a, -1);
      NpArray r = cumsum(flat, 0);
      Reference.reachabilityFence(a);
      return r;
    }
    int ax = Shapes.axis("cumsum", axis, a.ndim(), a.geometry.shape);
    DType t = a.dtype == DType.FLOAT64 ? DType.FLOAT64 : DType.INT64;
    NpArray out = np.alloc(a.geometry.shape, t);
    int len = a.geometry.shape[ax];
    if (out.size() > 0) {
      Geometry in = moveLast(a.geometry, ax);
      Geometry outSpace = moveLast(out.geometry, ax);
      Plan plan = new Plan.Cumsum(outSpace, t, new Plan.Input(1, in, a.dtype, 0), len);
      np.launcher.launch("cumsum", plan, out.buffer, out.geometry, outSpace, out.size() / len, len,
          List.of(new Launcher.Read(a.buffer, in)), 1, 16);
    }
    Reference.reachabilityFence(a);
    return out;
  }

  NpArray matmul(String name, NpArray a, NpArray b) {
    np.check(name, a);
    np.check(name, b);
    int na = a.ndim();
    int nb = b.ndim();
    if (na < 1 || na > 2 || nb < 1 || nb > 2) {
      throw new IllegalArgumentException(name + ": only 1-D and 2-D operands are supported, got shapes "
          + Shapes.str(a.geometry.shape) + " and " + Shapes.str(b.geometry.shape));
    }
    int[] sa = a.geometry.shape;
    int[] sb = b.geometry.shape;
    long[] ta = a.geometry.strides;
    long[] tb = b.geometry.strides;
    int k = sa[na - 1];
    int kb = nb == 1 ? sb[0] : sb[0];
    if (k != kb) {
      throw new IllegalArgumentException(name + ": shapes " + Shapes.str(sa) + " and " + Shapes.str(sb)
          + " not aligned: " + k + " (dim " + (na - 1) + ") != " + kb + " (dim 0)");
    }
    int[] outShape;
    long[] sta;
    long[] stb;
    if (na == 1 && nb == 1) {
      outShape = new int[0];
      sta = new long[] {ta[0]};
      stb = new long[] {tb[0]};
    } else if (na == 2 && nb == 1) {
      outShape = new int[] {sa[0]};
      sta = new long[] {ta[0], ta[1]};
      stb = new long[] {0, tb[0]};
    } else if (na == 1) {
      outShape = new int[] {sb[1]};
      sta = new long[] {0, ta[0]};
      stb = new long[] {tb[1], tb[0]};
    } else {
      outShape = new int[] {sa[0], sb[1]};
      sta = new long[] {ta[0], 0, ta[1]};
      stb = new long[] {0, tb[1], tb[0]};
    }
    DType t = DType.promote(a.dtype, b.dtype);
    NpArray out = np.alloc(outShape, t);
    if (out.size() > 0) {
      int[] space = java.util.Arrays.copyOf(outShape, outShape.length + 1);
      space[outShape.length] = k;
      if (k == 0) {
        np.map(name, new Plan.Copy(), out, List.of(Operands.of(t == DType.FLOAT64 ? (Object) 0.0 : (Object) 0L)),
            t == DType.FLOAT64 ? DType.FLOAT64 : DType.INT64);
      } else {
        Geometry ga = new Geometry(space, sta, a.geometry.offset);
        Geometry gb = new Geometry(space, stb, b.geometry.offset);
        Geometry outSpace = withInner(out.geometry, k);
        Plan plan = new Plan.Contract(out.geometry, t, new Plan.Input(1, ga, a.dtype, 0), new Plan.Input(2, gb, b.dtype, 0), k);
        np.launcher.launch(name, plan, out.buffer, out.geometry, outSpace, out.size(), k,
            List.of(new Launcher.Read(a.buffer, ga), new Launcher.Read(b.buffer, gb)), 2, 16);
      }
    }
    Reference.reachabilityFence(a);
    Reference.reachabilityFence(b);
    return out;
  }

  /** {@code g} with axis {@code ax} moved to the end (a permuted view of the same positions). */
  static Geometry moveLast(Geometry g, int ax) {
    int n = g.ndim();
    int[] sh = new int[n];
    long[] st = new long[n];
    for (int d = 0, j = 0; d < n; d++) {
      if (d != ax) {
        sh[j] = g.shape[d];
        st[j++] = g.strides[d];
      }
    }
    sh[n - 1] = g.shape[ax];
    st[n - 1] = g.strides[ax];
    return new Geometry(sh, st, g.offset);
  }

  /** {@code g} with an inner dimension of {@code len} and stride 0 (every inner point is the same element). */
  static Geometry withInner(Geometry g, int len) {
    int[] sh = java.util.Arrays.copyOf(g.shape, g.ndim() + 1);
    sh[g.ndim()] = len;
    long[] st = java.util.Arrays.copyOf(g.strides, g.ndim() + 1);
    return new Geometry(sh, st, g.offset);
  }
}
