package org.apophenia.legion;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;
import org.apophenia.legion.analysis.DependenceGraph;
import org.apophenia.legion.analysis.LogicalAnalyzer;
import org.apophenia.legion.analysis.Ordering;
import org.apophenia.legion.analysis.PhysicalAnalyzer;
import org.apophenia.legion.analysis.ReductionBuffer;
import org.apophenia.legion.analysis.Resolved;
import org.apophenia.legion.analysis.TaskNeeds;
import org.apophenia.legion.analysis.TraceAnalysisBuilder;
import org.apophenia.legion.api.Coherence;
import org.apophenia.legion.api.Mapper;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskBody;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.error.LegionException;
import org.apophenia.legion.instances.Effects;
import org.apophenia.legion.instances.MemorySet;
import org.apophenia.legion.tracing.Issued;
import org.apophenia.legion.tracing.OpKind;
import org.apophenia.legion.tracing.PendingOp;
import org.apophenia.sim.Event;
import org.apophenia.sim.Footprint;
import org.apophenia.sim.Operation;
import org.apophenia.sim.Reservation;
import org.apophenia.sim.Simulation;
import org.apophenia.sim.TaskAttributes;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.Processor;

/**
 * The issue pipeline of one point task (Legion thesis ch. 3), after its requirements were resolved:
 * a node in the dependence graph, the trace engine's say inside a trace, then logical dependence
 * analysis ({@link LogicalAnalyzer}), mapping ({@link Mapper}), the analysis charged to a utility
 * processor ({@link RuntimeCharges}), physical analysis ({@link PhysicalAnalyzer}: copies, reduction
 * instances, event preconditions) and the task on the simulated machine. Not thread-safe, like the
 * runtime.
 */
final class TaskPipeline {
  private static final Event[] NO_EVENTS = new Event[0];

  private final Machine machine;
  private final Simulation sim;
  private final Mapper mapper;
  private final DependenceGraph graph;
  private final LogicalAnalyzer logical;
  private final PhysicalAnalyzer physical;
  private final TaskNeeds needs;
  private final TraceAnalysisBuilder capture;
  private final Ordering ordering;
  private final RuntimeCharges charges;
  private final TraceMarkers markers;
  private final Effects effects;
  /**
   * Per processor id, the memories visible from it as a set, filled on first use, so that checking
   * a mapper's choice is a bit test rather than a search of the list Machine.visibleMemories keeps.
   */
  private final MemorySet[] visible;

  TaskPipeline(Machine machine, Simulation sim, Mapper mapper, LogicalAnalyzer logical, PhysicalAnalyzer physical,
      TraceAnalysisBuilder capture, Effects effects, Ordering ordering, RuntimeCharges charges, TraceMarkers markers) {
    this.machine = machine;
    this.sim = sim;
    this.mapper = mapper;
    this.graph = ordering.graph();
    this.logical = logical;
    this.physical = physical;
    this.needs = new TaskNeeds(sim);
    this.capture = capture;
    this.ordering = ordering;
    this.charges = charges;
    this.markers = markers;
    this.effects = effects;
    this.visible = new MemorySet[machine.processors().size()];
  }

  /**
   * Issues point {@code pointIndex} of {@code points} (-1 of 1 for a single task) named {@code name}
   * with resolved requirements {@code rs}, projected as {@code projected}: a graph node, the pending
   * op, then the engine decides inside a trace; analysed now unless it handles it.
   */
  void issue(TaskDefinition def, String name, List<Resolved> rs, List<RegionRequirement> projected, List<Object> args,
      long[] point, int pointIndex, int points, TaskFuture future) {
    int op = graph.newOp(DependenceGraph.NodeKind.TASK, name);
    PendingOp pending = new PendingOp(op, OpKind.TASK, name, def.id(), point, projected);
    TaskIssue t = new TaskIssue(def, rs, args, point, future, pointIndex, points, charges.launch(),
        effects, sim);
    graph.setPending(op, t);
    if (markers.offer(pending)) {
      return;
    }
    analyze(op, pending, t);
  }

  /** Analyses pending task {@code t} (graph node {@code op}) and launches it. */
  private void analyze(int op, PendingOp pending, TaskIssue t) {
    long t0 = System.nanoTime();
    TaskDefinition def = t.def;
    List<Resolved> rs = t.rs;
    IntArrayList deps = new IntArrayList();
    for (Resolved r : rs) {
      logical.analyze(op, r.node(), r.mask(), r.priv(), r.redop(), r.coh(), deps);
    }
    ordering.fenceDep(op, deps);
    Processor proc = mapper.selectProcessor(machine, def.name(), def.bodies().keySet(), t.pointIndex, t.points);
    if (!def.bodies().containsKey(proc.kind())) {
      throw new LegionException("mapper chose " + proc.name() + " (" + proc.kind() + ") for task " + def.name()
          + ", which has variants " + def.bodies().keySet());
    }
    List<Memory> mems = new ArrayList<>(rs.size());
    for (Resolved r : rs) {
      Memory mem = mapper.selectMemory(machine, proc, r.req(), physical.validMemories(r.node(), r.mask()));
      if (!visibleFrom(proc, mem)) {
        throw new LegionException("mapper chose " + mem.name() + " for task " + def.name() + ", not visible from "
            + proc.name());
      }
      if (r.req().coherence() == Coherence.SIMULTANEOUS) {
        // restricted (thesis §9.1.2): the instance the simultaneous users share, whatever the mapper chose,
        // when the processor sees it; else the mapper's, and the copy into it serialises (thesis §9.4.2)
        int shared = needs.sharedInstance(r.node(), r.mask(), r.coh(), r.priv());
        if (shared >= 0 && visibleFrom(proc, machine.memory(shared))) {
          mem = machine.memory(shared);
        }
      }
      mems.add(mem);
    }
    List<Issued> issued = new ArrayList<>();
    Event analysis = charges.mechanistic() ? charges.chargeWork(t, deps, proc.node(), markers.tracing(), issued)
        : charges.chargeAnalysis(def.name(), proc.node(), System.nanoTime() - t0, issued);
    List<Event> pre = new ArrayList<>();
    for (int d : deps) {
      pre.add(charges.remote(d, ordering.eventOf(d), proc.node(), issued));
    }
    for (Object a : t.args) {
      if (a instanceof TaskFuture f) {
        pre.add(f.consumerEvent(capture, sim));
      }
    }
    pre.add(analysis);
    Event logicalPre = capture.merge(sim, pre);
    List<Event> taskPre = new ArrayList<>();
    taskPre.add(logicalPre);
    ReductionBuffer[][] bufs = new ReductionBuffer[rs.size()][];
    boolean reduces = false;
    for (int i = 0; i < rs.size(); i++) {
      Resolved r = rs.get(i);
      bufs[i] = physical.prepare(r.node(), r.mask(), r.priv(), r.coh(), r.op(), r.redop(), mems.get(i).id(),
          logicalPre, taskPre, issued);
      reduces |= bufs[i] != null;
    }
    if (reduces) {
      capture.instances(op, bufs);
    }
    Event done = submit(op, t, def.bodies().get(proc.kind()), proc, mems, bufs, capture.merge(sim, taskPre),
        NO_EVENTS, 0, issued, false);
    for (int i = 0; i < rs.size(); i++) {
      Resolved r = rs.get(i);
      physical.commit(r.node(), r.mask(), r.priv(), r.coh(), mems.get(i).id(), done, bufs[i]);
    }
    long dt = ordering.finish(op, deps, done, t0);
    markers.analysed(pending, graph.deps(op), proc, mems, issued, done, dt);
  }

  /** Analyses pending task {@code op}, which the trace engine deferred, as if it had said ANALYZE. */
  void analyzeDeferred(PendingOp op) {
    analyze(op.op(), op, (TaskIssue) graph.pending(op.op()));
  }

  /**
   * What the task asks of the simulator beyond its processor: the reservations of its ATOMIC
   * requirements (one hold per reservation, the strongest), its footprint under work stealing, the
   * task whose processor it is pinned to. {@link TaskAttributes#NONE} (no allocation) for an exclusive task under
   * the mapped scheduler.
   */
  private TaskAttributes attributes(TaskIssue t, List<Memory> mems, Event pinnedLike) {
    List<Reservation.Hold> holds = null;
    for (Resolved r : t.rs) {
      if (r.req().coherence() == Coherence.ATOMIC) {
        holds = holds == null ? new ArrayList<>() : holds;
        needs.holds(r.node(), r.mask(), r.priv(), r.redop(), holds);
      }
    }
    Footprint footprint = null;
    if (physical.stealing()) {
      Footprint.Builder b = Footprint.builder();
      for (int i = 0; i < t.rs.size(); i++) {
        Resolved r = t.rs.get(i);
        needs.footprint(r.node(), r.mask(), r.priv(), mems.get(i).id(), b);
      }
      footprint = b.build();
    }
    if (holds == null && footprint == null && pinnedLike == null) {
      return TaskAttributes.NONE;
    }
    return new TaskAttributes(holds == null ? List.of() : strongest(holds), footprint, null, pinnedLike);
  }

  /**
   * One hold per reservation, exclusive if any of its holds is (two requirements of one task that do not
   * interfere may share an atom: holding its reservation twice could wait behind a waiter for itself).
   */
  private static List<Reservation.Hold> strongest(List<Reservation.Hold> holds) {
    holds.sort(java.util.Comparator.comparingInt(h -> h.reservation().id()));
    List<Reservation.Hold> out = new ArrayList<>(holds.size());
    for (Reservation.Hold h : holds) {
      Reservation.Hold last = out.isEmpty() ? null : out.get(out.size() - 1);
      if (last != null && last.reservation() == h.reservation()) {
        if (!last.equals(h)) {
          out.set(out.size() - 1, Reservation.Hold.exclusive(h.reservation()));
        }
      } else {
        out.add(h);
      }
    }
    return out;
  }

  /** Whether {@code mem} is visible from {@code proc}, a processor of this machine (else false). */
  private boolean visibleFrom(Processor proc, Memory mem) {
    int id = proc.id();
    if (id < 0 || id >= visible.length || machine.processor(id) != proc) {
      return machine.visibleMemories(proc).contains(mem); // not the machine's own instance
    }
    MemorySet v = visible[id];
    if (v == null) {
      for (Memory m : machine.visibleMemories(proc)) {
        v = v == null ? MemorySet.of(m) : v.with(m.id());
      }
      v = v == null ? MemorySet.EMPTY : v;
      visible[id] = v;
    }
    return v.contains(mem) && machine.memory(mem.id()).equals(mem);
  }

  /**
   * Submits task {@code t} (graph node {@code op}) on {@code proc} after {@code pre} and the first
   * {@code count} events of {@code more}; sets its future's event.
   */
  Event submit(int op, TaskIssue t, TaskBody body, Processor proc, List<Memory> mems, ReductionBuffer[][] bufs,
      Event pre, Event[] more, int count, List<Issued> issued, boolean reuseInstances) {
    return submit(op, t, body, proc, mems, bufs, pre, more, count, issued, reuseInstances, null);
  }

  /**
   * {@link #submit(int, TaskIssue, TaskBody, Processor, List, ReductionBuffer[][], Event, Event[], int, List,
   * boolean)} run where the task of {@code pinnedLike} ran, whatever the scheduler would choose (a
   * replayed steal; read when the task is ready), or where the scheduler puts it if null or not known.
   */
  Event submit(int op, TaskIssue t, TaskBody body, Processor proc, List<Memory> mems, ReductionBuffer[][] bufs,
      Event pre, Event[] more, int count, List<Issued> issued, boolean reuseInstances, Event pinnedLike) {
    String name = graph.name(op); // the task's own node: closes made by its analysis come after it
    t.placed(name, body, proc, mems, bufs, reuseInstances);
    Operation.Task task = new Operation.Task(name, proc, t.def.cost(), pre, t, attributes(t, mems, pinnedLike));
    Event done = sim.submit(task, more, count);
    if (issued != null) {
      issued.add(new Issued(task, done));
    }
    t.future.event = done;
    charges.launched(op, proc.node(), t.launch, done);
    return done;
  }
}
