package org.apophenia.samples.array;

import java.util.HashMap;
import java.util.Map;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import org.apophenia.autotrace.accounting.Bucket;
import org.apophenia.autotrace.accounting.TimeAccount;
import org.apophenia.legion.api.DoubleTile;
import org.apophenia.legion.api.DoubleTileWriter;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.TaskBody;
import org.apophenia.legion.api.TaskContext;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.sim.Cost;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * The task bodies of the array library and their registration. A kernel is registered lazily once per
 * tile volume, because a task's simulated cost ({@link Cost#work}: flops and bytes) is fixed per task
 * definition; ids are handed out in first-use order, so they are deterministic for a program. Every
 * task has a CPU and a GPU variant running the same Java body. Bodies loop over dense views of their
 * tiles ({@link TileLoops}); operands of an elementwise kernel have tiles of equal shape (possibly at
 * different offsets: shifted views), matched point by point in row-major order. Not thread-safe (registration happens on
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
  // Each body takes dense views of its tiles (privilege and bounds checked once per tile, when the
  // view is made) and runs one of TileLoops' loops over them.

  private DoubleTileWriter out(TaskContext ctx, int i) {
    return ctx.accessor(i, f).denseWrite();
  }

  private DoubleTile in(TaskContext ctx, int i) {
    return ctx.accessor(i, f).denseRead();
  }

  TaskBody binary(DoubleBinaryOperator op) {
    return ctx -> {
      TileLoops.binary(op, out(ctx, 0), in(ctx, 1), in(ctx, 2));
      return null;
    };
  }

  /** {@code out = op(a, s)}, or {@code op(s, a)} when argument 1 is true; the scalar is argument 0. */
  TaskBody binaryScalar(DoubleBinaryOperator op) {
    return ctx -> {
      TileLoops.binaryScalar(op, (Double) ctx.arg(0), (Boolean) ctx.arg(1), out(ctx, 0), in(ctx, 1));
      return null;
    };
  }

  TaskBody unary(DoubleUnaryOperator op) {
    return ctx -> {
      TileLoops.unary(op, out(ctx, 0), in(ctx, 1));
      return null;
    };
  }

  /** {@code out = cond != 0 ? a : b}. */
  TaskBody where() {
    return ctx -> {
      TileLoops.where(out(ctx, 0), in(ctx, 1), in(ctx, 2), in(ctx, 3));
      return null;
    };
  }

  /**
   * Point-wise generators over the array's linear index: argument 0 is the kind (0 fill, 1 arange,
   * 2 seeded uniform [0,1)), 1 and 2 its parameters, 3..5 the view's origin (row, col) and width.
   */
  TaskBody generate() {
    return ctx -> {
      TileLoops.generate(out(ctx, 0), (Integer) ctx.arg(0), (Double) ctx.arg(1), (Double) ctx.arg(2),
          (Long) ctx.arg(3), (Long) ctx.arg(4), (Long) ctx.arg(5));
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
      TileLoops.matvec(out(ctx, 0), in(ctx, 1), in(ctx, 2));
      return null;
    };
  }

  /** Row block of {@code A} times the whole matrix {@code B}: [out tile, A tile, B]. */
  TaskBody matmul() {
    return ctx -> {
      TileLoops.matmul(out(ctx, 0), in(ctx, 1), in(ctx, 2));
      return null;
    };
  }

  /** Rows of the transpose: [out tile, A whole]; arguments 0, 1: the out view's origin. */
  TaskBody transpose() {
    return ctx -> {
      TileLoops.transpose(out(ctx, 0), in(ctx, 1), (Long) ctx.arg(0), (Long) ctx.arg(1));
      return null;
    };
  }

  /** The diagonal of a 2-D view: [out tile (1-D), A tile]; arguments 0, 1: A's view origin. */
  TaskBody diagExtract() {
    return ctx -> {
      TileLoops.diagExtract(out(ctx, 0), in(ctx, 1), (Long) ctx.arg(0), (Long) ctx.arg(1));
      return null;
    };
  }

  /** A square matrix with {@code v} on its diagonal: [out tile (2-D), v tile]; args: out view's origin. */
  TaskBody diagBuild() {
    return ctx -> {
      TileLoops.diagBuild(out(ctx, 0), in(ctx, 1), (Long) ctx.arg(0), (Long) ctx.arg(1));
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
      DoubleTile a = in(ctx, 0);
      double acc = switch (kind) {
        case 0 -> TileLoops.sum(a);
        case 1 -> TileLoops.max(a);
        case 2 -> TileLoops.dot(a, in(ctx, 1));
        default -> TileLoops.min(a);
      };
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
      TileLoops.stencil3(out(ctx, 0), in(ctx, 1), (Double) ctx.arg(0), (Double) ctx.arg(1), (Double) ctx.arg(2),
          (Long) ctx.arg(3), (Long) ctx.arg(4));
      return null;
    };
  }
}
