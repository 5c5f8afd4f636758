package org.apophenia.samples.numpy;

/**
 * An N-dimensional NumPy array (float64, int64 or bool) living in a region: a {@link Geometry} over a
 * {@link Buffer}. Operations return new arrays (or views, where NumPy gives views: slicing,
 * transposition, contiguous reshapes) and issue index launches through the owning {@link Np}; nothing
 * waits except reading values back ({@link #toDoubles()}, {@link #item()}, ...).
 *
 * <p>Lifetime needs no calls: when the program holds no reference to an array or any of its views,
 * its buffer goes back to the pool at the end of the loop iteration (see {@link Lifetimes}); {@link Np#release}
 * frees earlier if the program wants. Not thread-safe: one application thread per {@link Np}.
 */
public final class NpArray {
  final Np np;
  final Buffer buffer;
  final Lifetimes.Owner owner;
  final Geometry geometry;
  final DType dtype;
  private final int generation;

  NpArray(Np np, Buffer buffer, Lifetimes.Owner owner, Geometry geometry, DType dtype) {
    this.np = np;
    this.buffer = buffer;
    this.owner = owner;
    this.geometry = geometry;
    this.dtype = dtype;
    this.generation = buffer == null ? 0 : buffer.generation;
  }

  /** A view of the same buffer (shares the owner, so it keeps the buffer alive). */
  NpArray view(Geometry g) {
    return new NpArray(np, buffer, owner, g, dtype);
  }

  public int[] shape() {
    return geometry.shape.clone();
  }

  public int ndim() {
    return geometry.ndim();
  }

  public long size() {
    return geometry.size();
  }

  public DType dtype() {
    return dtype;
  }

  /** Whether the buffer is still this array's (not released explicitly). */
  public boolean isAlive() {
    return buffer == null || !buffer.free && buffer.generation == generation;
  }

  // ------------------------------------------------------------------ indexing (views)

  /** {@code a[subscript]} as a view, e.g. {@code u.at("1:-1, 2:")}; integers drop their dimension. */
  public NpArray at(String subscript) {
    return np.index(this, Slice.parse(subscript));
  }

  /** {@code a[s0, s1, ...]} as a view. */
  public NpArray at(Slice... subscript) {
    return np.index(this, subscript);
  }

  /** {@code a[subscript] = value} (broadcast to the view's shape, converted to this dtype). */
  public void set(String subscript, NpArray value) {
    np.assign(np.index(this, Slice.parse(subscript)), value);
  }

  /** {@code a[subscript] = value}. */
  public void set(String subscript, double value) {
    np.assign(np.index(this, Slice.parse(subscript)), Operands.scalar(value));
  }

  /** {@code a[...] = value}: every element. */
  public void fill(double value) {
    np.assign(this, Operands.scalar(value));
  }

  /** {@code a.T}: the reversed axes, a view. */
  public NpArray T() {
    return np.transpose(this);
  }

  /** {@code a.reshape(shape)}: a view when this array is contiguous, else a copy; one extent may be -1. */
  public NpArray reshape(int... shape) {
    return np.reshape(this, shape);
  }

  /** {@code a.copy()}. */
  public NpArray copy() {
    return np.copy(this);
  }

  /** {@code a.astype(t)}: a converted copy (float to int truncates toward zero, as C casts do). */
  public NpArray astype(DType t) {
    return np.astype(this, t);
  }

  // ------------------------------------------------------------------ element-wise (Python operators)

  public NpArray add(NpArray o) { return np.binary(BinaryUfunc.ADD, this, o); }
  public NpArray add(double s) { return np.binary(BinaryUfunc.ADD, this, Operands.scalar(s)); }
  public NpArray add(long s) { return np.binary(BinaryUfunc.ADD, this, Operands.scalar(s)); }
  public NpArray sub(NpArray o) { return np.binary(BinaryUfunc.SUBTRACT, this, o); }
  public NpArray sub(double s) { return np.binary(BinaryUfunc.SUBTRACT, this, Operands.scalar(s)); }
  public NpArray sub(long s) { return np.binary(BinaryUfunc.SUBTRACT, this, Operands.scalar(s)); }
  /** {@code s - a}. */
  public NpArray rsub(double s) { return np.binary(BinaryUfunc.SUBTRACT, Operands.scalar(s), this); }
  public NpArray mul(NpArray o) { return np.binary(BinaryUfunc.MULTIPLY, this, o); }
  public NpArray mul(double s) { return np.binary(BinaryUfunc.MULTIPLY, this, Operands.scalar(s)); }
  public NpArray mul(long s) { return np.binary(BinaryUfunc.MULTIPLY, this, Operands.scalar(s)); }
  public NpArray div(NpArray o) { return np.binary(BinaryUfunc.TRUE_DIVIDE, this, o); }
  public NpArray div(double s) { return np.binary(BinaryUfunc.TRUE_DIVIDE, this, Operands.scalar(s)); }
  /** {@code s / a}. */
  public NpArray rdiv(double s) { return np.binary(BinaryUfunc.TRUE_DIVIDE, Operands.scalar(s), this); }
  public NpArray pow(NpArray o) { return np.binary(BinaryUfunc.POWER, this, o); }
  /** {@code a ** s}, with NumPy's exact fast paths for s in {2, 0.5, 1, -1}. */
  public NpArray pow(double s) { return np.power(this, s); }
  public NpArray lt(NpArray o) { return np.binary(BinaryUfunc.LESS, this, o); }
  public NpArray lt(double s) { return np.binary(BinaryUfunc.LESS, this, Operands.scalar(s)); }
  public NpArray le(NpArray o) { return np.binary(BinaryUfunc.LESS_EQUAL, this, o); }
  public NpArray le(double s) { return np.binary(BinaryUfunc.LESS_EQUAL, this, Operands.scalar(s)); }
  public NpArray gt(NpArray o) { return np.binary(BinaryUfunc.GREATER, this, o); }
  public NpArray gt(double s) { return np.binary(BinaryUfunc.GREATER, this, Operands.scalar(s)); }
  public NpArray ge(NpArray o) { return np.binary(BinaryUfunc.GREATER_EQUAL, this, o); }
  public NpArray ge(double s) { return np.binary(BinaryUfunc.GREATER_EQUAL, this, Operands.scalar(s)); }
  public NpArray eq(NpArray o) { return np.binary(BinaryUfunc.EQUAL, this, o); }
  public NpArray eq(double s) { return np.binary(BinaryUfunc.EQUAL, this, Operands.scalar(s)); }
  public NpArray ne(NpArray o) { return np.binary(BinaryUfunc.NOT_EQUAL, this, o); }
  public NpArray ne(double s) { return np.binary(BinaryUfunc.NOT_EQUAL, this, Operands.scalar(s)); }
  /** {@code a & o} (bool or int64 only, as in NumPy). */
  public NpArray and(NpArray o) { return np.binary(BinaryUfunc.BITWISE_AND, this, o); }
  /** {@code a | o}. */
  public NpArray or(NpArray o) { return np.binary(BinaryUfunc.BITWISE_OR, this, o); }
  /** {@code a ^ o}. */
  public NpArray xor(NpArray o) { return np.binary(BinaryUfunc.BITWISE_XOR, this, o); }
  /** {@code -a}. */
  public NpArray neg() { return np.unary(UnaryUfunc.NEGATIVE, this); }
  /** {@code ~a}. */
  public NpArray invert() { return np.unary(UnaryUfunc.INVERT, this); }

  // ------------------------------------------------------------------ reductions

  /** {@code a.sum()}: a 0-d array. */
  public NpArray sum() { return np.reduce(Reduction.SUM, this, null, false); }
  public NpArray sum(int axis) { return np.reduce(Reduction.SUM, this, axis, false); }
  public NpArray mean() { return np.reduce(Reduction.MEAN, this, null, false); }
  public NpArray mean(int axis) { return np.reduce(Reduction.MEAN, this, axis, false); }
  public NpArray max() { return np.reduce(Reduction.MAX, this, null, false); }
  public NpArray max(int axis) { return np.reduce(Reduction.MAX, this, axis, false); }
  public NpArray min() { return np.reduce(Reduction.MIN, this, null, false); }
  public NpArray min(int axis) { return np.reduce(Reduction.MIN, this, axis, false); }
  /** {@code a.<op>(axis=axis, keepdims=keepdims)}; a null axis reduces every element. */
  public NpArray reduce(Reduction op, Integer axis, boolean keepdims) { return np.reduce(op, this, axis, keepdims); }

  // ------------------------------------------------------------------ reading (blocking)

  /** The elements in row-major order as doubles (ints and bools converted); a blocking wait. */
  public double[] toDoubles() {
    long[] bits = np.read(this);
    double[] out = new double[bits.length];
    for (int i = 0; i < bits.length; i++) {
      out[i] = dtype.toDouble(bits[i]);
    }
    return out;
  }

  /** The elements' stored 64-bit patterns in row-major order (see {@link DType}); a blocking wait. */
  public long[] toBits() {
    return np.read(this);
  }

  /**
   * The one element of a size-1 array, as a double: a one-point launch whose value comes back as a
   * future (like a reduction's), then a blocking wait for it. Unlike {@link #toDoubles()} (an inline
   * mapping of the whole buffer, which invalidates the runtime's traced instances), it leaves the
   * traces of the surrounding loop intact.
   */
  public double item() {
    if (size() != 1) {
      throw new IllegalArgumentException("item: can only convert an array of size 1 to a Python scalar, got shape "
          + Shapes.str(geometry.shape));
    }
    return dtype.toDouble(np.itemBits(this));
  }

  @Override
  public String toString() {
    return "ndarray" + Shapes.str(geometry.shape) + " " + dtype + (buffer == null ? "" : " in " + buffer.root)
        + (isAlive() ? "" : " (released)");
  }
}
