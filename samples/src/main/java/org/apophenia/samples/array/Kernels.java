package org.apophenia.samples.array;

import java.util.HashMap;
import java.util.Map;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import org.apophenia.apophenia.Bucket;
import org.apophenia.apophenia.TimeAccount;
import org.apophenia.legion.Accessor;
import org.apophenia.legion.Field;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.Rect;
import org.apophenia.legion.TaskBody;
import org.apophenia.legion.TaskDefinition;
import org.apophenia.sim.Cost;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * The task bodies of the array library and their registration. A kernel is registered lazily once per
 * tile volume, because a task's simulated cost ({@link Cost#work}: flops and bytes) is fixed per task
 * definition; ids are handed out in first-use order, so they are deterministic for a program. Every
 * task has a CPU and a GPU variant running the same Java body. Bodies iterate over the points of their
 * tile; operands of an elementwise kernel have tiles of equal shape (possibly at different offsets:
 * shifted views), matched point by point in row-major order. Not thread-safe (registration happens on
 * the application thread; bodies are pure functions of their regions and arguments).
 */
final class Kernels {
  private final LegionRuntime runtime;
  private final Field f;
  private final TimeAccount account;
  private final Map<String, Integer> ids = new HashMap<>();
  private int next = 1000;

  Kernels(LegionRuntime runtime, Field f, TimeAccount account) {
    this.runtime = runtime;
    this.f = f;
    this.account = account;
  }

  /** The task id of {@code kernel} for tiles of {@code volume} points, registering it on first use. */
  int task(String kernel, long volume, double flopsPerPoint, double bytesPerPoint, TaskBody body) {
    String key = kernel + "@" + volume + "/" + flopsPerPoint + "/" + bytesPerPoint;
    Integer id = ids.get(key);
    if (id == null) {
      id = next++;
      Cost c = Cost.work(flopsPerPoint * volume, bytesPerPoint * volume);
      TaskBody timed = account.isOn() ? timed(body, account) : body;
      runtime.registerTask(TaskDefinition.cpu(id, kernel, timed, c).withVariant(ProcessorKind.GPU, timed, c));
      ids.put(key, id);
    }
    return id;
  }

  /** {@code body}, its run charged to {@link Bucket#KERNEL} (it runs on the issuing thread, in the simulator). */
  static TaskBody timed(TaskBody body, TimeAccount account) {
    return ctx -> {
      Bucket caller = account.enter(Bucket.KERNEL);
      try {
        return body.run(ctx);
      } finally {
        account.enter(caller);
      }
    };
  }

  // ------------------------------------------------------------------ bodies

  /** A cursor at {@code r}'s first point; {@link Rect#next} walks it in row-major order. */
  private static long[] pt(Rect r) {
    long[] p = new long[r.dim()];
    r.point(0, p);
    return p;
  }

  TaskBody binary(DoubleBinaryOperator op) {
    return ctx -> {
      Accessor o = ctx.accessor(0, f);
      Accessor a = ctx.accessor(1, f);
      Accessor b = ctx.accessor(2, f);
      Rect ro = o.bounds();
      Rect ra = a.bounds();
      Rect rb = b.bounds();
      long[] po = pt(ro);
      long[] pa = pt(ra);
      long[] pb = pt(rb);
      for (long i = 0, n = ro.volume(); i < n; i++) {
        o.setDouble(op.applyAsDouble(a.getDouble(pa), b.getDouble(pb)), po);
        ro.next(po);
        ra.next(pa);
        rb.next(pb);
      }
      return null;
    };
  }

  /** {@code out = op(a, s)}, or {@code op(s, a)} when argument 1 is true; the scalar is argument 0. */
  TaskBody binaryScalar(DoubleBinaryOperator op) {
    return ctx -> {
      double s = (Double) ctx.arg(0);
      boolean left = (Boolean) ctx.arg(1);
      Accessor o = ctx.accessor(0, f);
      Accessor a = ctx.accessor(1, f);
      Rect ro = o.bounds();
      Rect ra = a.bounds();
      long[] po = pt(ro);
      long[] pa = pt(ra);
      for (long i = 0, n = ro.volume(); i < n; i++) {
        double x = a.getDouble(pa);
        o.setDouble(left ? op.applyAsDouble(s, x) : op.applyAsDouble(x, s), po);
        ro.next(po);
        ra.next(pa);
      }
      return null;
    };
  }

  TaskBody unary(DoubleUnaryOperator op) {
    return ctx -> {
      Accessor o = ctx.accessor(0, f);
      Accessor a = ctx.accessor(1, f);
      Rect ro = o.bounds();
      Rect ra = a.bounds();
      long[] po = pt(ro);
      long[] pa = pt(ra);
      for (long i = 0, n = ro.volume(); i < n; i++) {
        o.setDouble(op.applyAsDouble(a.getDouble(pa)), po);
        ro.next(po);
        ra.next(pa);
      }
      return null;
    };
  }

  /** {@code out = cond != 0 ? a : b}. */
  TaskBody where() {
    return ctx -> {
      Accessor o = ctx.accessor(0, f);
      Accessor c = ctx.accessor(1, f);
      Accessor a = ctx.accessor(2, f);
      Accessor b = ctx.accessor(3, f);
      Rect ro = o.bounds();
      long[] po = pt(ro);
      long[] pc = pt(c.bounds());
      long[] pa = pt(a.bounds());
      long[] pb = pt(b.bounds());
      for (long i = 0, n = ro.volume(); i < n; i++) {
        o.setDouble(c.getDouble(pc) != 0 ? a.getDouble(pa) : b.getDouble(pb), po);
        ro.next(po);
        c.bounds().next(pc);
        a.bounds().next(pa);
        b.bounds().next(pb);
      }
      return null;
    };
  }

  /**
   * Point-wise generators over the array's linear index: argument 0 is the kind (0 fill, 1 arange,
   * 2 seeded uniform [0,1)), 1 and 2 its parameters, 3..5 the view's origin (row, col) and width.
   */
  TaskBody generate() {
    return ctx -> {
      int kind = (Integer) ctx.arg(0);
      double p1 = (Double) ctx.arg(1);
      double p2 = (Double) ctx.arg(2);
      long lo0 = (Long) ctx.arg(3);
      long lo1 = (Long) ctx.arg(4);
      long width = (Long) ctx.arg(5);
      Accessor o = ctx.accessor(0, f);
      Rect ro = o.bounds();
      long[] po = pt(ro);
      for (long i = 0, n = ro.volume(); i < n; i++) {
        long index = po.length == 1 ? po[0] - lo0 : (po[0] - lo0) * width + (po[1] - lo1);
        double v = switch (kind) {
          case 0 -> p1;
          case 1 -> p1 + p2 * index;
          default -> uniform(Double.doubleToRawLongBits(p1) + index);
        };
        o.setDouble(v, po);
        ro.next(po);
      }
      return null;
    };
  }

  /** SplitMix64 of {@code x}, as a double in [0, 1): a pure function, so any tiling gives the same data. */
  static double uniform(long x) {
    long z = x + 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    z = z ^ (z >>> 31);
    return (z >>> 11) * 0x1.0p-53;
  }

  /** Row block of {@code A} times the whole vector {@code x}: [out tile, A tile, x]. */
  TaskBody matvec() {
    return ctx -> {
      Accessor o = ctx.accessor(0, f);
      Accessor a = ctx.accessor(1, f);
      Accessor x = ctx.accessor(2, f);
      Rect ro = o.bounds();
      Rect ra = a.bounds();
      Rect rx = x.bounds();
      long cols = ra.hi(1) - ra.lo(1) + 1;
      for (long r = 0, rows = ro.volume(); r < rows; r++) {
        double s = 0;
        for (long j = 0; j < cols; j++) {
          s += a.getDouble(ra.lo(0) + r, ra.lo(1) + j) * x.getDouble(rx.lo(0) + j);
        }
        o.setDouble(s, ro.lo(0) + r);
      }
      return null;
    };
  }

  /** Row block of {@code A} times the whole matrix {@code B}: [out tile, A tile, B]. */
  TaskBody matmul() {
    return ctx -> {
      Accessor o = ctx.accessor(0, f);
      Accessor a = ctx.accessor(1, f);
      Accessor b = ctx.accessor(2, f);
      Rect ro = o.bounds();
      Rect ra = a.bounds();
      Rect rb = b.bounds();
      long rows = ro.hi(0) - ro.lo(0) + 1;
      long cols = ro.hi(1) - ro.lo(1) + 1;
      long inner = ra.hi(1) - ra.lo(1) + 1;
      for (long i = 0; i < rows; i++) {
        for (long j = 0; j < cols; j++) {
          double s = 0;
          for (long k = 0; k < inner; k++) {
            s += a.getDouble(ra.lo(0) + i, ra.lo(1) + k) * b.getDouble(rb.lo(0) + k, rb.lo(1) + j);
          }
          o.setDouble(s, ro.lo(0) + i, ro.lo(1) + j);
        }
      }
      return null;
    };
  }

  /** Rows of the transpose: [out tile, A whole]; arguments 0, 1: the out view's origin. */
  TaskBody transpose() {
    return ctx -> {
      long olo0 = (Long) ctx.arg(0);
      long olo1 = (Long) ctx.arg(1);
      Accessor o = ctx.accessor(0, f);
      Accessor a = ctx.accessor(1, f);
      Rect ro = o.bounds();
      Rect ra = a.bounds();
      long[] po = pt(ro);
      for (long i = 0, n = ro.volume(); i < n; i++) {
        o.setDouble(a.getDouble(ra.lo(0) + (po[1] - olo1), ra.lo(1) + (po[0] - olo0)), po);
        ro.next(po);
      }
      return null;
    };
  }

  /** The diagonal of a 2-D view: [out tile (1-D), A tile]; arguments 0, 1: A's view origin. */
  TaskBody diagExtract() {
    return ctx -> {
      long alo0 = (Long) ctx.arg(0);
      long alo1 = (Long) ctx.arg(1);
      Accessor o = ctx.accessor(0, f);
      Accessor a = ctx.accessor(1, f);
      Rect ro = o.bounds();
      Rect ra = a.bounds();
      for (long k = 0, n = ro.volume(); k < n; k++) {
        long row = ra.lo(0) + k;
        o.setDouble(a.getDouble(row, alo1 + (row - alo0)), ro.lo(0) + k);
      }
      return null;
    };
  }

  /** A square matrix with {@code v} on its diagonal: [out tile (2-D), v tile]; args: out view's origin. */
  TaskBody diagBuild() {
    return ctx -> {
      long olo0 = (Long) ctx.arg(0);
      long olo1 = (Long) ctx.arg(1);
      Accessor o = ctx.accessor(0, f);
      Accessor v = ctx.accessor(1, f);
      Rect ro = o.bounds();
      Rect rv = v.bounds();
      long[] po = pt(ro);
      for (long i = 0, n = ro.volume(); i < n; i++) {
        long row = po[0] - olo0;
        long col = po[1] - olo1;
        o.setDouble(row == col ? v.getDouble(rv.lo(0) + (po[0] - ro.lo(0))) : 0.0, po);
        ro.next(po);
      }
      return null;
    };
  }

  /**
   * The tile's partial reduction, as raw double bits: argument 0 is 0 sum, 1 max, 2 dot (two inputs),
   * 3 min.
   */
  TaskBody reduce() {
    return ctx -> {
      int kind = (Integer) ctx.arg(0);
      Accessor a = ctx.accessor(0, f);
      Accessor b = kind == 2 ? ctx.accessor(1, f) : null;
      Rect ra = a.bounds();
      long[] pa = pt(ra);
      long[] pb = pt(ra);
      double acc = kind == 1 ? Double.NEGATIVE_INFINITY : kind == 3 ? Double.POSITIVE_INFINITY : 0.0;
      for (long i = 0, n = ra.volume(); i < n; i++) {
        ra.point(i, pa);
        double x = a.getDouble(pa);
        if (kind == 0) {
          acc += x;
        } else if (kind == 1) {
          acc = Math.max(acc, x);
        } else if (kind == 3) {
          acc = Math.min(acc, x);
        } else {
          b.bounds().point(i, pb);
          acc += x * b.getDouble(pb);
        }
      }
      return Double.doubleToRawLongBits(acc);
    };
  }

  /**
   * A three-point stencil along dimension 0: [out tile, in ghost tile (halo 1)]; arguments: the
   * weights of the row above, the row itself and the row below. Missing neighbours at the array's
   * ends count as the row itself.
   */
  TaskBody stencil3() {
    return ctx -> {
      double wl = (Double) ctx.arg(0);
      double wc = (Double) ctx.arg(1);
      double wr = (Double) ctx.arg(2);
      long inLo0 = (Long) ctx.arg(3);
      long inHi0 = (Long) ctx.arg(4);
      Accessor o = ctx.accessor(0, f);
      Accessor in = ctx.accessor(1, f);
      Rect ro = o.bounds();
      long[] p = pt(ro);
      long[] q = pt(ro);
      for (long i = 0, n = ro.volume(); i < n; i++) {
        System.arraycopy(p, 0, q, 0, p.length);
        double c = in.getDouble(p);
        q[0] = p[0] - 1;
        double l = q[0] < inLo0 ? c : in.getDouble(q);
        q[0] = p[0] + 1;
        double r = q[0] > inHi0 ? c : in.getDouble(q);
        o.setDouble(wl * l + wc * c + wr * r, p);
        ro.next(p);
      }
      return null;
    };
  }

}
