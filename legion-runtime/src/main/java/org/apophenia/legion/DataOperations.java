package org.apophenia.legion;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;
import org.apophenia.legion.analysis.DataMovement;
import org.apophenia.legion.analysis.DependenceGraph;
import org.apophenia.legion.analysis.LogicalAnalyzer;
import org.apophenia.legion.analysis.Ordering;
import org.apophenia.legion.analysis.PhysicalAnalyzer;
import org.apophenia.legion.analysis.RegionForest;
import org.apophenia.legion.analysis.RegionNode;
import org.apophenia.legion.analysis.Resolution;
import org.apophenia.legion.analysis.Resolved;
import org.apophenia.legion.analysis.TaskNeeds;
import org.apophenia.legion.analysis.TraceAnalysisBuilder;
import org.apophenia.legion.api.Accessor;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.InlineRegion;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.ReductionOp;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.error.LegionException;
import org.apophenia.legion.instances.Effects;
import org.apophenia.legion.tracing.Issued;
import org.apophenia.legion.tracing.OpKind;
import org.apophenia.legion.tracing.PendingOp;
import org.apophenia.legion.tracing.ReplaySupport;
import org.apophenia.recorder.EventKind;
import org.apophenia.recorder.Probe;
import org.apophenia.sim.Event;
import org.apophenia.sim.Operation;
import org.apophenia.sim.Simulation;
import org.apophenia.sim.machine.Memory;

/**
 * The operations that are not tasks (Legion thesis §2.7): fills, explicit copies (plain, or folding
 * the source into the destination with a reduction operator), execution fences and inline mappings,
 * all in node 0's SYSTEM memory. Inside a trace, fills, copies and fences go to the engine like tasks:
 * it may defer them (then the runtime analyses them only if the engine asks, in issue order) and
 * replay them through {@link ReplaySupport#completeReplayed}; an inline mapping is untraceable. Not
 * thread-safe, like the runtime.
 */
final class DataOperations {
  private static final long[] NO_POINT = new long[0];

  private final Simulation sim;
  private final Memory hostMemory;
  private final DependenceGraph graph;
  private final RegionForest forest;
  private final LogicalAnalyzer logical;
  private final PhysicalAnalyzer physical;
  private final TaskNeeds needs;
  private final Effects effects;
  private final TraceAnalysisBuilder capture;
  private final Resolution resolution;
  private final Ordering ordering;
  private final RuntimeCharges charges;
  private final TraceMarkers markers;
  /** The event recorder's, read once: the program's waits for inline mappings. */
  private final Probe probe = Probe.current();

  DataOperations(Simulation sim, Memory hostMemory, RegionForest forest, LogicalAnalyzer logical,
      PhysicalAnalyzer physical, Effects effects, TraceAnalysisBuilder capture, Resolution resolution,
      Ordering ordering, RuntimeCharges charges, TraceMarkers markers) {
    this.sim = sim;
    this.hostMemory = hostMemory;
    this.graph = ordering.graph();
    this.forest = forest;
    this.logical = logical;
    this.physical = physical;
    this.needs = new TaskNeeds(sim);
    this.effects = effects;
    this.capture = capture;
    this.resolution = resolution;
    this.ordering = ordering;
    this.charges = charges;
    this.markers = markers;
  }

  void fill(LogicalRegion r, Field f, long value, LogicalRegion parent) {
    markers.synchronizeEngine();
    Resolved res = resolution.resolve(RegionRequirement.of(r, Privilege.WRITE_DISCARD, parent, f), "fill of " + r);
    int op = graph.newOp(DependenceGraph.NodeKind.FILL, "fill " + r + "." + f.name());
    PendingOp pending = new PendingOp(op, OpKind.FILL, graph.name(op), -1, NO_POINT, List.of(res.req()),
        value);
    issue(pending, () -> analyzeFill(pending, res, f, value));
  }

  /**
   * Copies {@code sf} of {@code src} into {@code df} of {@code dst}; with {@code redop} >= 0 folds it
   * in with that reduction operator instead (the destination is read and written).
   */
  void copy(LogicalRegion src, Field sf, LogicalRegion srcParent, LogicalRegion dst, Field df,
      LogicalRegion dstParent, int redop) {
    markers.synchronizeEngine();
    if (redop >= forest.reductionCount()) {
      throw new LegionException("reduction copy " + src + " -> " + dst + ": no reduction operator " + redop);
    }
    ReductionOp fold = redop < 0 ? null : forest.reduction(redop);
    List<Resolved> rs = resolution.resolveAll(List.of(RegionRequirement.of(src, Privilege.READ_ONLY, srcParent, sf),
        RegionRequirement.of(dst, Privilege.READ_WRITE, dstParent, df)), "copy " + src + " -> " + dst);
    String what = fold == null ? "copy " : "reduction copy (" + fold.name() + ") ";
    OpKind kind = fold == null ? OpKind.COPY : OpKind.REDUCTION_COPY;
    int op = graph.newOp(DependenceGraph.NodeKind.of(kind), what + src + "." + sf.name() + " -> " + dst + "."
        + df.name());
    PendingOp pending = new PendingOp(op, kind, graph.name(op), -1, NO_POINT,
        rs.stream().map(Resolved::req).toList(), fold == null ? 0 : redop);
    issue(pending, () -> analyzeCopy(pending, rs, sf, df, fold));
  }

  void fence() {
    markers.synchronizeEngine();
    int op = graph.newOp(DependenceGraph.NodeKind.FENCE, "fence");
    PendingOp pending = new PendingOp(op, OpKind.FENCE, "fence", -1, NO_POINT, List.of());
    issue(pending, () -> analyzeFence(pending));
  }

  /**
   * Hands {@code pending} to the trace engine, which may defer it; else analyses it now. While
   * deferred, its analysis waits in the graph as its pending launch data, as a deferred task's does.
   */
  private void issue(PendingOp pending, Runnable analysis) {
    graph.setPending(pending.op(), analysis);
    if (!markers.offer(pending)) {
      analysis.run();
    }
  }

  /** Analyses fill, copy or fence {@code op}, which the trace engine deferred, as if it had said ANALYZE. */
  void analyzeDeferred(PendingOp op) {
    ((Runnable) graph.pending(op.op())).run();
  }

  private void analyzeFill(PendingOp pending, Resolved res, Field f, long value) {
    int op = pending.op();
    long t0 = System.nanoTime();
    IntArrayList deps = new IntArrayList();
    logical.analyze(op, res.node(), res.mask(), res.priv(), -1, deps);
    ordering.fenceDep(op, deps);
    List<Issued> issued = new ArrayList<>();
    List<Event> pre = ordering.eventsOf(deps);
    pre.add(charges.chargeAnalysis("fill", 0, System.nanoTime() - t0, issued));
    Operation.Fill fo = new Operation.Fill(graph.name(op), hostMemory, res.node().rect().volume() * 8,
        capture.merge(sim, pre), physical.stealing() ? needs.keys(res.node(), res.mask()) : null);
    Event done = sim.submit(fo);
    issued.add(new Issued(fo, done));
    int m = hostMemory.id();
    RegionNode node = res.node();
    int field = f.id();
    moves(done, () -> DataMovement.fillData(node, field, m, value));
    physical.commit(res.node(), res.mask(), Privilege.WD, m, done, null);
    finish(op, deps, done, t0, pending, List.of(hostMemory), issued);
  }

  private void analyzeCopy(PendingOp pending, List<Resolved> rs, Field sf, Field df, ReductionOp fold) {
    int op = pending.op();
    long t0 = System.nanoTime();
    IntArrayList deps = new IntArrayList();
    for (Resolved r : rs) {
      logical.analyze(op, r.node(), r.mask(), r.priv(), -1, deps);
    }
    ordering.fenceDep(op, deps);
    List<Issued> issued = new ArrayList<>();
    List<Event> pre = ordering.eventsOf(deps);
    pre.add(charges.chargeAnalysis("copy", 0, System.nanoTime() - t0, issued));
    Event logicalPre = capture.merge(sim, pre);
    List<Event> cpre = new ArrayList<>(List.of(logicalPre));
    int m = hostMemory.id();
    for (Resolved r : rs) {
      physical.prepare(r.node(), r.mask(), r.priv(), null, -1, m, logicalPre, cpre, issued);
    }
    RegionNode src = rs.get(0).node();
    RegionNode dst = rs.get(1).node();
    Rect common = src.rect().intersection(dst.rect());
    Operation.Copy co = new Operation.Copy(graph.name(op), hostMemory, hostMemory, common.volume() * 8,
        capture.merge(sim, cpre), physical.stealing() ? needs.keys(dst, rs.get(1).mask()) : null);
    Event done = sim.submit(co);
    issued.add(new Issued(co, done));
    int sfield = sf.id();
    int dfield = df.id();
    moves(done, () -> DataMovement.copyRegionData(src, sfield, dst, dfield, common, m, fold));
    physical.commit(rs.get(1).node(), rs.get(1).mask(), Privilege.RW, m, done, null);
    finish(op, deps, done, t0, pending, List.of(hostMemory, hostMemory), issued);
  }

  private void analyzeFence(PendingOp pending) {
    int op = pending.op();
    long t0 = System.nanoTime();
    IntArrayList deps = ordering.fence(op);
    Operation.Merge mo = new Operation.Merge(ordering.eventsOf(deps));
    Event done = sim.submit(mo);
    finish(op, deps, done, t0, pending, List.of(), List.of(new Issued(mo, done)));
  }

  InlineRegion inlineMap(RegionRequirement req) {
    markers.synchronizeEngine();
    markers.untraceable("inline mapping of " + req.region());
    Resolved r = resolution.resolveAll(List.of(req), "inline mapping").get(0);
    if (r.priv() == Privilege.RED) {
      throw new LegionException("inline mapping of " + req.region() + ": REDUCE privilege is not supported inline");
    }
    int op = graph.newOp(DependenceGraph.NodeKind.INLINE_MAPPING, "inline " + req.region());
    long t0 = System.nanoTime();
    IntArrayList deps = new IntArrayList();
    logical.analyze(op, r.node(), r.mask(), r.priv(), r.redop(), deps);
    ordering.fenceDep(op, deps);
    Event logicalPre = sim.merge(ordering.eventsOf(deps));
    List<Event> all = new ArrayList<>(List.of(logicalPre));
    int m = hostMemory.id();
    List<Issued> issued = new ArrayList<>();
    physical.prepare(r.node(), r.mask(), r.priv(), null, -1, m, logicalPre, all, issued);
    Event ready = sim.merge(all);
    if (probe.waits()) {
      probe.event(EventKind.WAIT_BEGIN, EventKind.WAIT_INLINE, op);
    }
    sim.runUntil(ready);
    effects.applyTriggered(sim);
    if (probe.waits()) {
      probe.event(EventKind.WAIT_END, op);
    }
    Event done = sim.userEvent();
    sim.trigger(done);
    physical.commit(r.node(), r.mask(), r.priv(), m, done, null);
    graph.setDeps(op, deps.toIntArray());
    graph.setEvent(op, done);
    ordering.addAnalysisNanos(System.nanoTime() - t0);
    Accessor[] acc = new Accessor[FieldSpace.MAX_FIELDS];
    for (long x = r.mask(); x != 0; x &= x - 1) {
      int f = Long.numberOfTrailingZeros(x);
      acc[f] = r.accessor("inline mapping of " + req.region(), f, m, null);
    }
    return new InlineRegion(req, acc);
  }

  /** Binds the data movement {@code move} to {@code done}, for this run and for a recording. */
  private void moves(Event done, Runnable move) {
    effects.add(done, move);
    capture.effect(done, move);
  }

  private void finish(int op, IntArrayList deps, Event done, long t0, PendingOp pending, List<Memory> mems,
      List<Issued> issued) {
    long dt = ordering.finish(op, deps, done, t0);
    markers.analysed(pending, graph.deps(op), null, mems, issued, done, dt);
  }
}
