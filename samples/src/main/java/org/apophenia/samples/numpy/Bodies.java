package org.apophenia.samples.numpy;

import java.util.List;
import org.apophenia.legion.api.DoubleTile;
import org.apophenia.legion.api.DoubleTileWriter;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.TaskBody;
import org.apophenia.legion.api.TaskContext;

/**
 * The task bodies of the N-d library: one generic body runs any {@link Plan}. Argument 0 is the plan,
 * argument 1 the chunk boundaries; requirement 0 is the output tile, requirement {@code k} the tile of
 * the input whose {@code req} is {@code k}. A tile is a 1-D interval of its buffer, so an element at
 * buffer position {@code p} is at instance index {@code base + (p - lo)}. Values travel as their stored
 * 64-bit patterns (see {@link DType}). Stateless apart from the field.
 */
final class Bodies {
  private Bodies() {}

  /** The body for {@code field}'s arrays. */
  static TaskBody body(Field field) {
    return ctx -> run(ctx, field);
  }

  private record Tile(DoubleTile t, long lo, int base) {
    long get(long pos) {
      return Double.doubleToRawLongBits(t.get(base + (int) (pos - lo)));
    }
  }

  /** The output tile; remembers the last value written (a one-element launch's future value). */
  private static final class Out {
    private final DoubleTileWriter t;
    private final long lo;
    private final int base;
    long last;

    Out(DoubleTileWriter t, long lo, int base) {
      this.t = t;
      this.lo = lo;
      this.base = base;
    }

    void set(long pos, long bits) {
      t.set(base + (int) (pos - lo), Double.longBitsToDouble(bits));
      last = bits;
    }
  }

  /** Runs the plan; argument 2 true means the output is one element whose bits are the task's value. */
  private static Object run(TaskContext ctx, Field field) {
    Plan plan = (Plan) ctx.arg(0);
    long[] chunks = (long[]) ctx.arg(1);
    int point = (int) ctx.point()[0];
    DoubleTileWriter w = ctx.accessor(0, field).denseWrite();
    Out out = new Out(w, w.bounds().lo(0), w.base());
    Tile[] in = new Tile[ctx.requirementCount()];
    for (int i = 1; i < in.length; i++) {
      DoubleTile t = ctx.accessor(i, field).denseRead();
      in[i] = new Tile(t, t.bounds().lo(0), t.base());
    }
    long o0 = chunks[point];
    long o1 = chunks[point + 1];
    if (plan instanceof Plan.Map m) {
      map(m, out, in, o0, o1);
    } else if (plan instanceof Plan.Reduce r) {
      reduce(r, out, in, o0, o1);
    } else if (plan instanceof Plan.Contract c) {
      contract(c, out, in, o0, o1);
    } else {
      cumsum((Plan.Cumsum) plan, out, in, o0, o1);
    }
    return (Boolean) ctx.arg(2) ? (Object) out.last : null;
  }

  private static long convert(long bits, DType from, DType to) {
    if (from == to) {
      return bits;
    }
    return switch (to) {
      case FLOAT64 -> BinaryUfunc.bits(from.toDouble(bits));
      case INT64 -> from.toLong(bits);
      case BOOL -> from.toBool(bits) ? 1 : 0;
    };
  }

  private static void map(Plan.Map m, Out out, Tile[] in, long o0, long o1) {
    List<Plan.Input> ins = m.inputs();
    int n = ins.size();
    Geometry.Cursor oc = new Geometry.Cursor(m.out(), o0);
    Geometry.Cursor[] cs = new Geometry.Cursor[n];
    long[] v = new long[n];
    for (int j = 0; j < n; j++) {
      Plan.Input x = ins.get(j);
      cs[j] = x.req() < 0 ? null : new Geometry.Cursor(x.geometry(), o0);
      v[j] = x.req() < 0 ? convert(x.bits(), x.dtype(), j == 0 && m.func() instanceof Plan.Where ? DType.BOOL
          : m.compute()) : 0;
    }
    DType t = m.compute();
    Plan.Func f = m.func();
    BinaryUfunc binary = f instanceof Plan.Binary b ? b.ufunc() : null;
    UnaryUfunc unary = f instanceof Plan.Unary u ? u.ufunc() : null;
    for (long k = o0; k < o1; k++) {
      for (int j = 0; j < n; j++) {
        if (cs[j] != null) {
          Plan.Input x = ins.get(j);
          v[j] = convert(in[x.req()].get(cs[j].pos), x.dtype(), j == 0 && f instanceof Plan.Where
              ? DType.BOOL : t);
          cs[j].next();
        }
      }
      long r;
      if (binary != null) {
        r = binary.apply(v[0], v[1], t);
      } else if (unary != null) {
        r = unary.apply(v[0], t);
      } else if (f instanceof Plan.Where) {
        r = v[0] != 0 ? v[1] : v[2];
      } else if (f instanceof Plan.Clip) {
        r = BinaryUfunc.MINIMUM.apply(BinaryUfunc.MAXIMUM.apply(v[0], v[1], t), v[2], t);
      } else if (f instanceof Plan.Copy) {
        r = convert(v[0], t, m.outType());
      } else if (f instanceof Plan.Arange a) {
        r = t == DType.FLOAT64 ? BinaryUfunc.bits(a.start() + k * a.step()) : (long) a.start() + k * (long) a.step();
      } else {
        r = ((Plan.Data) f).bits()[(int) k];
      }
      out.set(oc.pos, r);
      oc.next();
    }
  }

  private static void reduce(Plan.Reduce r, Out out, Tile[] in, long o0, long o1) {
    int inner = r.inner();
    Geometry.Cursor oc = new Geometry.Cursor(r.out(), o0);
    Geometry.Cursor ic = new Geometry.Cursor(r.in().geometry(), o0 * inner);
    long[] v = new long[inner];
    Tile t = in[r.in().req()];
    for (long k = o0; k < o1; k++) {
      for (int l = 0; l < inner; l++) {
        v[l] = t.get(ic.pos);
        ic.next();
      }
      out.set(oc.pos, r.op().apply(v, inner, r.in().dtype(), r.pairwise()));
      oc.next();
    }
  }

  private static void contract(Plan.Contract c, Out out, Tile[] in, long o0, long o1) {
    int inner = c.inner();
    Geometry.Cursor oc = new Geometry.Cursor(c.out(), o0);
    Geometry.Cursor ac = new Geometry.Cursor(c.a().geometry(), o0 * inner);
    Geometry.Cursor bc = new Geometry.Cursor(c.b().geometry(), o0 * inner);
    Tile ta = in[c.a().req()];
    Tile tb = in[c.b().req()];
    DType t = c.outType();
    for (long k = o0; k < o1; k++) {
      double ds = 0.0;
      long ls = 0;
      for (int l = 0; l < inner; l++) {
        long x = ta.get(ac.pos);
        long y = tb.get(bc.pos);
        if (t == DType.FLOAT64) {
          ds += c.a().dtype().toDouble(x) * c.b().dtype().toDouble(y);
        } else {
          ls += c.a().dtype().toLong(x) * c.b().dtype().toLong(y);
        }
        ac.next();
        bc.next();
      }
      out.set(oc.pos, t == DType.FLOAT64 ? BinaryUfunc.bits(ds) : t == DType.BOOL ? (ls != 0 ? 1 : 0) : ls);
      oc.next();
    }
  }

  private static void cumsum(Plan.Cumsum c, Out out, Tile[] in, long o0, long o1) {
    int inner = c.inner();
    Geometry.Cursor oc = new Geometry.Cursor(c.out(), o0 * inner);
    Geometry.Cursor ic = new Geometry.Cursor(c.in().geometry(), o0 * inner);
    Tile t = in[c.in().req()];
    DType dt = c.in().dtype();
    for (long k = o0; k < o1; k++) {
      double ds = 0.0;
      long ls = 0;
      for (int l = 0; l < inner; l++) {
        long x = t.get(ic.pos);
        if (c.outType() == DType.FLOAT64) {
          // NumPy's accumulate starts from the first element, not from 0.0 (which would turn -0.0 into 0.0)
          ds = l == 0 ? dt.toDouble(x) : ds + dt.toDouble(x);
          out.set(oc.pos, BinaryUfunc.bits(ds));
        } else {
          ls += dt.toLong(x);
          out.set(oc.pos, ls);
        }
        ic.next();
        oc.next();
      }
    }
  }
}
