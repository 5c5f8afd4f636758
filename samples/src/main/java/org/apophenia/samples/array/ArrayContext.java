package org.apophenia.samples.array;

import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.samples.adapter.RuntimeAdapter;

/**
 * The array library's entry point ({@code np} in the samples): makes arrays, names them and lets them
 * die, and computes reductions as futures. A program calls only this, {@link NdArray} and {@link
 * Scalar}, and never mentions tracing: every operation goes through the context's {@link
 * RuntimeAdapter}, which the driver built in the run's mode (none, manual or auto).
 *
 * <p>Lifetimes are explicit and deterministic, as Python's reference counting is (see {@link NdArray}):
 * a temporary dies when an operation consumes it, a named array ({@link #let}, {@link #rebind}) when it
 * is rebound or released; a dead array's region is reused by the next allocation of the same shape
 * (cuPyNumeric's allocator, {@link RegionPool}), so a loop issues the same regions every period.
 *
 * <p>Costs: one index launch of {@code min(tiles, rows)} points per operation; O(1) bookkeeping per
 * operation besides the runtime's analysis. Not thread-safe: one application thread per context, the
 * adapter's.
 */
public final class ArrayContext {
  private final Operations ops;
  private final Extension extension;

  private ArrayContext(RuntimeAdapter adapter, int tiles) {
    if (tiles < 1) {
      throw new IllegalArgumentException("tiles must be at least 1, got " + tiles);
    }
    LegionRuntime runtime = adapter.runtime();
    FieldSpace fieldSpace = runtime.createFieldSpace();
    Field field = fieldSpace.allocate("v", FieldType.DOUBLE);
    Kernels kernels = new Kernels(runtime, field, adapter.account());
    this.ops = new Operations(adapter, fieldSpace, field, kernels, tiles);
    this.extension = new Extension(adapter, kernels, fieldSpace, field, tiles);
  }

  /**
   * A context issuing its operations through {@code adapter} (in the adapter's mode, to the adapter's
   * runtime), cutting arrays into at most {@code tiles} row blocks.
   */
  public static ArrayContext create(RuntimeAdapter adapter, int tiles) {
    return new ArrayContext(adapter, tiles);
  }

  /**
   * A context issuing straight to {@code runtime}, without trace engine or Apophenia ({@code none}
   * mode): for tests and tools that only compute.
   */
  public static ArrayContext untraced(LegionRuntime runtime, int tiles) {
    return create(RuntimeAdapter.builder(runtime, Mode.NONE).build(), tiles);
  }

  // ------------------------------------------------------------------ arrays

  /** A new array of zeros. */
  public NdArray zeros(int... shape) {
    return full(0.0, shape);
  }

  /** A new array of ones. */
  public NdArray ones(int... shape) {
    return full(1.0, shape);
  }

  /** A new array of {@code shape} with every element {@code value}. */
  public NdArray full(double value, int... shape) {
    return ops.generate("full", 0, value, 0, Shape.of(shape));
  }

  /** {@code [start, start + step, ...]}, {@code n} elements. */
  public NdArray arange(double start, double step, int n) {
    return ops.generate("arange", 1, start, step, Shape.of(n));
  }

  /** Uniform doubles in [0, 1) from {@code seed}: the same values whatever the tiling or machine. */
  public NdArray random(long seed, int... shape) {
    return ops.generate("random", 2, Double.longBitsToDouble(seed * 0x9E3779B97F4A7C15L), 0, Shape.of(shape));
  }

  /** An array of {@code shape} whose contents are unspecified (a reused region keeps old values). */
  public NdArray empty(int... shape) {
    return ops.lifetimes.alloc(Shape.of(shape));
  }

  /** {@code cond != 0 ? a : b}, elementwise (NumPy's {@code where}). */
  public NdArray where(NdArray cond, NdArray a, NdArray b) {
    return ops.where(cond, a, b);
  }

  // ------------------------------------------------------------------ lifetimes

  /** Names temporary {@code a}: it now lives until rebound or released. Returns it. */
  public NdArray let(NdArray a) {
    return ops.lifetimes.let(a);
  }

  /**
   * {@code old = value}: names {@code value} (a temporary, or an array already named) and frees
   * {@code old}'s region, after, as Python does. Returns {@code value}.
   */
  public NdArray rebind(NdArray old, NdArray value) {
    return ops.lifetimes.rebind(old, value);
  }

  /** Frees a named array's region for reuse; its views die with it. */
  public void release(NdArray a) {
    ops.lifetimes.release(a);
  }

  // ------------------------------------------------------------------ reductions (futures; Scalar.get() waits)

  /** The sum of {@code a}'s elements. */
  public Scalar sum(NdArray a) {
    return ops.sum(a);
  }

  /** The largest element. */
  public Scalar max(NdArray a) {
    return ops.max(a);
  }

  /** The smallest element. */
  public Scalar min(NdArray a) {
    return ops.min(a);
  }

  /** The sum of the elementwise products of two arrays of one shape. */
  public Scalar dot(NdArray a, NdArray b) {
    return ops.dot(a, b);
  }

  /** The Euclidean norm. */
  public Scalar norm(NdArray a) {
    return ops.squares(a).map(Math::sqrt);
  }

  /** The mean of {@code a}'s elements. */
  public Scalar mean(NdArray a) {
    long n = a.shape().size();
    return ops.sum(a).map(x -> x / n);
  }

  // ------------------------------------------------------------------ for libraries built over this one

  /**
   * The regions the pools of this context's arrays had to create, and where: array libraries built
   * over it report theirs here too, and the driver reads the warnings after the loop.
   */
  public PoolGrowth poolGrowth() {
    return ops.lifetimes.growth;
  }

  /** The context's field, tiling, kernel registration and raw launches, for array libraries built over it. */
  public Extension extension() {
    return extension;
  }
}
