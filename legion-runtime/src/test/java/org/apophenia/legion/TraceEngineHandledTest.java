package org.apophenia.legion;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apophenia.legion.api.Accessor;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.IndexLauncher;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Projection;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskBody;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.legion.instances.MemorySet;
import org.apophenia.legion.tracing.OpAnalysis;
import org.apophenia.legion.tracing.PendingOp;
import org.apophenia.legion.tracing.ReplaySupport;
import org.apophenia.legion.tracing.TraceEngine;
import org.apophenia.legion.tracing.TraceSupport;
import org.apophenia.legion.tracing.ValidInstances;
import org.apophenia.sim.Cost;
import org.apophenia.sim.Event;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.ProcessorKind;
import org.junit.jupiter.api.Test;

/**
 * The {@link TraceEngine} contract's HANDLED path: a minimal memoizing engine (record the mapping on
 * the first run of a trace, replay it through {@link ReplaySupport#issueCopy}, {@link ReplaySupport#launch},
 * {@link ValidInstances#setValid} and {@link ReplaySupport#registerSummary} afterwards) gives the final data
 * of a run without an engine. The trace body moves every block GPU framebuffer → SYSTEM memory and
 * back, so the replay must issue copies, and untraced operations after the traces must see the
 * replayed writes (through the summary).
 */
class TraceEngineHandledTest {
  private static final int PIECES = 4;
  private static final int ITERATIONS = 4;

  @Test
  void replayingThroughTraceSupportGivesTheDataOfARunWithoutEngine() {
    Run plain = new Run(null);
    MemoEngine engine = new MemoEngine();
    Run traced = new Run(engine);
    assertThat(traced.data).containsExactly(plain.data);
    assertThat(traced.total).isEqualTo(plain.total);
    assertThat(engine.observed).as("the first run of the trace is analysed and observed").hasSize(2 * PIECES);
    assertThat(engine.handled).as("later runs are handled").isEqualTo((ITERATIONS - 1) * 2 * PIECES);
    assertThat(engine.copies).as("each handled op brings its block to where the recording mapped it")
        .isEqualTo((ITERATIONS - 1) * 2 * PIECES);
    assertThat(engine.summaries).isEqualTo(ITERATIONS - 1);
    assertThat(traced.rt.analysedOperations()).isLessThan(plain.rt.analysedOperations());
  }

  /** fill; ITERATIONS x trace(gpu step over P; cpu step over P); a reduction-free read of the root. */
  private static final class Run {
    final LegionRuntime rt = new LegionRuntime(Presets.machine("perlmutter:1"));
    final long[] data;
    final long total;

    Run(TraceEngine engine) {
      rt.setTraceEngine(engine);
      FieldSpace fs = rt.createFieldSpace();
      Field a = fs.allocate("a", FieldType.LONG);
      LogicalRegion root = rt.createRegion(rt.createIndexSpace(Rect.of(0, 63)), fs);
      Partition p = rt.partitionEqual(root, PIECES);
      rt.registerTask(new TaskDefinition(1, "gpu step", Map.of(ProcessorKind.GPU, step(a, 17)),
          org.apophenia.sim.TaskCost.of(ProcessorKind.GPU, Cost.fixed(1_000))));
      rt.registerTask(TaskDefinition.cpu(2, "cpu step", step(a, 29), Cost.fixed(1_000)));
      rt.registerTask(TaskDefinition.cpu(3, "sum", ctx -> {
        Accessor acc = ctx.accessor(0, a);
        long s = 0;
        for (long i = 0; i < 64; i++) {
          s = s * 31 + acc.getLong(new long[] {i});
        }
        return s;
      }, Cost.fixed(1_000)));
      rt.fill(root, a, 1, root);
      for (int it = 0; it < ITERATIONS; it++) {
        rt.beginTrace(1);
        for (int task = 1; task <= 2; task++) {
          rt.executeIndex(new IndexLauncher(task, Rect.of(0, PIECES - 1),
              List.of(RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_WRITE, root, a)),
              List.of((long) it), null));
        }
        rt.endTrace(1);
      }
      total = rt.execute(new TaskLauncher(3, RegionRequirement.of(root, Privilege.READ_ONLY, root, a))).getLong();
      rt.finish();
      data = rt.snapshot(root, a);
    }

    private static TaskBody step(Field a, long salt) {
      return ctx -> {
        Accessor acc = ctx.accessor(0, a);
        Rect r = ctx.requirement(0).region().bounds();
        for (long i = r.lo(0); i <= r.hi(0); i++) {
          long[] pt = {i};
          acc.setLong(acc.getLong(pt) * salt + (Long) ctx.arg(0) + i, pt);
        }
        return null;
      };
    }
  }

  /**
   * Records the mapping of each operation of a trace on its first run; on later runs handles every
   * operation: copies each requirement's data to the recorded memory when it is not valid there,
   * launches the task, records the new valid copy, and registers a summary at {@code tend}. Replays
   * serially after every earlier operation (a simple, sound entry precondition).
   */
  private static final class MemoEngine implements TraceEngine {
    final Map<Integer, List<OpAnalysis>> recordings = new HashMap<>();
    final List<OpAnalysis> observed = new ArrayList<>();
    List<OpAnalysis> recording;
    boolean replaying;
    int next;
    Event chain;
    final List<RegionRequirement> touched = new ArrayList<>();
    int handled;
    int copies;
    int summaries;

    @Override
    public void beginTrace(int traceId, TraceSupport support) {
      recording = recordings.get(traceId);
      replaying = recording != null;
      if (!replaying) {
        recording = new ArrayList<>();
        recordings.put(traceId, recording);
      }
      next = 0;
      chain = null;
      touched.clear();
    }

    @Override
    public Decision onOperation(int traceId, PendingOp op, TraceSupport support) {
      if (!replaying) {
        return Decision.ANALYZE;
      }
      OpAnalysis rec = recording.get(next++);
      assertThat(op.taskId()).isEqualTo(rec.op().taskId());
      assertThat(op.requirements()).isEqualTo(rec.op().requirements());
      assertThat(op.point()).containsExactly(rec.op().point());
      if (chain == null) {
        List<Event> before = new ArrayList<>();
        for (int i = 0; i < op.op(); i++) {
          before.add(support.replay().eventOf(i));
        }
        chain = support.simulation().merge(before);
      }
      List<Memory> all = support.simulation().machine().memories();
      List<Event> pre = new ArrayList<>(List.of(chain));
      for (int i = 0; i < op.requirements().size(); i++) {
        RegionRequirement q = op.requirements().get(i);
        Memory m = rec.memories().get(i);
        for (Field f : q.parent().fieldSpace().fields()) {
          if ((q.fields() & f.bit()) == 0) {
            continue;
          }
          MemorySet valid = support.instances().validMemories(q.region(), f);
          if (!valid.contains(m)) {
            Memory from = all.get(valid.first());
            Event c = support.replay().issueCopy(q.region(), f.bit(), from, m, chain);
            copies++;
            support.instances().setValid(q.region(), f.bit(), m, c, false);
            pre.add(c);
          }
        }
      }
      Event done = support.replay().launch(op, rec.processor(), rec.memories(), support.simulation().merge(pre));
      for (int i = 0; i < op.requirements().size(); i++) {
        RegionRequirement q = op.requirements().get(i);
        support.instances().setValid(q.region(), q.fields(), rec.memories().get(i), done, q.privilege().writes());
        touched.add(q);
      }
      chain = done;
      handled++;
      return Decision.HANDLED;
    }

    @Override
    public void observe(int traceId, OpAnalysis analysis, TraceSupport support) {
      observed.add(analysis);
      recording.add(analysis);
    }

    @Override
    public Decision endTrace(int traceId, TraceSupport support) {
      if (replaying) {
        support.replay().registerSummary(touched, chain);
        summaries++;
      }
      return Decision.HANDLED;
    }
  }
}
