package org.apophenia.replay;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apophenia.legion.HashChain;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.DefaultMapper;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.IndexLauncher;
import org.apophenia.legion.api.InlineRegion;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Mapper;
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
import org.apophenia.legion.tracing.TraceEngine;
import org.apophenia.sim.TaskCost;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * Runs a {@link TracedProgram} on a fresh runtime, with or without a trace engine, and keeps what the
 * properties compare: the final data and, per task instance, its requirements and simulated start.
 */
final class TracedRunner {
  static final long TASK_NANOS = 10_000;

  /** A task instance: its rectangles, masks, privileges, simulated start (-1 until it ran). */
  static final class Use {
    final List<Rect> rects = new ArrayList<>();
    final List<Long> masks = new ArrayList<>();
    final List<Privilege> privs = new ArrayList<>();
    long start = -1;
    /** The task instances whose future it took as an argument (none usually). */
    final List<Use> producers = new ArrayList<>();
  }

  final LegionRuntime rt;
  final LogicalRegion root;
  final Field[] fields = new Field[3];
  final List<LogicalRegion> regions = new ArrayList<>();
  final Partition p;
  final Partition g;
  final List<Use> uses = new ArrayList<>();
  private final Map<Long, Use> byKey = new HashMap<>();
  /** Per operation issued (by sequence number): its future and its task instances; null for fills. */
  private final List<org.apophenia.legion.api.Future> futures = new ArrayList<>();
  private final List<List<Use>> opUses = new ArrayList<>();

  TracedRunner(TracedProgram prog, TraceEngine engine, String machine, Mapper mapper) {
    rt = new LegionRuntime(Presets.machine(machine), mapper == null ? new DefaultMapper() : mapper,
        CostModel.none());
    rt.registerReduction(ReductionOp.sumLong());
    rt.registerReduction(new ReductionOp("xor", 0, (x, y) -> x ^ y));
    TaskBody body = ctx -> {
      long point = ctx.point().length == 0 ? 0 : ctx.point()[0];
      long seed = (Long) ctx.arg(0) + point * 31;
      if (ctx.argCount() > 2) { // a future's value: a task's seed, a reduced future or a future map
        Object v = ctx.arg(2);
        long fv = 0;
        if (v instanceof List<?> l) {
          for (Object o : l) {
            fv = fv * 1_000_003 + (Long) o;
          }
        } else {
          fv = (Long) v;
        }
        seed = seed * 31 + fv;
      }
      Use u = byKey.get((Long) ctx.arg(1) * 64 + point);
      u.start = rt.simulation().now();
      HashChain.runOn(ctx, fields, seed);
      return seed;
    };
    rt.registerTask(new TaskDefinition(1, "chain", Map.of(ProcessorKind.CPU, body, ProcessorKind.GPU, body),
        TaskCost.fixed(TASK_NANOS)));
    FieldSpace fs = rt.createFieldSpace();
    for (int i = 0; i < 3; i++) {
      fields[i] = fs.allocate("f" + i, FieldType.LONG);
    }
    root = rt.createRegion(rt.createIndexSpace(Rect.of(0, prog.n - 1)), fs);
    p = rt.partitionEqual(root, prog.pieces);
    g = rt.partitionWithGhosts(root, prog.pieces, 1);
    Partition q = rt.partitionEqual(p.subregion(0), 2);
    regions.add(root);
    regions.addAll(p.subregions());
    regions.addAll(g.subregions());
    regions.addAll(q.subregions());
    rt.setTraceEngine(engine);
    long seq = 0;
    for (TracedProgram.Item it : prog.items) {
      if (it instanceof TracedProgram.Begin b) {
        rt.beginTrace(b.id());
      } else if (it instanceof TracedProgram.End e) {
        rt.endTrace(e.id());
      } else {
        issue((TracedProgram.Op) it, seq++);
      }
    }
    rt.finish();
  }

  private Field[] fieldsOf(long mask) {
    List<Field> out = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      if ((mask >>> i & 1) != 0) {
        out.add(fields[i]);
      }
    }
    return out.toArray(new Field[0]);
  }

  static boolean interfere(Rect a, long ma, Privilege pa, Rect b, long mb, Privilege pb) {
    return a.intersects(b) && (ma & mb) != 0 && pa.interferesWith(pb);
  }

  /** The arguments of {@code op}: its seed, its sequence number, and the future it takes, if any. */
  private List<Object> args(TracedProgram.Op op, long seq, List<Use> mine) {
    int from = (int) seq - op.futureBack();
    if (op.futureBack() == 0 || from < 0 || futures.get(from) == null) {
      return List.of(op.seed(), seq);
    }
    for (Use u : mine) {
      u.producers.addAll(opUses.get(from));
    }
    return List.of(op.seed(), seq, futures.get(from));
  }

  private void issue(TracedProgram.Op op, long seq) {
    switch (op.kind()) {
      case 0 -> {
        Use u = new Use();
        List<RegionRequirement> reqs = new ArrayList<>();
        for (TracedProgram.Req q : op.reqs()) {
          LogicalRegion r = regions.get(q.region());
          boolean clash = false;
          for (int i = 0; i < u.rects.size(); i++) {
            clash |= interfere(u.rects.get(i), u.masks.get(i), u.privs.get(i), r.bounds(), q.mask(), q.priv());
          }
          if (!clash) {
            reqs.add(RegionRequirement.of(r, q.priv(), root, fieldsOf(q.mask())));
            u.rects.add(r.bounds());
            u.masks.add(q.mask());
            u.privs.add(q.priv());
          }
        }
        uses.add(u);
        byKey.put(seq * 64, u);
        futures.add(rt.execute(new TaskLauncher(1, reqs, args(op, seq, List.of(u)))));
        opUses.add(List.of(u));
      }
      case 1 -> {
        List<Use> mine = new ArrayList<>();
        TracedProgram.Req w = op.reqs().get(0);
        TracedProgram.Req rd = op.reqs().get(1);
        for (int i = 0; i < p.colors(); i++) {
          Use u = new Use();
          u.rects.add(p.subregion(i).bounds());
          u.rects.add(g.subregion(i).bounds());
          u.masks.add(w.mask());
          u.masks.add(rd.mask());
          u.privs.add(w.priv());
          u.privs.add(rd.priv());
          uses.add(u);
          mine.add(u);
          byKey.put(seq * 64 + i, u);
        }
        // a reduced future for odd seeds, else a future map
        futures.add(rt.executeIndex(new IndexLauncher(1, Rect.of(0, p.colors() - 1), List.of(
            RegionRequirement.projected(p, Projection.IDENTITY, w.priv(), root, fieldsOf(w.mask())),
            RegionRequirement.projected(g, Projection.IDENTITY, rd.priv(), root, fieldsOf(rd.mask()))),
            args(op, seq, mine), (op.seed() & 1) != 0 ? ReductionOp.sumLong() : null)));
        opUses.add(mine);
      }
      default -> {
        TracedProgram.Req q = op.reqs().get(0);
        rt.fill(regions.get(q.region()), fieldsOf(q.mask())[0], op.seed(), root);
        uses.add(null); // fills are not timed
        futures.add(null);
        opUses.add(List.of());
      }
    }
  }

  /** The final data of the root, per field. */
  long[][] data() {
    InlineRegion ir = rt.inlineMap(RegionRequirement.of(root, Privilege.READ_ONLY, root, fields));
    long[][] out = new long[3][(int) root.bounds().volume()];
    for (int f = 0; f < 3; f++) {
      for (int i = 0; i < out[f].length; i++) {
        out[f][i] = ir.accessor(fields[f]).getLong(i);
      }
    }
    return out;
  }

  /** Interfering task pairs (earlier, later) that ran overlapping in simulated time: must be none. */
  List<String> unorderedInterferingPairs() {
    List<String> bad = new ArrayList<>();
    List<Use> tasks = uses.stream().filter(u -> u != null).toList();
    for (int j = 0; j < tasks.size(); j++) {
      for (int i = 0; i < j; i++) {
        Use a = tasks.get(i);
        Use b = tasks.get(j);
        if (interfere(a, b) && b.start < a.start + TASK_NANOS) {
          bad.add("task " + i + " @" + a.start + " and task " + j + " @" + b.start);
        }
      }
      for (Use pr : tasks.get(j).producers) {
        if (tasks.get(j).start < pr.start + TASK_NANOS) {
          bad.add("task " + j + " @" + tasks.get(j).start + " before the producer of its future @" + pr.start);
        }
      }
    }
    return bad;
  }

  static boolean interfere(Use a, Use b) {
    for (int x = 0; x < a.rects.size(); x++) {
      for (int y = 0; y < b.rects.size(); y++) {
        if (interfere(a.rects.get(x), a.masks.get(x), a.privs.get(x), b.rects.get(y), b.masks.get(y),
            b.privs.get(y))) {
          return true;
        }
      }
    }
    return false;
  }
}
