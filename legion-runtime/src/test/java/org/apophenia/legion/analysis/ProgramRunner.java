package org.apophenia.legion.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apophenia.legion.HashChain;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.RuntimeInternals;
import org.apophenia.legion.analysis.DependenceGraph;
import org.apophenia.legion.api.Coherence;
import org.apophenia.legion.api.IndexLauncher;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Mapper;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Projection;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.ReductionOp;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskBody;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * Runs a {@link RandomProgram} on the runtime, and on a plain sequential interpreter: in program order,
 * or in the order the runtime actually executed the operations (what atomic, simultaneous and relaxed
 * coherence allow to differ).
 */
final class ProgramRunner {
  /**
   * A user operation as the oracle sees it: requirement rectangles, masks, privileges and coherences,
   * and where it comes from in the program (operation index; point of an index launch, else -1).
   */
  record UserOp(List<Rect> rects, List<Long> masks, List<Privilege> privs, List<Coherence> cohs, int index,
      int point) {
    UserOp(List<Rect> rects, List<Long> masks, List<Privilege> privs) {
      this(rects, masks, privs, java.util.Collections.nCopies(rects.size(), Coherence.EXCLUSIVE), -1, -1);
    }
  }

  /**
   * One operation's execution on the simulated machine: a task body at its start (simulated time,
   * then the order the bodies ran), or a fill's data at its completion (before any body starting then).
   */
  record Executed(int index, int point, long time, int seq) {}

  final LegionRuntime rt;
  final RandomProgram.Tree tree;
  /** Per graph op id: the user op, or null for closes and other internal ops. */
  final Map<Integer, UserOp> users = new java.util.HashMap<>();
  /** The task bodies in the order they ran. */
  final List<Executed> bodies = new ArrayList<>();
  /** Per completion event id of a task: its span on the machine. */
  final Map<Integer, org.apophenia.sim.Span> spans = new java.util.HashMap<>();

  ProgramRunner(RandomProgram prog, Mapper mapper, String machine) {
    rt = new LegionRuntime(Presets.machine(machine), mapper, CostModel.none());
    rt.registerReduction(ReductionOp.sumLong());
    rt.registerReduction(new ReductionOp("xor", 0, (x, y) -> x ^ y));
    TaskBody body = ctx -> {
      long seed = (Long) ctx.arg(0) + (ctx.point().length == 0 ? 0 : ctx.point()[0] * 31);
      bodies.add(new Executed((Integer) ctx.arg(1), ctx.point().length == 0 ? -1 : (int) ctx.point()[0],
          rt.simulation().now(), bodies.size()));
      HashChain.runOn(ctx, tree().fields, seed);
      return seed;
    };
    rt.registerTask(new TaskDefinition(1, "chain", Map.of(ProcessorKind.CPU, body, ProcessorKind.GPU, body),
        org.apophenia.sim.TaskCost.fixed(10_000)));
    rt.simulation().listener(new org.apophenia.sim.SimulationListener() {
      @Override
      public void onSpan(org.apophenia.sim.Span span) {
        if (span.category() == org.apophenia.sim.Category.TASK) {
          spans.put(span.op().id(), span);
        }
      }
    });
    tree = new RandomProgram.Tree(rt, prog.n, prog.pieces);
    List<Rect> expected = RandomProgram.regionRects(prog.n, prog.pieces);
    for (int i = 0; i < expected.size(); i++) {
      if (!tree.regions.get(i).bounds().equals(expected.get(i))) {
        throw new IllegalStateException("region " + i + " is " + tree.regions.get(i) + ", the oracle expects "
            + expected.get(i));
      }
    }
    for (int i = 0; i < prog.ops.size(); i++) {
      RandomProgram.Op op = prog.ops.get(i);
      issue(op, i);
      LogicalStateLaws.check(RuntimeInternals.node(rt, tree.root.id()));
    }
  }

  private RandomProgram.Tree tree() {
    return tree;
  }

  /** The user (non-close) graph ops created since {@code before}, in order. */
  private List<Integer> userIds(int before) {
    List<Integer> ids = new ArrayList<>();
    for (int i = before; i < RuntimeInternals.graph(rt).size(); i++) {
      if (RuntimeInternals.graph(rt).kind(i) != DependenceGraph.NodeKind.CLOSE) {
        ids.add(i);
      }
    }
    return ids;
  }

  private void issue(RandomProgram.Op op, int index) {
    int before = RuntimeInternals.graph(rt).size();
    switch (op.kind()) {
      case 0 -> {
        List<RegionRequirement> reqs = new ArrayList<>();
        List<Rect> rects = new ArrayList<>();
        List<Long> masks = new ArrayList<>();
        List<Privilege> privs = new ArrayList<>();
        List<Coherence> cohs = new ArrayList<>();
        for (RandomProgram.Req q : op.reqs()) {
          LogicalRegion r = tree.regions.get(q.region());
          boolean clash = false;
          for (int i = 0; i < rects.size(); i++) {
            clash |= RandomProgram.interfere(rects.get(i), masks.get(i), privs.get(i), r.bounds(), q.mask(), q.priv());
          }
          if (clash) {
            continue;
          }
          RegionRequirement rq = RegionRequirement.of(r, q.priv(), tree.root, tree.fieldsOf(q.mask()));
          reqs.add(new RegionRequirement(rq.region(), null, null, rq.fields(), rq.privilege(), q.coh(), rq.parent()));
          rects.add(r.bounds());
          masks.add(q.mask());
          privs.add(q.priv());
          cohs.add(q.coh());
        }
        rt.execute(new TaskLauncher(1, reqs, List.of(op.seed(), index)));
        users.put(userIds(before).get(0), new UserOp(rects, masks, privs, cohs, index, -1));
      }
      case 1 -> {
        RandomProgram.Req w = op.reqs().get(0);
        RandomProgram.Req rd = op.reqs().get(1);
        rt.executeIndex(new IndexLauncher(1, Rect.of(0, tree.p.colors() - 1), List.of(
            RegionRequirement.projected(tree.p, Projection.IDENTITY, w.priv(), tree.root, tree.fieldsOf(w.mask())),
            RegionRequirement.projected(tree.g, Projection.IDENTITY, rd.priv(), tree.root, tree.fieldsOf(rd.mask()))),
            List.of(op.seed(), index), null));
        for (int i = 0; i < tree.p.colors(); i++) {
          users.put(userIds(before).get(i), new UserOp(List.of(tree.p.subregion(i).bounds(), tree.g.subregion(i).bounds()),
              List.of(w.mask(), rd.mask()), List.of(w.priv(), rd.priv()),
              List.of(Coherence.EXCLUSIVE, Coherence.EXCLUSIVE), index, i));
        }
      }
      default -> {
        RandomProgram.Req q = op.reqs().get(0);
        LogicalRegion r = tree.regions.get(q.region());
        rt.fill(r, tree.fieldsOf(q.mask())[0], op.seed(), tree.root);
        users.put(userIds(before).get(0), new UserOp(List.of(r.bounds()), List.of(q.mask()),
            List.of(Privilege.WRITE_DISCARD), List.of(Coherence.EXCLUSIVE), index, -1));
      }
    }
  }

  /** The sequential interpreter: the same program on plain arrays, one operation after the other. */
  static long[][] interpret(RandomProgram prog) {
    List<Executed> order = new ArrayList<>();
    for (int i = 0; i < prog.ops.size(); i++) {
      if (prog.ops.get(i).kind() == 1) {
        for (int p = 0; p < prog.pieces; p++) {
          order.add(new Executed(i, p, 0, order.size()));
        }
      } else {
        order.add(new Executed(i, -1, 0, order.size()));
      }
    }
    return interpret(prog, order);
  }

  /**
   * The order in which the runtime executed the program: task bodies as they ran, each fill when its
   * data was written (its completion; before a body starting at the same time). Only after
   * {@link LegionRuntime#finish}.
   */
  List<Executed> executed() {
    List<Executed> all = new ArrayList<>(bodies);
    DependenceGraph g = RuntimeInternals.graph(rt);
    for (Map.Entry<Integer, UserOp> e : users.entrySet()) {
      if (g.kind(e.getKey()) == DependenceGraph.NodeKind.FILL) {
        all.add(new Executed(e.getValue().index(), -1, rt.simulation().triggerTime(g.event(e.getKey())), -1));
      }
    }
    all.sort(java.util.Comparator.comparingLong(Executed::time).thenComparingInt(Executed::seq));
    return all;
  }

  /** The interpreter, running the program's operations (index-launch points one by one) in {@code order}. */
  static long[][] interpret(RandomProgram prog, List<Executed> order) {
    long[][] data = new long[3][prog.n];
    int n = prog.n;
    int k = prog.pieces;
    List<Rect> regions = RandomProgram.regionRects(n, k);
    for (Executed e : order) {
      RandomProgram.Op op = prog.ops.get(e.index());
      switch (op.kind()) {
        case 0 -> {
          List<Rect> rects = new ArrayList<>();
          List<Long> masks = new ArrayList<>();
          List<Privilege> privs = new ArrayList<>();
          for (RandomProgram.Req q : op.reqs()) {
            Rect r = regions.get(q.region());
            boolean clash = false;
            for (int i = 0; i < rects.size(); i++) {
              clash |= RandomProgram.interfere(rects.get(i), masks.get(i), privs.get(i), r, q.mask(), q.priv());
            }
            if (!clash) {
              rects.add(r);
              masks.add(q.mask());
              privs.add(q.priv());
            }
          }
          run(data, op.seed(), rects, masks, privs);
        }
        case 1 -> {
          int i = e.point();
          run(data, op.seed() + i * 31L, List.of(regions.get(1 + i), regions.get(1 + k + i)),
              List.of(op.reqs().get(0).mask(), op.reqs().get(1).mask()),
              List.of(op.reqs().get(0).priv(), op.reqs().get(1).priv()));
        }
        default -> {
          Rect r = regions.get(op.reqs().get(0).region());
          int f = Long.numberOfTrailingZeros(op.reqs().get(0).mask());
          for (long x = r.lo(0); x <= r.hi(0); x++) {
            data[f][(int) x] = op.seed();
          }
        }
      }
    }
    return data;
  }

  private static void run(long[][] data, long seed, List<Rect> rects, List<Long> masks, List<Privilege> privs) {
    List<HashChain.View> views = new ArrayList<>();
    List<long[]> ms = new ArrayList<>();
    for (int i = 0; i < rects.size(); i++) {
      Rect r = rects.get(i);
      byte pc = Privilege.code(privs.get(i));
      ReductionOp op = privs.get(i) instanceof Privilege.Reduce red
          ? (red.redop() == 0 ? ReductionOp.sumLong() : new ReductionOp("xor", 0, (x, y) -> x ^ y)) : null;
      views.add(new HashChain.View() {
        public Rect bounds() {
          return r;
        }

        public byte priv() {
          return pc;
        }

        public long get(long[] p, int f) {
          return data[f][(int) p[0]];
        }

        public void set(long[] p, int f, long v) {
          data[f][(int) p[0]] = v;
        }

        public void reduce(long[] p, int f, long v) {
          data[f][(int) p[0]] = op.fold().applyAsLong(data[f][(int) p[0]], v);
        }
      });
      ms.add(HashChain.fieldIds(masks.get(i)));
    }
    HashChain.run(seed, views, ms);
  }
}
