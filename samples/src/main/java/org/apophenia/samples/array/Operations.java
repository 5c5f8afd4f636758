package org.apophenia.samples.array;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.Accessor;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.InlineRegion;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Projection;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.ReductionOp;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.samples.adapter.ArrayOp;
import org.apophenia.samples.adapter.RuntimeAdapter;

/**
 * The array library's operations as runtime launches: each method checks its operands, makes the
 * result array ({@link ArrayLifetimes}), builds one {@link ArrayOp} (an index launch over the result's
 * tiles: the kernel's task id from {@link Kernels}, the operands' region requirements, the scalar
 * arguments), hands it to the adapter, and lets the temporaries it consumed die. It computes nothing
 * itself: the kernels do, when the runtime runs the launch.
 *
 * <p>Requirements: the result is written whole ({@code WRITE_DISCARD}) tile by tile, elementwise
 * operands are read tile by tile through the same identity projection, and operands every tile reads
 * whole (the vector of a matrix–vector product, a transpose's input) are one region requirement.
 * O(1) per operation besides building the requirements' lists (one per operand). Not thread-safe.
 */
final class Operations {
  private static final ReductionOp SUM = ReductionOp.sumDouble();
  private static final ReductionOp MAX = new ReductionOp("max-double", Double.doubleToRawLongBits(
      Double.NEGATIVE_INFINITY), (a, b) -> Double.doubleToRawLongBits(Math.max(Double.longBitsToDouble(a),
      Double.longBitsToDouble(b))));
  private static final ReductionOp MIN = new ReductionOp("min-double", Double.doubleToRawLongBits(
      Double.POSITIVE_INFINITY), (a, b) -> Double.doubleToRawLongBits(Math.min(Double.longBitsToDouble(a),
      Double.longBitsToDouble(b))));

  private final RuntimeAdapter adapter;
  private final LegionRuntime runtime;
  private final Field field;
  private final Kernels kernels;
  final ArrayLifetimes lifetimes;

  Operations(RuntimeAdapter adapter, FieldSpace fieldSpace, Field field, Kernels kernels, int tiles) {
    this.adapter = adapter;
    this.runtime = adapter.runtime();
    this.field = field;
    this.kernels = kernels;
    this.lifetimes = new ArrayLifetimes(this, runtime, fieldSpace, field, tiles);
  }

  // ------------------------------------------------------------------ generators

  /** A new array of {@code shape} filled by generator {@code kind} (0 fill, 1 arange, 2 seeded uniform). */
  NdArray generate(String name, int kind, double p1, double p2, Shape shape) {
    NdArray out = lifetimes.alloc(shape);
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

  // ------------------------------------------------------------------ elementwise

  NdArray binary(String name, DoubleBinaryOperator op, NdArray a, NdArray b) {
    sameShape(name, a, b);
    NdArray out = lifetimes.alloc(a.shape());
    Storage.Tiled t = out.storage.tiled(out.rect);
    int id = kernels.task(name, volume(t), 1, 24, kernels.binary(op));
    issue(new ArrayOp.IndexTask(id, name, domain(t), List.of(writeReq(out), readReq(a), readReq(b)), List.of(), null, null),
        a, b);
    return out;
  }

  NdArray binaryScalar(String name, DoubleBinaryOperator op, NdArray a, double s, boolean left) {
    lifetimes.check(a);
    NdArray out = lifetimes.alloc(a.shape());
    Storage.Tiled t = out.storage.tiled(out.rect);
    int id = kernels.task(name + "-scalar", volume(t), 1, 16, kernels.binaryScalar(op));
    issue(new ArrayOp.IndexTask(id, name, domain(t), List.of(writeReq(out), readReq(a)), List.of(s, left), null, null),
        a);
    return out;
  }

  NdArray unary(String name, DoubleUnaryOperator op, NdArray a) {
    lifetimes.check(a);
    NdArray out = lifetimes.alloc(a.shape());
    Storage.Tiled t = out.storage.tiled(out.rect);
    int id = kernels.task(name, volume(t), 1, 16, kernels.unary(op));
    issue(new ArrayOp.IndexTask(id, name, domain(t), List.of(writeReq(out), readReq(a)), List.of(), null, null), a);
    return out;
  }

  /** {@code cond != 0 ? a : b}, elementwise. */
  NdArray where(NdArray cond, NdArray a, NdArray b) {
    sameShape("where", cond, a);
    sameShape("where", a, b);
    NdArray out = lifetimes.alloc(a.shape());
    Storage.Tiled t = out.storage.tiled(out.rect);
    int id = kernels.task("where", volume(t), 1, 32, kernels.where());
    issue(new ArrayOp.IndexTask(id, "where", domain(t), List.of(writeReq(out), readReq(cond), readReq(a), readReq(b)), List.of(),
        null, null), cond, a, b);
    return out;
  }

  void assign(NdArray target, NdArray value) {
    lifetimes.checkTarget(target);
    sameShape("assign", target, value);
    Storage.Tiled t = target.storage.tiled(target.rect);
    int id = kernels.task("copy", volume(t), 0, 16, kernels.unary(x -> x));
    issue(new ArrayOp.IndexTask(id, "assign", domain(t), List.of(writeReq(target), readReq(value)), List.of(), null, null),
        value);
  }

  void fill(NdArray target, double s) {
    lifetimes.checkTarget(target);
    fillInto("full", target, 0, s, 0);
  }

  // ------------------------------------------------------------------ linear algebra and stencils

  NdArray matmul(NdArray a, NdArray b) {
    lifetimes.check(a);
    lifetimes.check(b);
    Shape sa = a.shape();
    Shape sb = b.shape();
    if (sa.dims() != 2 || sa.cols() != sb.rows()) {
      throw new IllegalArgumentException("matmul: shapes " + sa + " and " + sb + " are not aligned");
    }
    boolean vector = sb.dims() == 1;
    NdArray out = lifetimes.alloc(vector ? Shape.of(sa.rows()) : Shape.of(sa.rows(), sb.cols()));
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
    lifetimes.check(a);
    Shape s = a.shape();
    if (s.dims() != 2) {
      throw new IllegalArgumentException("transpose needs a 2-D array, got " + s);
    }
    NdArray out = lifetimes.alloc(Shape.of(s.cols(), s.rows()));
    Storage.Tiled t = out.storage.tiled(out.rect);
    Storage.Tiled ta = a.storage.tiled(a.rect);
    RegionRequirement whole = RegionRequirement.of(ta.region(), Privilege.READ_ONLY, a.storage.root, field);
    int id = kernels.task("transpose", volume(t), 0, 16, kernels.transpose());
    issue(new ArrayOp.IndexTask(id, "transpose", domain(t), List.of(writeReq(out), whole), List.of(0L, 0L), null, null),
        a);
    return out;
  }

  NdArray diag(NdArray a) {
    lifetimes.check(a);
    Shape s = a.shape();
    if (s.dims() == 2) {
      if (s.rows() != s.cols()) {
        throw new IllegalArgumentException("diag needs a square matrix, got " + s);
      }
      NdArray out = lifetimes.alloc(Shape.of(s.rows()));
      Storage.Tiled t = out.storage.tiled(out.rect);
      int id = kernels.task("diag", volume(t), 0, 16, kernels.diagExtract());
      issue(new ArrayOp.IndexTask(id, "diag", domain(t), List.of(writeReq(out), readReq(a)),
          List.of(a.rect.lo(0), a.rect.lo(1)), null, null), a);
      return out;
    }
    NdArray out = lifetimes.alloc(Shape.of(s.rows(), s.rows()));
    Storage.Tiled t = out.storage.tiled(out.rect);
    int id = kernels.task("diag-matrix", volume(t), 0, 8, kernels.diagBuild());
    issue(new ArrayOp.IndexTask(id, "diag", domain(t), List.of(writeReq(out), readReq(a)), List.of(0L, 0L), null, null), a);
    return out;
  }

  NdArray stencil(NdArray a, double wUp, double w, double wDown) {
    lifetimes.check(a);
    if (!a.rect.equals(a.storage.root.bounds())) {
      throw new IllegalArgumentException("stencil needs a whole array, not a view: " + a);
    }
    NdArray out = lifetimes.alloc(a.shape());
    Storage.Tiled t = out.storage.tiled(out.rect);
    RegionRequirement ghosts = RegionRequirement.projected(a.storage.ghosts(a.rect, 1), Projection.IDENTITY,
        Privilege.READ_ONLY, a.storage.root, field);
    int id = kernels.task("stencil", volume(t), 5, 16, kernels.stencil3());
    issue(new ArrayOp.IndexTask(id, "stencil", domain(t), List.of(writeReq(out), ghosts),
        List.of(wUp, w, wDown, a.rect.lo(0), a.rect.hi(0)), null, null), a);
    return out;
  }

  // ------------------------------------------------------------------ reductions (futures)

  Scalar sum(NdArray a) {
    return reduce("sum", 0, SUM, a, null);
  }

  Scalar max(NdArray a) {
    return reduce("max", 1, MAX, a, null);
  }

  Scalar min(NdArray a) {
    return reduce("min", 3, MIN, a, null);
  }

  Scalar dot(NdArray a, NdArray b) {
    sameShape("dot", a, b);
    return reduce("dot", 2, SUM, a, b);
  }

  /** The sum of squares, whose square root is the Euclidean norm. */
  Scalar squares(NdArray a) {
    return reduce("dot", 2, SUM, a, a);
  }

  private Scalar reduce(String name, int kind, ReductionOp red, NdArray a, NdArray b) {
    lifetimes.check(a);
    Storage.Tiled t = a.storage.tiled(a.rect);
    List<RegionRequirement> reqs = new ArrayList<>(List.of(readReq(a)));
    if (b != null) {
      lifetimes.check(b);
      reqs.add(readReq(b));
    }
    int id = kernels.task(name, volume(t), b == null ? 1 : 2, b == null ? 8 : 16, kernels.reduce());
    ArrayOp.ResultSlot slot = new ArrayOp.ResultSlot();
    issue(new ArrayOp.IndexTask(id, name, domain(t), reqs, List.of(kind), red, slot), a, b);
    return new Scalar(adapter, slot, x -> x);
  }

  // ------------------------------------------------------------------ reading (a blocking wait)

  /** {@code a}'s elements in row-major order, through an inline mapping after every operation reached the runtime. */
  double[] read(NdArray a) {
    lifetimes.check(a);
    adapter.blockingWait();
    Storage.Tiled t = a.storage.tiled(a.rect);
    InlineRegion ir = runtime.inlineMap(RegionRequirement.of(t.region(), Privilege.READ_ONLY, a.storage.root, field));
    Accessor acc = ir.accessor(field);
    double[] out = new double[Math.toIntExact(a.rect.volume())];
    long[] p = new long[a.rect.dim()];
    for (int i = 0; i < out.length; i++) {
      a.rect.point(i, p);
      out[i] = acc.getDouble(p);
    }
    lifetimes.consume(a);
    return out;
  }

  // ------------------------------------------------------------------ internals

  /** Hands {@code op} to the adapter, then lets the temporaries among its {@code inputs} die (each once). */
  private void issue(ArrayOp op, NdArray... inputs) {
    adapter.issue(op);
    for (int i = 0; i < inputs.length; i++) {
      NdArray a = inputs[i];
      boolean dup = false;
      for (int j = 0; j < i; j++) {
        dup |= inputs[j] == a;
      }
      if (a != null && !dup) {
        lifetimes.consume(a);
      }
    }
  }

  private void sameShape(String op, NdArray a, NdArray b) {
    lifetimes.check(a);
    lifetimes.check(b);
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
