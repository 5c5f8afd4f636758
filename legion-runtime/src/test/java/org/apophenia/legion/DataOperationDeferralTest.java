package org.apophenia.legion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apophenia.legion.api.Accessor;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.ReductionOp;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskBody;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.legion.error.LegionException;
import org.apophenia.legion.tracing.OpAnalysis;
import org.apophenia.legion.tracing.OpKind;
import org.apophenia.legion.tracing.PendingOp;
import org.apophenia.legion.tracing.TraceEngine;
import org.apophenia.legion.tracing.TraceSupport;
import org.apophenia.sim.Event;
import org.apophenia.sim.TaskCost;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.ProcessorKind;
import org.junit.jupiter.api.Test;

/**
 * Fills, copies, reduction copies and execution fences go to the trace engine like tasks: it may
 * defer them (HANDLED) and have the runtime analyse them at {@code tend}, each announced and observed
 * in issue order among the tasks, with the data of a run without engine. A reduction copy folds its
 * source into its destination. Only a pending fill, copy or fence can be completed as replayed.
 */
class DataOperationDeferralTest {
  @Test
  void deferredFillsCopiesAndFencesAreAnalysedInIssueOrderWithTheDataOfARunWithoutEngine() {
    long[][] plain = run(null);
    Deferring engine = new Deferring();
    long[][] deferred = run(engine);
    assertThat(deferred[0]).containsExactly(plain[0]);
    assertThat(deferred[1]).containsExactly(plain[1]);
    assertThat(engine.announced).as("announced in issue order").containsExactlyElementsOf(engine.buffer);
    assertThat(engine.observed).containsExactlyElementsOf(engine.buffer);
    assertThat(engine.buffer.stream().map(PendingOp::kind).distinct())
        .containsExactlyInAnyOrder(OpKind.values());
    assertThat(engine.completeRefused).as("a task cannot be completed as a replayed data operation").isTrue();
  }

  @Test
  void aReductionCopyFoldsTheSourceIntoTheDestination() {
    long[][] d = run(null);
    // per iteration: a := 5 on [0,15]; b := a + i (task); b += a (sum) on the shared points; a := b
    for (int i = 0; i < 16; i++) {
      assertThat(d[1][i]).as("b[%d]", i).isEqualTo(5 + i + 5 + 5 + i + 5 + 5 + i + 5);
    }
  }

  @Test
  void aReductionCopyWithAnUnregisteredOperatorIsRejected() {
    LegionRuntime rt = new LegionRuntime(Presets.machine("perlmutter:1"));
    FieldSpace fs = rt.createFieldSpace();
    Field a = fs.allocate("a", FieldType.LONG);
    Field b = fs.allocate("b", FieldType.LONG);
    LogicalRegion r = rt.createRegion(rt.createIndexSpace(Rect.of(0, 3)), fs);
    assertThatThrownBy(() -> rt.reductionCopy(r, a, r, r, b, r, 3)).isInstanceOf(LegionException.class)
        .hasMessageContaining("no reduction operator 3");
  }

  /** Fields a and b of a 16-point region after three traced iterations. */
  private static long[][] run(TraceEngine engine) {
    LegionRuntime rt = new LegionRuntime(Presets.machine("perlmutter:1"));
    int sum = rt.registerReduction(ReductionOp.sumLong());
    rt.setTraceEngine(engine);
    FieldSpace fs = rt.createFieldSpace();
    Field a = fs.allocate("a", FieldType.LONG);
    Field b = fs.allocate("b", FieldType.LONG);
    LogicalRegion root = rt.createRegion(rt.createIndexSpace(Rect.of(0, 15)), fs);
    TaskBody body = ctx -> { // b[i] += a[i] + i
      Accessor w = ctx.accessor(0, b);
      Accessor r = ctx.accessor(1, a);
      for (long i = 0; i < 16; i++) {
        w.setLong(w.getLong(i) + r.getLong(i) + i, i);
      }
      return 0L;
    };
    rt.registerTask(new TaskDefinition(1, "add", Map.of(ProcessorKind.GPU, body, ProcessorKind.CPU, body),
        TaskCost.fixed(1000)));
    rt.fill(root, b, 0, root);
    for (int it = 0; it < 3; it++) {
      rt.beginTrace(1);
      rt.fill(root, a, 5, root);
      rt.execute(new TaskLauncher(1, List.of(RegionRequirement.of(root, Privilege.READ_WRITE, root, b),
          RegionRequirement.of(root, Privilege.READ_ONLY, root, a)), List.of()));
      rt.fence();
      rt.reductionCopy(root, a, root, root, b, root, sum);
      rt.copy(root, b, root, root, a, root);
      rt.endTrace(1);
    }
    rt.finish();
    return new long[][] {rt.snapshot(root, a), rt.snapshot(root, b)};
  }

  /** Defers every operation, then has the runtime analyse them in order at tend. */
  private static final class Deferring extends AnalyzeAll {
    final List<PendingOp> buffer = new ArrayList<>();
    final List<PendingOp> announced = new ArrayList<>();
    final List<PendingOp> observed = new ArrayList<>();
    boolean completeRefused;

    @Override
    public Decision onOperation(int traceId, PendingOp op, TraceSupport support) {
      buffer.add(op);
      return Decision.HANDLED;
    }

    @Override
    public void beforeAnalysis(int traceId, PendingOp op, TraceSupport support) {
      announced.add(op);
    }

    @Override
    public void observe(int traceId, OpAnalysis analysis, TraceSupport support) {
      observed.add(analysis.op());
    }

    @Override
    public Decision endTrace(int traceId, TraceSupport support) {
      PendingOp task = buffer.stream().filter(o -> o.kind() == OpKind.TASK).reduce((x, y) -> y).get();
      try {
        support.replay().completeReplayed(task, Event.NONE);
      } catch (IllegalStateException e) {
        completeRefused = true;
      }
      return Decision.ANALYZE_DEFERRED;
    }
  }
}
