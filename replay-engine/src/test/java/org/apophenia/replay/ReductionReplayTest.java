package org.apophenia.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.DefaultMapper;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.Future;
import org.apophenia.legion.api.IndexLauncher;
import org.apophenia.legion.api.InlineRegion;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Projection;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.ReductionOp;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskBody;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.replay.stats.TracingStatistics;
import org.apophenia.sim.TaskCost;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.ProcessorKind;
import org.junit.jupiter.api.Test;

/**
 * Traces with REDUCE requirements (Legion thesis §5.3 reduction instances; dynamic tracing paper §IV):
 * a stencil whose iteration also reduces a residual into a one-point region and a dot product into a
 * reduced future, then reads both inside the same trace. The trace is recorded once or twice and then
 * replayed, reusing its reduction instances and re-issuing its folds, with final data bit-identical to
 * the untraced run. A trace that leaves its reductions pending (read after {@code tend}) folds them at
 * its end, and one that reads reductions made before it folds them before it starts: both are
 * replayed too.
 */
class ReductionReplayTest {
  private static final int ITERATIONS = 8;
  private static final int PIECES = 4;
  private static final int N = 16 * PIECES;

  /** Final x, y, residual and history, and the engine's statistics (null untraced). */
  private record Result(long[][] data, TracingStatistics stats, DynamicTracing engine) {}

  /** Where the residual is reduced and read, relative to the trace. */
  private enum Shape {
    /** Both inside: folded inside the trace. */
    READ_INSIDE,
    /** Reduced inside, read after {@code tend}: the recording folds at its end. */
    READ_AFTER,
    /** Reduced before {@code tbegin}, read inside: folded before the trace when it starts. */
    REDUCED_BEFORE
  }

  private static Result stencil(DynamicTracing engine, Shape shape) {
    LegionRuntime rt = new LegionRuntime(Presets.machine("perlmutter:2"), new DefaultMapper(),
        CostModel.none());
    int sum = rt.registerReduction(ReductionOp.sumLong());
    FieldSpace fs = rt.createFieldSpace();
    Field x = fs.allocate("x", FieldType.LONG);
    Field y = fs.allocate("y", FieldType.LONG);
    LogicalRegion grid = rt.createRegion(rt.createIndexSpace(Rect.of(0, N - 1)), fs);
    LogicalRegion res = rt.createRegion(rt.createIndexSpace(Rect.of(0, 0)), fs);
    LogicalRegion hist = rt.createRegion(rt.createIndexSpace(Rect.of(0, ITERATIONS - 1)), fs);
    Partition p = rt.partitionEqual(grid, PIECES);
    Partition g = rt.partitionWithGhosts(grid, PIECES, 1);
    TaskBody stencil = ctx -> { // x[i] = y[i-1] + 3 y[i] + y[i+1] + i on its block
      var xa = ctx.accessor(0, x);
      var ya = ctx.accessor(1, y);
      Rect b = ctx.requirement(0).region().bounds();
      for (long i = b.lo(0); i <= b.hi(0); i++) {
        long l = i > 0 ? ya.getLong(i - 1) : 0;
        long r = i < N - 1 ? ya.getLong(i + 1) : 0;
        xa.setLong(l + 3 * ya.getLong(i) + r + i, i);
      }
      return 0L;
    };
    TaskBody update = ctx -> { // y = x xor (x >>> 7)
      var ya = ctx.accessor(0, y);
      var xa = ctx.accessor(1, x);
      Rect b = ctx.requirement(0).region().bounds();
      for (long i = b.lo(0); i <= b.hi(0); i++) {
        ya.setLong(xa.getLong(i) ^ xa.getLong(i) >>> 7, i);
      }
      return 0L;
    };
    TaskBody residual = ctx -> { // res.x += sum of x*x over the block; returns the block's x.y dot product
      var xa = ctx.accessor(0, x);
      var ya = ctx.accessor(0, y);
      var ra = ctx.accessor(1, x);
      Rect b = ctx.requirement(0).region().bounds();
      long dot = 0;
      for (long i = b.lo(0); i <= b.hi(0); i++) {
        ra.reduce(xa.getLong(i) * xa.getLong(i), 0);
        dot += xa.getLong(i) * ya.getLong(i);
      }
      return dot;
    };
    TaskBody check = ctx -> { // hist[it] = (res.x, dot); res.x = res.x / 2
      var ra = ctx.accessor(0, x);
      var hx = ctx.accessor(1, x);
      var hy = ctx.accessor(1, y);
      long it = (Long) ctx.arg(0);
      long r = ra.getLong(0);
      hx.setLong(r, it);
      hy.setLong((Long) ctx.arg(1), it);
      ra.setLong(r / 2, 0);
      return r;
    };
    register(rt, 1, "stencil", stencil);
    register(rt, 2, "update", update);
    register(rt, 3, "residual", residual);
    register(rt, 4, "check", check);
    rt.setTraceEngine(engine);
    Rect dom = Rect.of(0, PIECES - 1);
    for (int it = 0; it < ITERATIONS; it++) {
      Future dot = shape == Shape.REDUCED_BEFORE ? residual(rt, dom, p, grid, x, y, res, sum) : null;
      rt.beginTrace(3);
      rt.executeIndex(new IndexLauncher(1, dom, List.of(
          RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_WRITE, grid, x),
          RegionRequirement.projected(g, Projection.IDENTITY, Privilege.READ_ONLY, grid, y)), List.of(), null));
      rt.executeIndex(new IndexLauncher(2, dom, List.of(
          RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_WRITE, grid, y),
          RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_ONLY, grid, x)), List.of(), null));
      if (shape != Shape.REDUCED_BEFORE) {
        dot = residual(rt, dom, p, grid, x, y, res, sum);
      }
      if (shape != Shape.READ_AFTER) {
        check(rt, res, hist, x, y, it, dot);
      }
      rt.endTrace(3);
      if (shape == Shape.READ_AFTER) {
        check(rt, res, hist, x, y, it, dot);
      }
    }
    rt.finish();
    long[][] out = new long[4][];
    out[0] = read(rt, grid, x);
    out[1] = read(rt, grid, y);
    out[2] = read(rt, res, x);
    out[3] = read(rt, hist, x);
    return new Result(out, engine == null ? null : engine.stats(), engine);
  }

  private static Future residual(LegionRuntime rt, Rect dom, Partition p, LogicalRegion grid, Field x, Field y,
      LogicalRegion res, int sum) {
    return rt.executeIndex(new IndexLauncher(3, dom, List.of(
        RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_ONLY, grid, x, y),
        RegionRequirement.of(res, Privilege.reduce(sum), res, x)), List.of(), ReductionOp.sumLong()));
  }

  private static void check(LegionRuntime rt, LogicalRegion res, LogicalRegion hist, Field x, Field y, int it,
      Future dot) {
    rt.execute(new TaskLauncher(4, List.of(RegionRequirement.of(res, Privilege.READ_WRITE, res, x),
        RegionRequirement.of(hist, Privilege.READ_WRITE, hist, x, y)), List.of((long) it, dot)));
  }

  private static void register(LegionRuntime rt, int id, String name, TaskBody body) {
    rt.registerTask(new TaskDefinition(id, name, Map.of(ProcessorKind.GPU, body, ProcessorKind.CPU, body),
        TaskCost.fixed(20_000)));
  }

  private static long[] read(LegionRuntime rt, LogicalRegion r, Field f) {
    InlineRegion ir = rt.inlineMap(RegionRequirement.of(r, Privilege.READ_ONLY, r, f));
    long[] out = new long[(int) r.bounds().volume()];
    for (int i = 0; i < out.length; i++) {
      out[i] = ir.accessor(f).getLong(i);
    }
    return out;
  }

  @Test
  void aStencilThatReducesAResidualAndReadsItInTheTraceIsReplayedBitIdentically() {
    replayedBitIdentically(Shape.READ_INSIDE);
  }

  @Test
  void aTraceThatLeavesItsReductionsPendingFoldsThemAtItsEndAndIsReplayedBitIdentically() {
    replayedBitIdentically(Shape.READ_AFTER);
  }

  private static void replayedBitIdentically(Shape shape) {
    Result plain = stencil(null, shape);
    // (the first residual reduced before any stencil is 0)
    assertThat(java.util.Arrays.stream(plain.data()[3]).filter(v -> v != 0).count())
        .as("the residual history is not trivial").isGreaterThanOrEqualTo(ITERATIONS - 1);
    for (boolean elision : new boolean[] {false, true}) {
      Result traced = stencil(new DynamicTracing(TracingOptions.defaults().withFenceElision(elision)), shape);
      TracingStatistics s = traced.stats();
      assertThat(s.recordings()).as("%s", s).isBetween(1L, 2L);
      assertThat(s.replays()).as("%s", s).isEqualTo(ITERATIONS - s.recordings());
      assertThat(s.reducingReplays()).as("%s", s).isEqualTo(shape == Shape.REDUCED_BEFORE ? 0 : s.replays());
      assertThat(s.unreplayable()).as("%s", s).isZero();
      for (int i = 0; i < 4; i++) {
        assertThat(traced.data()[i]).as("array %d, elision %s", i, elision).containsExactly(plain.data()[i]);
      }
    }
  }

  @Test
  void aTraceThatReadsReductionsPendingFromBeforeItFoldsThemFirstAndIsReplayedBitIdentically() {
    replayedBitIdentically(Shape.REDUCED_BEFORE);
  }
}
