package org.apophenia.legion;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apophenia.legion.api.Accessor;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.Future;
import org.apophenia.legion.api.IndexLauncher;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Projection;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskBody;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.tracing.Issued;
import org.apophenia.legion.tracing.OpAnalysis;
import org.apophenia.legion.tracing.PendingOp;
import org.apophenia.legion.tracing.TraceEngine;
import org.apophenia.legion.tracing.TraceSupport;
import org.apophenia.sim.Event;
import org.apophenia.sim.Operation;
import org.apophenia.sim.TaskCost;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.ProcessorKind;
import org.junit.jupiter.api.Test;

/**
 * The TraceSupport additions for replay-engine: an engine may defer every task of a trace (HANDLED)
 * and have the runtime analyse them at {@code tend} ({@link TraceEngine.Decision#ANALYZE_DEFERRED});
 * each is announced before it is analysed and observed after, in issue order; the analyses then
 * expose merge inputs, data effects, atom validity, and the operation count, and index-launch futures
 * of deferred points complete.
 */
class TraceSupportDeferralTest {
  @Test
  void deferredTasksAnalysedAtTendGiveTheDataOfARunWithoutEngine() {
    long[] plain = run(null);
    Deferring engine = new Deferring();
    long[] deferred = run(engine);
    assertThat(deferred).containsExactly(plain);
    assertThat(engine.analysed).isEqualTo(3 * 2 * 4);
    assertThat(engine.merges).as("merges inside the trace are explained").isPositive();
    assertThat(engine.copiesWithEffect).as("copies carry their data movement").isPositive();
    assertThat(engine.countGrew).isTrue();
  }

  private static long[] run(TraceEngine engine) {
    LegionRuntime rt = new LegionRuntime(Presets.machine("perlmutter:1"));
    rt.setTraceEngine(engine);
    FieldSpace fs = rt.createFieldSpace();
    Field a = fs.allocate("a", FieldType.LONG);
    LogicalRegion root = rt.createRegion(rt.createIndexSpace(Rect.of(0, 31)), fs);
    Partition p = rt.partitionEqual(root, 4);
    Partition g = rt.partitionWithGhosts(root, 4, 1);
    TaskBody body = ctx -> {
      Accessor w = ctx.accessor(0, a);
      Accessor r = ctx.accessor(1, a);
      Rect b = ctx.requirement(0).region().bounds();
      long h = 7;
      Rect rb = ctx.requirement(1).region().bounds();
      for (long i = rb.lo(0); i <= rb.hi(0); i++) {
        h = h * 31 + r.getLong(i);
      }
      for (long i = b.lo(0); i <= b.hi(0); i++) {
        w.setLong(w.getLong(i) * 3 + h + i, i);
      }
      return h;
    };
    rt.registerTask(new TaskDefinition(1, "step", Map.of(ProcessorKind.GPU, body), TaskCost.fixed(1000)));
    Field c = a;
    LogicalRegion copyOf = rt.createRegion(rt.createIndexSpace(Rect.of(0, 31)), fs);
    Partition q = rt.partitionEqual(copyOf, 4);
    Future last = null;
    for (int it = 0; it < 3; it++) {
      rt.beginTrace(1);
      rt.executeIndex(new IndexLauncher(1, Rect.of(0, 3), List.of(
          RegionRequirement.projected(q, Projection.IDENTITY, Privilege.READ_WRITE, copyOf, c),
          RegionRequirement.projected(g, Projection.IDENTITY, Privilege.READ_ONLY, root, a)), List.of(), null));
      last = rt.executeIndex(new IndexLauncher(1, Rect.of(0, 3), List.of(
          RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_WRITE, root, a),
          RegionRequirement.projected(q, Projection.IDENTITY, Privilege.READ_ONLY, copyOf, c)), List.of(), null));
      rt.endTrace(1);
    }
    assertThat((List<?>) last.get()).hasSize(4);
    rt.finish();
    return rt.snapshot(root, a);
  }

  /** Defers every task, then has the runtime analyse them in order at tend. */
  private static final class Deferring extends AnalyzeAll {
    final List<PendingOp> buffer = new ArrayList<>();
    final List<PendingOp> announced = new ArrayList<>();
    int analysed;
    int merges;
    int copiesWithEffect;
    int countAtTend;
    boolean countGrew;

    @Override
    public Decision onOperation(int traceId, PendingOp op, TraceSupport support) {
      buffer.add(op);
      return Decision.HANDLED;
    }

    @Override
    public void beforeAnalysis(int traceId, PendingOp op, TraceSupport support) {
      assertThat(op).as("announced in issue order").isSameAs(buffer.get(announced.size()));
      announced.add(op);
    }

    @Override
    public void observe(int traceId, OpAnalysis a, TraceSupport support) {
      assertThat(a.op()).as("observed after its announcement").isSameAs(announced.get(announced.size() - 1));
      analysed++;
      for (Issued c : a.commands()) {
        Event pre = c.operation() instanceof Operation.Task t ? t.precondition()
            : c.operation() instanceof Operation.Copy cp ? cp.precondition() : Event.NONE;
        if (!support.recording().current().mergeInputs(pre).isEmpty()) {
          merges++;
        }
        if (c.operation() instanceof Operation.Copy && support.recording().current().dataEffect(c.result()) != null) {
          copiesWithEffect++;
        }
      }
      LogicalRegion r = a.op().requirements().get(0).region();
      for (int atom : support.instances().atomsOf(r)) {
        assertThat(support.instances().atomValid(r, atom, 0)).as("a written atom is valid in exactly one memory")
            .satisfies(m -> assertThat(m.cardinality()).isEqualTo(1));
      }
    }

    @Override
    public Decision endTrace(int traceId, TraceSupport support) {
      countAtTend = support.operationCount();
      return Decision.ANALYZE_DEFERRED;
    }

    @Override
    public void closeTrace(int traceId, TraceSupport support) {
      assertThat(announced).as("every deferred task analysed").hasSameSizeAs(buffer);
      countGrew = support.operationCount() > countAtTend;
      buffer.clear();
      announced.clear();
    }
  }
}
