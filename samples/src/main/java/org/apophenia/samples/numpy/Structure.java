package org.apophenia.samples.numpy;

import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * NumPy's structural functions: basic and stepped slicing and transposition (views: new geometries
 * over the same buffer, nothing issued), {@code reshape} (a view of a contiguous array, otherwise a
 * copy first), and {@code concatenate}, {@code stack}, {@code roll} (a new array filled by one copy
 * launch per piece into a view of it). Helper of {@link Np}; stateless apart from it.
 */
final class Structure {
  private final Np np;

  Structure(Np np) {
    this.np = np;
  }

  /** {@code a[s...]}: missing trailing subscripts mean {@code :}. */
  NpArray index(NpArray a, Slice[] subs) {
    np.check("getitem", a);
    Geometry g = a.geometry;
    if (subs.length > g.ndim()) {
      throw new IllegalArgumentException("getitem: too many indices for array: array is " + g.ndim()
          + "-dimensional, but " + subs.length + " were indexed (shape " + Shapes.str(g.shape) + ")");
    }
    List<Integer> shape = new ArrayList<>();
    List<Long> strides = new ArrayList<>();
    long offset = g.offset;
    for (int d = 0; d < g.ndim(); d++) {
      Slice s = d < subs.length ? subs[d] : Slice.all();
      int[] r = s.resolve(g.shape[d], "getitem", d);
      offset += r[2] > 0 || s.single() ? r[0] * g.strides[d] : 0;
      if (!s.single()) {
        shape.add(r[2]);
        strides.add(r[1] * g.strides[d]);
      }
    }
    return a.view(new Geometry(shape.stream().mapToInt(Integer::intValue).toArray(),
        strides.stream().mapToLong(Long::longValue).toArray(), offset));
  }

  NpArray transpose(NpArray a) {
    np.check("transpose", a);
    Geometry g = a.geometry;
    int n = g.ndim();
    int[] sh = new int[n];
    long[] st = new long[n];
    for (int d = 0; d < n; d++) {
      sh[d] = g.shape[n - 1 - d];
      st[d] = g.strides[n - 1 - d];
    }
    return a.view(new Geometry(sh, st, g.offset));
  }

  NpArray reshape(NpArray a, int[] shape) {
    np.check("reshape", a);
    int[] s = shape.clone();
    int unknown = -1;
    long known = 1;
    for (int d = 0; d < s.length; d++) {
      if (s[d] == -1 && unknown < 0) {
        unknown = d;
      } else if (s[d] < 0) {
        throw new IllegalArgumentException("reshape: can only specify one unknown dimension, got " + Arrays.toString(shape));
      } else {
        known *= s[d];
      }
    }
    if (unknown >= 0) {
      if (known == 0 || a.size() % known != 0) {
        throw new IllegalArgumentException("reshape: cannot reshape array of size " + a.size() + " into shape "
            + Arrays.toString(shape));
      }
      s[unknown] = (int) (a.size() / known);
    }
    if (Geometry.size(s) != a.size()) {
      throw new IllegalArgumentException("reshape: cannot reshape array of size " + a.size() + " into shape "
          + Shapes.str(s) + " (from " + Shapes.str(a.geometry.shape) + ")");
    }
    NpArray src = a.geometry.isContiguous() ? a : np.copy(a);
    Geometry c = Geometry.contiguous(s);
    return src.view(new Geometry(c.shape, c.strides, src.geometry.offset));
  }

  NpArray concatenate(List<NpArray> arrays, int axis) {
    if (arrays.isEmpty()) {
      throw new IllegalArgumentException("concatenate: need at least one array to concatenate");
    }
    NpArray first = arrays.get(0);
    int nd = first.ndim();
    if (nd == 0) {
      throw new IllegalArgumentException("concatenate: zero-dimensional arrays cannot be concatenated");
    }
    int ax = Shapes.axis("concatenate", axis, nd, first.geometry.shape);
    int total = 0;
    DType t = first.dtype;
    for (int i = 0; i < arrays.size(); i++) {
      NpArray x = arrays.get(i);
      np.check("concatenate", x);
      if (x.ndim() != nd) {
        throw new IllegalArgumentException("concatenate: all the input arrays must have same number of dimensions, but"
            + " the array at index 0 has " + nd + " dimension(s) and the array at index " + i + " has " + x.ndim()
            + " (shapes " + Shapes.str(first.geometry.shape) + ", " + Shapes.str(x.geometry.shape) + ")");
      }
      for (int d = 0; d < nd; d++) {
        if (d != ax && x.geometry.shape[d] != first.geometry.shape[d]) {
          throw new IllegalArgumentException("concatenate: all the input array dimensions except for the concatenation"
              + " axis must match exactly, but along dimension " + d + ", the array at index 0 has size "
              + first.geometry.shape[d] + " and the array at index " + i + " has size " + x.geometry.shape[d]
              + " (axis " + ax + ")");
        }
      }
      total += x.geometry.shape[ax];
      t = DType.promote(t, x.dtype);
    }
    NpArray out = np.alloc(Shapes.with(first.geometry.shape, ax, total), t);
    int at = 0;
    for (NpArray x : arrays) {
      int len = x.geometry.shape[ax];
      if (len > 0) {
        np.assign(np.index(out, along(nd, ax, Slice.of(at, at + len, null))), x);
      }
      at += len;
    }
    Reference.reachabilityFence(arrays);
    return out;
  }

  NpArray stack(List<NpArray> arrays, int axis) {
    if (arrays.isEmpty()) {
      throw new IllegalArgumentException("stack: need at least one array to stack");
    }
    NpArray first = arrays.get(0);
    int nd = first.ndim() + 1;
    int ax = Shapes.axis("stack", axis, nd, first.geometry.shape);
    DType t = first.dtype;
    for (int i = 0; i < arrays.size(); i++) {
      NpArray x = arrays.get(i);
      np.check("stack", x);
      if (!Arrays.equals(x.geometry.shape, first.geometry.shape)) {
        throw new IllegalArgumentException("stack: all input arrays must have the same shape, got "
            + Shapes.str(first.geometry.shape) + " at index 0 and " + Shapes.str(x.geometry.shape) + " at index " + i
            + " (axis " + ax + ")");
      }
      t = DType.promote(t, x.dtype);
    }
    int[] shape = new int[nd];
    for (int d = 0, j = 0; d < nd; d++) {
      shape[d] = d == ax ? arrays.size() : first.geometry.shape[j++];
    }
    NpArray out = np.alloc(shape, t);
    for (int i = 0; i < arrays.size(); i++) {
      np.assign(np.index(out, along(nd, ax, Slice.index(i))), arrays.get(i));
    }
    Reference.reachabilityFence(arrays);
    return out;
  }

  NpArray roll(NpArray a, int shift, Integer axis) {
    np.check("roll", a);
    if (axis == null) {
      return reshape(roll(reshape(a, new int[] {-1}), shift, 0), a.geometry.shape);
    }
    int nd = a.ndim();
    int ax = Shapes.axis("roll", axis, nd, a.geometry.shape);
    int n = a.geometry.shape[ax];
    NpArray out = np.alloc(a.geometry.shape, a.dtype);
    if (n == 0 || out.size() == 0) {
      return out;
    }
    int s = Math.floorMod(shift, n);
    if (s == 0) {
      np.assign(out, a);
    } else {
      np.assign(np.index(out, along(nd, ax, Slice.of(s, null, null))), np.index(a, along(nd, ax, Slice.of(null, n - s, null))));
      np.assign(np.index(out, along(nd, ax, Slice.of(null, s, null))), np.index(a, along(nd, ax, Slice.of(n - s, null, null))));
    }
    Reference.reachabilityFence(a);
    return out;
  }

  /** The subscript that is {@code s} along {@code axis} and {@code :} elsewhere. */
  private static Slice[] along(int nd, int axis, Slice s) {
    Slice[] out = new Slice[nd];
    Arrays.fill(out, Slice.all());
    out[axis] = s;
    return out;
  }
}
