package org.apophenia.replay;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apophenia.legion.ForwardingTraceEngine;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.DefaultMapper;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
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
import org.apophenia.legion.tracing.OpKind;
import org.apophenia.legion.tracing.PendingOp;
import org.apophenia.legion.tracing.TraceEngine;
import org.apophenia.legion.tracing.TraceSupport;
import org.apophenia.replay.MixedKindsProgram.Copy;
import org.apophenia.replay.MixedKindsProgram.Fill;
import org.apophenia.replay.MixedKindsProgram.IndexTask;
import org.apophenia.replay.MixedKindsProgram.Step;
import org.apophenia.replay.MixedKindsProgram.Task;
import org.apophenia.sim.Event;
import org.apophenia.sim.SimulationListener;
import org.apophenia.sim.Span;
import org.apophenia.sim.TaskCost;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * Runs a {@link MixedKindsProgram} once on a fresh runtime with a trace engine and keeps what the
 * properties compare: the final data, and per traced operation (index-launch points apart, in issue
 * order) its kind, its simulated start and the simulated time its completion event triggered. The
 * engine is wrapped to learn each operation's id (from {@code onOperation}) and, in an empty trace
 * issued at the end, its completion event (from {@code TraceSupport.eventOf}).
 */
final class MixedKindsRunner {
  private static final int TRACE = 7;
  private static final int PROBE = 99;

  /** One traced operation as run: its kind, simulated start and end. */
  record Timed(OpKind kind, long start, long end) {}

  final long[][] data;
  final List<Timed> ops = new ArrayList<>();

  MixedKindsRunner(MixedKindsProgram prog, TraceEngine engine) {
    LegionRuntime rt = new LegionRuntime(Presets.machine("perlmutter:2"), new DefaultMapper(),
        CostModel.none());
    Map<Integer, Long> starts = new HashMap<>();
    Map<Integer, Long> triggers = new HashMap<>();
    rt.simulation().listener(new SimulationListener() {
      @Override
      public void onSpan(Span s) {
        starts.merge(s.op().id(), s.start(), Math::min);
      }

      @Override
      public void onTrigger(Event e, long time) {
        triggers.putIfAbsent(e.id(), time);
      }
    });
    int sum = rt.registerReduction(ReductionOp.sumLong());
    FieldSpace fs = rt.createFieldSpace();
    Field[] fields = new Field[MixedKindsProgram.FIELDS];
    for (int f = 0; f < fields.length; f++) {
      fields[f] = fs.allocate("f" + f, FieldType.LONG);
    }
    LogicalRegion root = rt.createRegion(rt.createIndexSpace(Rect.of(0, MixedKindsProgram.N - 1)), fs);
    Partition p = rt.partitionEqual(root, MixedKindsProgram.PIECES);
    TaskBody update = ctx -> {
      long it = (Long) ctx.arg(0);
      long salt = (Long) ctx.arg(1);
      var rw = ctx.accessor(0, fields[(int) (long) (Long) ctx.arg(2)]);
      var ro = ctx.accessor(1, fields[(int) (long) (Long) ctx.arg(3)]);
      Rect b = ctx.requirement(0).region().bounds();
      for (long i = b.lo(0); i <= b.hi(0); i++) {
        rw.setLong(rw.getLong(i) * 31 + ro.getLong(i) + salt + it, i);
      }
      return 0L;
    };
    rt.registerTask(new TaskDefinition(1, "update", Map.of(ProcessorKind.GPU, update, ProcessorKind.CPU, update),
        TaskCost.fixed(20_000)));
    for (int f = 0; f < fields.length; f++) {
      rt.fill(root, fields[f], f + 1, root);
    }
    Ids ids = new Ids(engine);
    rt.setTraceEngine(ids);
    for (int it = 0; it < prog.iterations(); it++) {
      rt.beginTrace(TRACE);
      for (Step s : prog.body()) {
        issue(rt, s, it, root, p, fields, sum);
      }
      rt.endTrace(TRACE);
    }
    rt.beginTrace(PROBE); // the ids engine reads the completion events of every traced operation
    rt.endTrace(PROBE);
    rt.finish();
    for (int i = 0; i < ids.ops.size(); i++) {
      int e = ids.events.get(i).id();
      long end = triggers.getOrDefault(e, -1L);
      ops.add(new Timed(ids.ops.get(i).kind(), starts.getOrDefault(e, end), end));
    }
    InlineRegion ir = rt.inlineMap(RegionRequirement.of(root, Privilege.READ_ONLY, root, fields));
    data = new long[fields.length][MixedKindsProgram.N];
    for (int f = 0; f < fields.length; f++) {
      for (int i = 0; i < MixedKindsProgram.N; i++) {
        data[f][i] = ir.accessor(fields[f]).getLong(i);
      }
    }
  }

  private static LogicalRegion region(int r, LogicalRegion root, Partition p) {
    return r == 0 ? root : p.subregion(r - 1);
  }

  private static void issue(LegionRuntime rt, Step s, int it, LogicalRegion root, Partition p, Field[] fields,
      int sum) {
    if (s instanceof Task t) {
      LogicalRegion r = region(t.region(), root, p);
      rt.execute(new TaskLauncher(1, List.of(RegionRequirement.of(r, Privilege.READ_WRITE, root, fields[t.rw()]),
          RegionRequirement.of(r, Privilege.READ_ONLY, root, fields[t.ro()])),
          List.of((long) it, t.salt(), (long) t.rw(), (long) t.ro())));
    } else if (s instanceof IndexTask t) {
      rt.executeIndex(new IndexLauncher(1, Rect.of(0, MixedKindsProgram.PIECES - 1), List.of(
          RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_WRITE, root, fields[t.rw()]),
          RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_ONLY, root, fields[t.ro()])),
          List.of((long) it, t.salt(), (long) t.rw(), (long) t.ro()), null));
    } else if (s instanceof Fill f) {
      rt.fill(region(f.region(), root, p), fields[f.field()], f.value() + (f.alternates() ? it % 2 : 0), root);
    } else if (s instanceof Copy c && c.reduce()) {
      rt.reductionCopy(region(c.src(), root, p), fields[c.sf()], root, region(c.dst(), root, p), fields[c.df()],
          root, sum);
    } else if (s instanceof Copy c) {
      rt.copy(region(c.src(), root, p), fields[c.sf()], root, region(c.dst(), root, p), fields[c.df()], root);
    } else {
      rt.fence();
    }
  }

  /**
   * Forwards everything to the engine under test (none: always analyse) and notes the traced
   * operations; at the probe trace's {@code tbegin}, their completion events.
   */
  private static final class Ids extends ForwardingTraceEngine {
    final List<PendingOp> ops = new ArrayList<>();
    final List<Event> events = new ArrayList<>();

    Ids(TraceEngine inner) {
      super(inner);
    }

    @Override
    public void beginTrace(int traceId, TraceSupport support) {
      if (traceId == PROBE) {
        for (PendingOp op : ops) {
          events.add(support.replay().eventOf(op.op()));
        }
      }
      super.beginTrace(traceId, support);
    }

    @Override
    public Decision onOperation(int traceId, PendingOp op, TraceSupport support) {
      ops.add(op);
      return super.onOperation(traceId, op, support);
    }
  }

}
