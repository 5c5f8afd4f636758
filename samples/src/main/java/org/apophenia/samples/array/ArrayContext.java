package org.apophenia.samples.array;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import org.apophenia.autotrace.ApopheniaSettings;
import org.apophenia.autotrace.accounting.Bucket;
import org.apophenia.autotrace.Interceptor;
import org.apophenia.autotrace.InterceptorListener;
import org.apophenia.autotrace.InterceptorStats;
import org.apophenia.autotrace.accounting.TimeAccount;
import org.apophenia.autotrace.TraceSink;
import org.apophenia.legion.api.Accessor;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.InlineRegion;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Projection;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.ReductionOp;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskBody;
import org.apophenia.replay.DynamicTracing;

/**
 * The array library's entry point ({@code np} in the samples): creates arrays, owns the region pool and
 * the kernels, and issues every operation to the runtime in the chosen {@link Mode}. In {@code none}
 * and {@code manual} modes operations go straight to the runtime; in {@code auto} mode they go through
 * an Apophenia {@link Interceptor} that finds the traces. Application programs never mention tracing:
 * only the sample driver calls {@link #beginManualTrace}/{@link #endManualTrace}, and only in
 * {@code manual} mode.
 *
 * <p>Allocation is cuPyNumeric's (see {@link RegionPool}): a dead array's region is reused by the next
 * allocation of the same shape, deterministically. When arrays die is explained in {@link NdArray}:
 * temporaries when consumed, named arrays when rebound or released.
 *
 * <p>Costs: one index launch of {@code min(tiles, rows)} points per operation; O(1) bookkeeping per
 * operation besides the runtime's analysis. Not thread-safe: one application thread per context.
 */
public final class ArrayContext implements AutoCloseable {
  private static final ReductionOp SUM = ReductionOp.sumDouble();
  private static final ReductionOp MAX = new ReductionOp("max-double", Double.doubleToRawLongBits(
      Double.NEGATIVE_INFINITY), (a, b) -> Double.doubleToRawLongBits(Math.max(Double.longBitsToDouble(a),
      Double.longBitsToDouble(b))));
  private static final ReductionOp MIN = new ReductionOp("min-double", Double.doubleToRawLongBits(
      Double.POSITIVE_INFINITY), (a, b) -> Double.doubleToRawLongBits(Math.min(Double.longBitsToDouble(a),
      Double.longBitsToDouble(b))));

  private final LegionRuntime runtime;
  private final Mode mode;
  private final int tiles;
  private final FieldSpace fieldSpace;
  private final Field field;
  private final Kernels kernels;
  private final RegionPool pool = new RegionPool();
  private final RuntimeSink sink;
  private final Interceptor<ArrayOp> apophenia;
  private final DynamicTracing engine;
  private final long createdNanos = System.nanoTime();
  private final TimeAccount account = TimeAccount.started();
  private long issued;
  private boolean closed;

  private ArrayContext(LegionRuntime runtime, Mode mode, int tiles, ApopheniaSettings config,
      InterceptorListener listener, TraceSink<ArrayOp> observer) {
    if (tiles < 1) {
      throw new IllegalArgumentException("tiles must be at least 1, got " + tiles);
    }
    this.runtime = runtime;
    this.mode = mode;
    this.tiles = tiles;
    this.fieldSpace = runtime.createFieldSpace();
    this.field = fieldSpace.allocate("v", FieldType.DOUBLE);
    this.kernels = new Kernels(runtime, field, account);
    this.engine = mode == Mode.NONE ? null : TraceEngines.create();
    if (engine != null) {
      runtime.setTraceEngine(engine);
    }
    this.sink = new RuntimeSink(runtime, engine, observer, account);
    this.apophenia = mode == Mode.AUTO
        ? Interceptor.builder(ArrayTokenizer.INSTANCE, sink).settings(config).listener(listener).account(account).build()
        : null;
  }

  /**
   * A context issuing to {@code runtime} in {@code mode}, cutting arrays into at most {@code tiles}
   * row blocks. {@code config} and {@code listener} configure Apophenia ({@code auto} mode only);
   * {@code observer}, if not null, sees every operation and marker the runtime receives.
   */
  public static ArrayContext create(LegionRuntime runtime, Mode mode, int tiles, ApopheniaSettings config,
      InterceptorListener listener, TraceSink<ArrayOp> observer) {
    return new ArrayContext(runtime, mode, tiles, config, listener, observer);
  }

  /** A context with Apophenia's default settings and no observers. */
  public static ArrayContext create(LegionRuntime runtime, Mode mode, int tiles) {
    return create(runtime, mode, tiles, ApopheniaSettings.defaults(), InterceptorListener.NONE, null);
  }

  public Mode mode() {
    return mode;
  }

  public LegionRuntime runtime() {
    return runtime;
  }

  // ------------------------------------------------------------------ creation (temporaries)

  public NdArray zeros(int... shape) {
    return full(0.0, shape);
  }

  public NdArray ones(int... shape) {
    return full(1.0, shape);
  }

  public NdArray full(double value, int... shape) {
    return generate("full", 0, value, 0, Shape.of(shape));
  }

  /** {@code [start, start + step, ...]}, {@code n} elements. */
  public NdArray arange(double start, double step, int n) {
    return generate("arange", 1, start, step, Shape.of(n));
  }

  /** Uniform doubles in [0, 1) from {@code seed}: the same values whatever the tiling or machine. */
  public NdArray random(long seed, int... shape) {
    return generate("random", 2, Double.longBitsToDouble(seed * 0x9E3779B97F4A7C15L), 0, Shape.of(shape));
  }

  /** An array of {@code shape} whose contents are unspecified (a reused region keeps old values). */
  public NdArray empty(int... shape) {
    return alloc(Shape.of(shape));
  }

  private NdArray generate(String name, int kind, double p1, double p2, Shape shape) {
    NdArray out = alloc(shape);
    fillInto(name, out, kind, p1, p2);
    return out;
  }

  private void fillInto(String name, NdArray out, int kind, double p1, double p2) {
    Storage.Tiled t = out.storage.tiled(out.rect);
    long vol = t.tiles().subregion(0).bounds().volume();
    int id = kernels.task(name, vol, kind == 2 ? 8 : 1, 8, kernels.generate());
    long lo1 = out.rect.dim() == 2 ? out.rect.lo(1) : 0;
    long width = out.rect.dim() == 2 ? out.rect.hi(1) - out.rect.lo(1) + 1 : 0;
    issue(new ArrayOp.IndexTask(id, name, domain(t), List.of(writeReq(out)), List.of(kind, p1, p2, out.rect.lo(0), lo1,
        width), null, null));
  }

  // ------------------------------------------------------------------ lifetimes

  /** Names temporary {@code a}: it now lives until rebound or released. Returns it. */
  public NdArray let(NdArray a) {
    check(a);
    if (a.kind != NdArray.Kind.TEMPORARY) {
      throw new IllegalArgumentException("let needs a temporary (an operation's result), got " + a
          + "; use copy() to duplicate a named array");
    }
    a.kind = NdArray.Kind.NAMED;
    return a;
  }

  /**
   * {@code old = value}: names {@code value} (a temporary, or an array already named) and frees
   * {@code old}'s region, after, as Python does.
   */
  public NdArray rebind(NdArray old, NdArray value) {
    check(value);
    if (value.kind != NdArray.Kind.NAMED) {
      let(value);
    }
    release(old);
    return value;
  }

  /** Frees a named array's region for reuse; its views die with it. */
  public void release(NdArray a) {
    check(a);
    if (a.kind != NdArray.Kind.NAMED) {
      throw new IllegalArgumentException("only named arrays are released, got " + a);
    }
    pool.release(a.storage);
  }

  // ------------------------------------------------------------------ operations

  NdArray binary(String name, DoubleBinaryOperator op, NdArray a, NdArray b) {
    sameShape(name, a, b);
    NdArray out = alloc(a.shape());
    Storage.Tiled t = out.storage.tiled(out.rect);
    int id = kernels.task(name, volume(t), 1, 24, kernels.binary(op));
    issue(new ArrayOp.IndexTask(id, name, domain(t), List.of(writeReq(out), readReq(a), readReq(b)), List.of(), null, null),
        a, b);
    return out;
  }

  NdArray binaryScalar(String name, DoubleBinaryOperator op, NdArray a, double s, boolean left) {
    check(a);
    NdArray out = alloc(a.shape());
    Storage.Tiled t = out.storage.tiled(out.rect);
    int id = kernels.task(name + "-scalar", volume(t), 1, 16, kernels.binaryScalar(op));
    issue(new ArrayOp.IndexTask(id, name, domain(t), List.of(writeReq(out), readReq(a)), List.of(s, left), null, null),
        a);
    return out;
  }

  NdArray unary(String name, DoubleUnaryOperator op, NdArray a) {
    check(a);
    NdArray out = alloc(a.shape());
    Storage.Tiled t = out.storage.tiled(out.rect);
    int id = kernels.task(name, volume(t), 1, 16, kernels.unary(op));
    issue(new ArrayOp.IndexTask(id, name, domain(t), List.of(writeReq(out), readReq(a)), List.of(), null, null), a);
    return out;
  }

  /** {@code cond != 0 ? a : b}, elementwise (NumPy's {@code where}). */
  public NdArray where(NdArray cond, NdArray a, NdArray b) {
    sameShape("where", cond, a);
    sameShape("where", a, b);
    NdArray out = alloc(a.shape());
    Storage.Tiled t = out.storage.tiled(out.rect);
    int id = kernels.task("where", volume(t), 1, 32, kernels.where());
    issue(new ArrayOp.IndexTask(id, "where", domain(t), List.of(writeReq(out), readReq(cond), readReq(a), readReq(b)), List.of(),
        null, null), cond, a, b);
    return out;
  }

  void assign(NdArray target, NdArray value) {
    checkTarget(target);
    sameShape("assign", target, value);
    Storage.Tiled t = target.storage.tiled(target.rect);
    int id = kernels.task("copy", volume(t), 0, 16, kernels.unary(x -> x));
    issue(new ArrayOp.IndexTask(id, "assign", domain(t), List.of(writeReq(target), readReq(value)), List.of(), null, null),
        value);
  }

  void fill(NdArray target, double s) {
    checkTarget(target);
    fillInto("full", target, 0, s, 0);
  }

  NdArray matmul(NdArray a, NdArray b) {
    check(a);
    check(b);
    Shape sa = a.shape();
    Shape sb = b.shape();
    if (sa.dims() != 2 || sa.cols() != sb.rows()) {
      throw new IllegalArgumentException("matmul: shapes " + sa + " and " + sb + " are not aligned");
    }
    boolean vector = sb.dims() == 1;
    NdArray out = alloc(vector ? Shape.of(sa.rows()) : Shape.of(sa.rows(), sb.cols()));
    Storage.Tiled t = out.storage.tiled(out.rect);
    Storage.Tiled tb = b.storage.tiled(b.rect);
    RegionRequirement whole = RegionRequirement.of(tb.region(), Privilege.READ_ONLY, b.storage.root, field);
    int k = sa.cols();
    int id = vector ? kernels.task("matvec", volume(t), 2.0 * k, 8.0 * (k + 1), kernels.matvec())
        : kernels.task("matmul", volume(t), 2.0 * k, 8.0 * (k + 1), kernels.matmul());
    issue(new ArrayOp.IndexTask(id, vector ? "matvec" : "matmul", domain(t), List.of(writeReq(out), readReq(a), whole),
        List.of(), null, null), a, b);
    return out;
  }

  NdArray transpose(NdArray a) {
    check(a);
    Shape s = a.shape();
    if (s.dims() != 2) {
      throw new IllegalArgumentException("transpose needs a 2-D array, got " + s);
    }
    NdArray out = alloc(Shape.of(s.cols(), s.rows()));
    Storage.Tiled t = out.storage.tiled(out.rect);
    Storage.Tiled ta = a.storage.tiled(a.rect);
    RegionRequirement whole = RegionRequirement.of(ta.region(), Privilege.READ_ONLY, a.storage.root, field);
    int id = kernels.task("transpose", volume(t), 0, 16, kernels.transpose());
    issue(new ArrayOp.IndexTask(id, "transpose", domain(t), List.of(writeReq(out), whole), List.of(0L, 0L), null, null),
        a);
    return out;
  }

  NdArray diag(NdArray a) {
    check(a);
    Shape s = a.shape();
    if (s.dims() == 2) {
      if (s.rows() != s.cols()) {
        throw new IllegalArgumentException("diag needs a square matrix, got " + s);
      }
      NdArray out = alloc(Shape.of(s.rows()));
      Storage.Tiled t = out.storage.tiled(out.rect);
      int id = kernels.task("diag", volume(t), 0, 16, kernels.diagExtract());
      issue(new ArrayOp.IndexTask(id, "diag", domain(t), List.of(writeReq(out), readReq(a)),
          List.of(a.rect.lo(0), a.rect.lo(1)), null, null), a);
      return out;
    }
    NdArray out = alloc(Shape.of(s.rows(), s.rows()));
    Storage.Tiled t = out.storage.tiled(out.rect);
    int id = kernels.task("diag-matrix", volume(t), 0, 8, kernels.diagBuild());
    issue(new ArrayOp.IndexTask(id, "diag", domain(t), List.of(writeReq(out), readReq(a)), List.of(0L, 0L), null, null), a);
    return out;
  }

  NdArray stencil(NdArray a, double wUp, double w, double wDown) {
    check(a);
    if (!a.rect.equals(a.storage.root.bounds())) {
      throw new IllegalArgumentException("stencil needs a whole array, not a view: " + a);
    }
    NdArray out = alloc(a.shape());
    Storage.Tiled t = out.storage.tiled(out.rect);
    RegionRequirement ghosts = RegionRequirement.projected(a.storage.ghosts(a.rect, 1), Projection.IDENTITY,
        Privilege.READ_ONLY, a.storage.root, field);
    int id = kernels.task("stencil", volume(t), 5, 16, kernels.stencil3());
    issue(new ArrayOp.IndexTask(id, "stencil", domain(t), List.of(writeReq(out), ghosts),
        List.of(wUp, w, wDown, a.rect.lo(0), a.rect.hi(0)), null, null), a);
    return out;
  }

  NdArray view(NdArray a, int r0, int r1, int c0, int c1) {
    check(a);
    if (a.kind == NdArray.Kind.TEMPORARY) {
      throw new IllegalArgumentException("cannot view a temporary (it would die when consumed); name it with let");
    }
    Shape s = a.shape();
    boolean two = s.dims() == 2;
    if (r0 < 0 || r1 > s.rows() || r0 >= r1 || two && (c0 < 0 || c1 > s.cols() || c0 >= c1)) {
      throw new IndexOutOfBoundsException("view [" + r0 + ":" + r1 + (two ? ", " + c0 + ":" + c1 : "")
          + "] is not a non-empty part of " + s);
    }
    Rect r = two ? Rect.of(a.rect.lo(0) + r0, a.rect.lo(1) + c0, a.rect.lo(0) + r1 - 1, a.rect.lo(1) + c1 - 1)
        : Rect.of(a.rect.lo(0) + r0, a.rect.lo(0) + r1 - 1);
    return new NdArray(this, a.storage, r, NdArray.Kind.VIEW);
  }

  NdArray shifted(NdArray a, int dr, int dc) {
    check(a);
    if (a.kind == NdArray.Kind.TEMPORARY) {
      throw new IllegalArgumentException("cannot view a temporary (it would die when consumed); name it with let");
    }
    Rect r = a.rect.dim() == 2 ? Rect.of(a.rect.lo(0) + dr, a.rect.lo(1) + dc, a.rect.hi(0) + dr, a.rect.hi(1) + dc)
        : Rect.of(a.rect.lo(0) + dr, a.rect.hi(0) + dr);
    if (!a.storage.root.bounds().contains(r)) {
      throw new IndexOutOfBoundsException("shifting " + a + " by (" + dr + ", " + dc + ") leaves the array");
    }
    return new NdArray(this, a.storage, r, NdArray.Kind.VIEW);
  }

  // ------------------------------------------------------------------ reductions (futures)

  public Scalar sum(NdArray a) {
    return reduce("sum", 0, SUM, a, null);
  }

  public Scalar max(NdArray a) {
    return reduce("max", 1, MAX, a, null);
  }

  public Scalar min(NdArray a) {
    return reduce("min", 3, MIN, a, null);
  }

  public Scalar dot(NdArray a, NdArray b) {
    sameShape("dot", a, b);
    return reduce("dot", 2, SUM, a, b);
  }

  /** The Euclidean norm. */
  public Scalar norm(NdArray a) {
    return reduce("dot", 2, SUM, a, a).map(Math::sqrt);
  }

  public Scalar mean(NdArray a) {
    long n = a.shape().size();
    return sum(a).map(x -> x / n);
  }

  private Scalar reduce(String name, int kind, ReductionOp red, NdArray a, NdArray b) {
    check(a);
    Storage.Tiled t = a.storage.tiled(a.rect);
    List<RegionRequirement> reqs = new ArrayList<>(List.of(readReq(a)));
    if (b != null) {
      check(b);
      reqs.add(readReq(b));
    }
    int id = kernels.task(name, volume(t), b == null ? 1 : 2, b == null ? 8 : 16, kernels.reduce());
    ArrayOp.ResultSlot slot = new ArrayOp.ResultSlot();
    issue(new ArrayOp.IndexTask(id, name, domain(t), reqs, List.of(kind), red, slot), a, b);
    return new Scalar(this, slot, x -> x);
  }

  // ------------------------------------------------------------------ extension point

  /**
   * For array libraries built over this context (the N-d library in {@code samples.numpy}): the
   * maximum number of tiles an operation is cut into.
   */
  public int tiles() {
    return tiles;
  }

  /** The field space of every array region of this context. */
  public FieldSpace fieldSpace() {
    return fieldSpace;
  }

  /** The one 64-bit field every array region stores its elements in. */
  public Field field() {
    return field;
  }

  /**
   * The task id of {@code kernel} for tiles of {@code volume} points, registered (with its simulated
   * cost and the kernel time accounting) on first use; a later call with the same name, volume and
   * costs returns the same id and ignores {@code body}, so a body must read everything it varies on
   * from its arguments.
   */
  public int registerKernel(String kernel, long volume, double flopsPerPoint, double bytesPerPoint, TaskBody body) {
    return kernels.task(kernel, volume, flopsPerPoint, bytesPerPoint, body);
  }

  /**
   * Issues one index launch in this context's mode (through Apophenia in {@code auto} mode), counted
   * like the built-in operations. {@code args} are not part of the operation's token.
   */
  public void issueIndexTask(int taskId, String name, Rect domain, List<RegionRequirement> requirements,
      List<Object> args) {
    issue(new ArrayOp.IndexTask(taskId, name, domain, requirements, args, null, null));
  }

  /**
   * Issues one index launch whose points' values (longs) are folded by {@code reduction} into a
   * future, like the built-in reductions; the returned supplier is the blocking wait for it (an
   * untraceable point only if the launch is still buffered by Apophenia or a trace is open).
   */
  public java.util.function.LongSupplier issueValueTask(int taskId, String name, Rect domain,
      List<RegionRequirement> requirements, List<Object> args, ReductionOp reduction) {
    ArrayOp.ResultSlot slot = new ArrayOp.ResultSlot();
    issue(new ArrayOp.IndexTask(taskId, name, domain, requirements, args, reduction, slot));
    return () -> {
      waitFor(slot);
      if (slot.future() == null) {
        throw new IllegalStateException(name + " was not forwarded to the runtime before the wait");
      }
      return (Long) slot.future().get();
    };
  }

  /**
   * The application is about to read, through an inline mapping, what operation {@code opIndex}
   * (program order, see {@link #opsIssued()}) wrote: as for a future ({@link #waitFor}), this is an
   * untraceable blocking point only if that operation has not reached the runtime yet or a trace is
   * open; otherwise it just waits.
   */
  public void awaitIssued(long opIndex) {
    waitOn(sink.ops <= opIndex);
  }

  // ------------------------------------------------------------------ blocking

  /**
   * The application is about to wait for {@code slot}'s future. As in Legion, only a wait on an
   * operation Apophenia still buffers is untraceable: then every pending operation is forwarded (and
   * the repeat being matched is broken). A wait on an operation already issued, outside any trace,
   * just waits.
   */
  void waitFor(ArrayOp.ResultSlot slot) {
    waitOn(slot.future() == null);
  }

  /**
   * A wait on an operation's result: a break if Apophenia still buffers it ({@code buffered}) or a
   * trace is open, else only a note of where the program paused ({@code Interceptor.waited}).
   */
  private void waitOn(boolean buffered) {
    if (buffered || runtime.openTrace() >= 0) {
      blockingWait();
    } else if (apophenia != null && !closed) {
      apophenia.waited();
    }
  }

  /** Every issued operation reaches the runtime; an untraceable point for Apophenia (call before an inline read). */
  public void blockingWait() {
    if (apophenia != null && !closed) {
      apophenia.blockingWait();
    }
  }

  double[] read(NdArray a) {
    check(a);
    blockingWait();
    Storage.Tiled t = a.storage.tiled(a.rect);
    InlineRegion ir = runtime.inlineMap(RegionRequirement.of(t.region(), Privilege.READ_ONLY, a.storage.root, field));
    Accessor acc = ir.accessor(field);
    double[] out = new double[Math.toIntExact(a.rect.volume())];
    long[] p = new long[a.rect.dim()];
    for (int i = 0; i < out.length; i++) {
      a.rect.point(i, p);
      out[i] = acc.getDouble(p);
    }
    consume(a);
    return out;
  }

  // ------------------------------------------------------------------ markers (driver only)

  /** {@code tbegin(id)} of a hand-placed annotation; only in {@code manual} mode. */
  public void beginManualTrace(int id) {
    requireManual();
    sink.beginTrace(id);
  }

  /** {@code tend(id)} of a hand-placed annotation; only in {@code manual} mode. */
  public void endManualTrace(int id) {
    requireManual();
    sink.endTrace(id);
  }

  private void requireManual() {
    if (mode != Mode.MANUAL) {
      throw new IllegalStateException("hand-placed trace annotations are only issued in manual mode, not " + mode);
    }
  }

  // ------------------------------------------------------------------ statistics

  /** Operations issued by the program so far (the index of the next one). */
  public long opsIssued() {
    return issued;
  }

  /** Whether operation {@code index} (program order) was issued inside a replayed trace occurrence. */
  public boolean isReplayed(long index) {
    return sink.replayed.get(Math.toIntExact(index));
  }

  /** Whether operation {@code index} was issued inside trace markers. */
  public boolean isTraced(long index) {
    return sink.traced.get(Math.toIntExact(index));
  }

  /** Apophenia's own counters (mining jobs, waits, mining CPU), or null outside {@code auto} mode. */
  public InterceptorStats interceptorStats() {
    return apophenia == null ? null : apophenia.stats();
  }

  /** The counters as of now (call after {@link #close()} for the final ones). */
  public IssueCounts stats() {
    long[] t = account.snapshot(TimeAccount.newSnapshot());
    long frontDoor = Bucket.frontDoor(t);
    long apopheniaNanos = Bucket.apophenia(t);
    return new IssueCounts(issued, sink.ops, sink.tracedOps, sink.replayedOps, sink.tracesRecorded(), sink.replays,
        frontDoor, apopheniaNanos, sink.longestTrace, pool.regions(), pool.reuses(), sink.tracesNeverReplayed());
  }

  /**
   * The trace engine this context installed in its runtime ({@code manual} and {@code auto} modes), or
   * null in {@code none} mode; its statistics say what it recorded and replayed.
   */
  public DynamicTracing traceEngine() {
    return engine;
  }

  /** {@link System#nanoTime()} when this context was created, just before its time account started. */
  public long createdNanos() {
    return createdNanos;
  }

  /**
   * The issuing thread's time account since this context was created: every nanosecond of the
   * thread in one {@link Bucket} (tokenize, match and ingest in Apophenia, analysis and replay in
   * the runtime's front door, kernel in the tasks' bodies, observe in reports, other elsewhere).
   * Valid only while the context is used from the thread that created it.
   */
  public TimeAccount account() {
    return account;
  }

  /**
   * End of the traced program: forwards everything still pending in Apophenia and stops its mining.
   * The context stays usable; later operations go straight to the runtime, untraced.
   */
  @Override
  public void close() {
    if (!closed && apophenia != null) {
      apophenia.close();
    }
    closed = true;
  }

  // ------------------------------------------------------------------ internals

  private NdArray alloc(Shape shape) {
    Storage s = pool.take(shape);
    if (s == null) {
      s = new Storage(runtime, runtime.createRegion(runtime.createIndexSpace(shape.rect()), fieldSpace), field, shape,
          tiles);
      pool.created(s);
    }
    return new NdArray(this, s, s.root.bounds(), NdArray.Kind.TEMPORARY);
  }

  private void issue(ArrayOp op, NdArray... inputs) {
    issued++;
    if (apophenia != null && !closed) {
      apophenia.execute(op);
    } else {
      sink.op(op);
    }
    for (int i = 0; i < inputs.length; i++) {
      NdArray a = inputs[i];
      boolean dup = false;
      for (int j = 0; j < i; j++) {
        dup |= inputs[j] == a;
      }
      if (a != null && !dup) {
        consume(a);
      }
    }
  }

  private void consume(NdArray a) {
    if (a.kind == NdArray.Kind.TEMPORARY && a.isAlive()) {
      pool.release(a.storage);
    }
  }

  private void check(NdArray a) {
    if (a.context != this) {
      throw new IllegalArgumentException(a + " belongs to another array context");
    }
    if (!a.isAlive()) {
      throw new IllegalStateException(a + " is dead: a temporary is consumed by its first use and a named array"
          + " dies when rebound or released (name a temporary with let to use it twice)");
    }
  }

  private void checkTarget(NdArray target) {
    check(target);
    if (target.kind == NdArray.Kind.TEMPORARY) {
      throw new IllegalArgumentException("assigning into a temporary has no effect anyone can see; name it first");
    }
  }

  private void sameShape(String op, NdArray a, NdArray b) {
    check(a);
    check(b);
    if (!a.shape().equals(b.shape())) {
      throw new IllegalArgumentException(op + ": shapes " + a.shape() + " and " + b.shape() + " differ");
    }
  }

  private static long volume(Storage.Tiled t) {
    return t.tiles().subregion(0).bounds().volume();
  }

  private static Rect domain(Storage.Tiled t) {
    return Rect.of(0, t.count() - 1);
  }

  private RegionRequirement writeReq(NdArray a) {
    return RegionRequirement.projected(a.storage.tiled(a.rect).tiles(), Projection.IDENTITY, Privilege.WRITE_DISCARD,
        a.storage.root, field);
  }

  private RegionRequirement readReq(NdArray a) {
    return RegionRequirement.projected(a.storage.tiled(a.rect).tiles(), Projection.IDENTITY, Privilege.READ_ONLY,
        a.storage.root, field);
  }
}
