package org.apophenia.samples.numpy;

import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.List;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Rect;
import org.apophenia.samples.array.ArrayContext;
import org.apophenia.samples.array.Extension;
import org.apophenia.samples.numpy.Operands.Scalar;

/**
 * The NumPy subset's module ({@code np} in ported programs) over an {@link ArrayContext}: creates
 * N-d arrays and runs NumPy's functions on them, each as index launches issued in the context's mode
 * (so {@code auto} mode traces them without the program saying anything). Arrays need no memory
 * calls: see {@link Lifetimes}. Every operation checks shapes, axes and dtypes first and throws an
 * IllegalArgumentException naming the function, the shapes (or dtypes) and the axis before anything is
 * issued. Structural functions (slicing, reshape, concatenate, stack, roll) are in {@link Structure},
 * computing ones here. Not thread-safe: one application thread.
 */
public final class Np {

  final ArrayContext ctx;
  private final Extension ext;
  private final LegionRuntime runtime;
  private final Pool pool = new Pool();
  private final Lifetimes lifetimes = new Lifetimes();
  final Launcher launcher;
  final Structure structure = new Structure(this);
  private final Reader reader;

  private final boolean collect;

  private Np(ArrayContext ctx, boolean collect) {
    this.ctx = ctx;
    this.collect = collect;
    this.ext = ctx.extension();
    this.runtime = ext.runtime();
    this.launcher = new Launcher(ext);
    this.reader = new Reader(ext);
  }

  /**
   * The module over {@code ctx}; its arrays use the context's field, tiling and mode, and unreachable
   * arrays' buffers are reused automatically ({@link Lifetimes}).
   */
  public static Np of(ArrayContext ctx) {
    return new Np(ctx, true);
  }

  /**
   * A module that frees buffers only when {@link #release} is called and never runs the collector:
   * for tests and short scripts where a fresh region per array costs less than collections.
   */
  public static Np withExplicitRelease(ArrayContext ctx) {
    return new Np(ctx, false);
  }

  /** The context operations are issued to. */
  public ArrayContext context() {
    return ctx;
  }

  // ------------------------------------------------------------------ creation

  public NpArray zeros(int... shape) {
    return full(0.0, shape);
  }

  public NpArray ones(int... shape) {
    return full(1.0, shape);
  }

  /** {@code np.full(shape, value)}: float64 for a double, int64 for a long, bool for a boolean. */
  public NpArray full(Object value, int... shape) {
    Scalar s = Operands.of(value) instanceof Scalar x ? x : null;
    if (s == null) {
      throw new IllegalArgumentException("full: the fill value must be a number or a boolean, got " + value);
    }
    NpArray out = alloc(shape, s.dtype());
    map("full", new Plan.Copy(), out, List.of(s), s.dtype());
    return out;
  }

  /** {@code np.zeros(shape, dtype)}. */
  public NpArray zeros(DType dtype, int... shape) {
    return full(dtype == DType.FLOAT64 ? (Object) 0.0 : dtype == DType.INT64 ? (Object) 0L : (Object) false, shape);
  }

  /** {@code np.arange(n)}: int64 0..n-1. */
  public NpArray arange(int n) {
    NpArray out = alloc(new int[] {n}, DType.INT64);
    map("arange", new Plan.Arange(0, 1), out, List.of(), DType.INT64);
    return out;
  }

  /** {@code np.linspace(start, stop, num)} with NumPy's formula: {@code i * step + start}, last = stop. */
  public NpArray linspace(double start, double stop, int num) {
    double[] v = new double[num];
    int div = num - 1;
    double delta = stop - start;
    double step = div > 0 ? delta / div : Double.NaN;
    for (int i = 0; i < num; i++) {
      v[i] = div == 0 ? i * delta + start : step == 0 ? i / (double) div * delta + start : i * step + start;
    }
    if (num > 1) {
      v[num - 1] = stop;
    }
    return array(v, num);
  }

  /** {@code np.array(values).reshape(shape)} (float64). */
  public NpArray array(double[] values, int... shape) {
    long[] bits = new long[values.length];
    for (int i = 0; i < bits.length; i++) {
      bits[i] = Double.doubleToRawLongBits(values[i]);
    }
    return fromBits(bits, DType.FLOAT64, shape);
  }

  /** An int64 array. */
  public NpArray array(long[] values, int... shape) {
    return fromBits(values.clone(), DType.INT64, shape);
  }

  /** A bool array. */
  public NpArray array(boolean[] values, int... shape) {
    long[] bits = new long[values.length];
    for (int i = 0; i < bits.length; i++) {
      bits[i] = values[i] ? 1 : 0;
    }
    return fromBits(bits, DType.BOOL, shape);
  }

  /** An array of {@code dtype} from its elements' stored bits in row-major order. */
  public NpArray fromBits(long[] bits, DType dtype, int... shape) {
    if (Geometry.size(shape) != bits.length) {
      throw new IllegalArgumentException("array: cannot reshape array of size " + bits.length + " into shape "
          + Shapes.str(shape));
    }
    NpArray out = alloc(shape, dtype);
    map("array", new Plan.Data(bits.clone()), out, List.of(), dtype);
    return out;
  }

  // ------------------------------------------------------------------ memory

  /** Frees {@code a}'s buffer now instead of when it becomes unreachable; optional. Its views die too. */
  public void release(NpArray a) {
    check("release", a);
    if (a.buffer != null) {
      lifetimes.forget(a.buffer);
      pool.release(a.buffer);
    }
  }

  /**
   * The end of one iteration of the program's main loop: buffers of arrays the program no longer
   * references go back to the pool (see {@link Lifetimes}). Called by the loop's driver (the sample
   * runner's adapter), not by the program; a no-op for {@link #withExplicitRelease} modules.
   */
  public void iterationBoundary() {
    if (collect) {
      lifetimes.collect(pool);
    }
  }

  /**
   * {@link #iterationBoundary()} for a program that keeps every array outliving an iteration in the
   * fields of {@code program} (directly or through its objects, arrays and collections): which arrays
   * died is then found by walking those fields, after the first boundaries checked it against a
   * collection (see {@link Lifetimes#collect(Pool, Object)}); a program the walk cannot follow gets
   * collections.
   */
  public void iterationBoundary(Object program) {
    if (collect) {
      lifetimes.collect(pool, program);
    }
  }

  /** {@code np.empty_like(a)}: same shape and dtype, contents unspecified (a reused buffer keeps old values). */
  public NpArray emptyLike(NpArray a) {
    check("empty_like", a);
    return alloc(a.geometry.shape, a.dtype);
  }

  /** What this module's memory did so far: regions made and reused, collections and walks, their cost. */
  public MemoryStats stats() {
    return new MemoryStats(pool, lifetimes);
  }

  NpArray alloc(int[] shape, DType dtype) {
    for (int e : shape) {
      if (e < 0) {
        throw new IllegalArgumentException("negative dimensions are not allowed: " + Shapes.str(shape));
      }
    }
    long size = Geometry.size(shape);
    Geometry g = Geometry.contiguous(shape);
    if (size == 0) {
      return new NpArray(this, null, null, g, dtype);
    }
    Buffer b = pool.take(size);
    if (b == null && collect && lifetimes.due() && lifetimes.collect(pool) > 0) {
      b = pool.take(size);
    }
    if (b == null) {
      LogicalRegion r = runtime.createRegion(runtime.createIndexSpace(Rect.of(0, size - 1)), ext.fieldSpace());
      b = new Buffer(runtime, r, size);
      pool.recordCreated();
      ctx.poolGrowth().regionCreated();
    }
    Lifetimes.Owner owner = new Lifetimes.Owner();
    if (collect) {
      lifetimes.watch(owner, b);
    }
    return new NpArray(this, b, owner, g, dtype);
  }

  // ------------------------------------------------------------------ operands

  void check(String op, NpArray a) {
    if (a.np != this) {
      throw new IllegalArgumentException(op + ": " + a + " belongs to another np module");
    }
    if (!a.isAlive()) {
      throw new IllegalStateException(op + ": " + a + " was released");
    }
  }

  // ------------------------------------------------------------------ element-wise

  /** {@code ufunc(a, b)} with broadcasting; a and b are arrays or Java numbers/booleans. */
  public NpArray binary(BinaryUfunc f, Object a, Object b) {
    Object x = Operands.of(a);
    Object y = Operands.of(b);
    checkAll(f.numpyName(), x, y);
    int[] shape = Shapes.broadcast(f.numpyName(), Operands.shape(x), Operands.shape(y));
    DType compute = f.computeType(Operands.dtype(x), Operands.dtype(y), Operands.shapes(x, y));
    NpArray out = alloc(shape, f.resultType(compute));
    map(f.numpyName(), new Plan.Binary(f), out, List.of(x, y), compute);
    Reference.reachabilityFence(x);
    Reference.reachabilityFence(y);
    return out;
  }

  /** {@code ufunc(a)}. */
  public NpArray unary(UnaryUfunc f, NpArray a) {
    check(f.numpyName(), a);
    DType compute = f.computeType(a.dtype, Shapes.str(a.geometry.shape));
    NpArray out = alloc(a.geometry.shape, f.resultType(compute));
    map(f.numpyName(), new Plan.Unary(f), out, List.of(a), compute);
    Reference.reachabilityFence(a);
    return out;
  }

  /** {@code a ** s}: NumPy's exact fast paths for float64 (square, sqrt, copy, reciprocal), else {@code power}. */
  public NpArray power(NpArray a, double s) {
    UnaryUfunc fast = BinaryUfunc.powerFastPath(s);
    if (fast != null && a.dtype == DType.FLOAT64) {
      return unary(fast, a);
    }
    return binary(BinaryUfunc.POWER, a, s);
  }

  /** {@code np.where(cond, a, b)}. */
  public NpArray where(Object cond, Object a, Object b) {
    Object c = Operands.of(cond);
    Object x = Operands.of(a);
    Object y = Operands.of(b);
    checkAll("where", c, x, y);
    int[] shape = Shapes.broadcast("where", Operands.shape(c), Operands.shape(x), Operands.shape(y));
    DType t = DType.promote(Operands.dtype(x), Operands.dtype(y));
    NpArray out = alloc(shape, t);
    map("where", new Plan.Where(), out, List.of(c, x, y), t);
    Reference.reachabilityFence(c);
    Reference.reachabilityFence(x);
    Reference.reachabilityFence(y);
    return out;
  }

  /** {@code np.clip(a, lo, hi)}: {@code minimum(maximum(a, lo), hi)}, NaN propagating. */
  public NpArray clip(Object a, Object lo, Object hi) {
    Object x = Operands.of(a);
    Object l = Operands.of(lo);
    Object h = Operands.of(hi);
    checkAll("clip", x, l, h);
    int[] shape = Shapes.broadcast("clip", Operands.shape(x), Operands.shape(l), Operands.shape(h));
    DType t = DType.promote(Operands.dtype(x), DType.promote(Operands.dtype(l), Operands.dtype(h)));
    NpArray out = alloc(shape, t);
    map("clip", new Plan.Clip(), out, List.of(x, l, h), t);
    Reference.reachabilityFence(x);
    Reference.reachabilityFence(l);
    Reference.reachabilityFence(h);
    return out;
  }

  public NpArray copy(NpArray a) {
    return astype(a, a.dtype);
  }

  public NpArray astype(NpArray a, DType t) {
    check("copy", a);
    NpArray out = alloc(a.geometry.shape, t);
    map("copy", new Plan.Copy(), out, List.of(a), a.dtype);
    Reference.reachabilityFence(a);
    return out;
  }

  /** {@code target[...] = value}: broadcast, converted to the target's dtype, through a copy if they overlap. */
  void assign(NpArray target, Object value) {
    Object v = Operands.of(value);
    checkAll("setitem", target, v);
    int[] shape = Shapes.broadcast("setitem", target.geometry.shape, Operands.shape(v));
    if (Operands.shape(v).length > target.ndim() || !java.util.Arrays.equals(shape, target.geometry.shape)) {
      throw new IllegalArgumentException("setitem: could not broadcast input array from shape " + Operands.shapes(v)
          + " into shape " + Operands.shapes(target));
    }
    if (v instanceof NpArray a && a.buffer != null && a.buffer == target.buffer
        && a.geometry.broadcastTo(target.geometry.shape).boundsIntersect(target.geometry)) {
      v = copy(a); // NumPy assigns as if from a copy when the source overlaps the target
    }
    map("setitem", new Plan.Copy(), target, List.of(v), Operands.dtype(v));
    Reference.reachabilityFence(v);
    Reference.reachabilityFence(target);
  }

  private void checkAll(String op, Object... xs) {
    for (Object x : xs) {
      if (x instanceof NpArray a) {
        check(op, a);
      }
    }
  }

  /** One element-wise launch writing {@code out} (any view) from inputs broadcast to its shape. */
  void map(String name, Plan.Func f, NpArray out, List<Object> inputs, DType compute) {
    if (out.size() == 0) {
      return;
    }
    List<Plan.Input> ins = new ArrayList<>();
    List<Launcher.Read> reads = new ArrayList<>();
    for (Object x : inputs) {
      if (x instanceof NpArray a) {
        Geometry g = a.geometry.broadcastTo(out.geometry.shape);
        reads.add(new Launcher.Read(a.buffer, g));
        ins.add(new Plan.Input(reads.size(), g, a.dtype, 0));
      } else {
        Scalar s = (Scalar) x;
        ins.add(Plan.Input.scalar(s.dtype(), s.bits()));
      }
    }
    Plan plan = new Plan.Map(out.geometry, out.dtype, ins, f, compute);
    launcher.launch(name, plan, out.buffer, out.geometry, out.geometry, out.size(), 1, reads, 1, 8.0 * (1 + reads.size()));
  }

  // ------------------------------------------------------------------ reading

  long[] read(NpArray a) {
    check("read", a);
    return reader.read(a);
  }

  long itemBits(NpArray a) {
    check("item", a);
    long bits = reader.itemBits(a);
    Reference.reachabilityFence(a);
    return bits;
  }

  // ------------------------------------------------------------------ delegated families

  public NpArray reduce(Reduction op, NpArray a, Integer axis, boolean keepdims) {
    return new Reductions(this).reduce(op, a, axis, keepdims);
  }

  public NpArray cumsum(NpArray a, Integer axis) {
    return new Reductions(this).cumsum(a, axis);
  }

  /** {@code a @ b} for 1-D and 2-D operands (NumPy's {@code matmul}; {@code dot} is the same there). */
  public NpArray matmul(NpArray a, NpArray b) {
    return new Reductions(this).matmul("matmul", a, b);
  }

  public NpArray dot(NpArray a, NpArray b) {
    return new Reductions(this).matmul("dot", a, b);
  }

  /** {@code np.linalg.norm(a)} (Frobenius / 2-norm of all elements): {@code sqrt(sum(a*a))} as float64. */
  public NpArray norm(NpArray a) {
    NpArray f = a.dtype == DType.FLOAT64 ? a : astype(a, DType.FLOAT64);
    NpArray flat = structure.reshape(f, new int[] {-1});
    return unary(UnaryUfunc.SQRT, dot(flat, flat));
  }

  NpArray index(NpArray a, Slice[] s) {
    return structure.index(a, s);
  }

  public NpArray transpose(NpArray a) {
    return structure.transpose(a);
  }

  public NpArray reshape(NpArray a, int... shape) {
    return structure.reshape(a, shape);
  }

  public NpArray concatenate(List<NpArray> arrays, int axis) {
    return structure.concatenate(arrays, axis);
  }

  public NpArray stack(List<NpArray> arrays, int axis) {
    return structure.stack(arrays, axis);
  }

  /** {@code np.roll(a, shift, axis)}; a null axis rolls the flattened array. */
  public NpArray roll(NpArray a, int shift, Integer axis) {
    return structure.roll(a, shift, axis);
  }
}
