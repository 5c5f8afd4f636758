package org.apophenia.legion.analysis;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.instances.MemorySet;
import org.apophenia.legion.tracing.Issued;
import org.apophenia.legion.tracing.ValidInstances;
import org.apophenia.sim.Event;
import org.apophenia.sim.Simulation;
import org.apophenia.sim.machine.Memory;

/**
 * The runtime's {@link ValidInstances}: the physical state by region ({@link PhysicalAnalyzer}) and by
 * equivalence atom ({@link AtomState}), and the eager folds at a trace's boundaries registered in the
 * logical analysis. Not thread-safe, like the runtime.
 */
public final class RuntimeValidInstances implements ValidInstances {
  private final Simulation sim;
  private final RegionForest forest;
  private final DependenceGraph graph;
  private final LogicalAnalyzer logical;
  private final PhysicalAnalyzer physical;
  private final TraceAnalysisBuilder capture;
  private final Ordering ordering;
  /** Whether a trace is open: folds are only for a trace's boundaries. */
  private final BooleanSupplier traceOpen;

  public RuntimeValidInstances(Simulation sim, RegionForest forest, LogicalAnalyzer logical, PhysicalAnalyzer physical,
      TraceAnalysisBuilder capture, Ordering ordering, BooleanSupplier traceOpen) {
    this.sim = sim;
    this.forest = forest;
    this.graph = ordering.graph();
    this.logical = logical;
    this.physical = physical;
    this.capture = capture;
    this.ordering = ordering;
    this.traceOpen = traceOpen;
  }

  @Override
  public MemorySet validMemories(LogicalRegion region, Field field) {
    return physical.validMemories(forest.regionNode(region, "validMemories"), field.bit());
  }
  @Override
  public void setValid(LogicalRegion region, long fields, Memory memory, Event ready, boolean exclusive) {
    physical.setValid(forest.regionNode(region, "setValid"), fields, memory.id(), ready, exclusive);
  }
  @Override
  public int[] atomsOf(LogicalRegion region) {
    RegionNode n = forest.regionNode(region, "atomsOf");
    return n.tree.atoms(n);
  }
  @Override
  public int treeVersion(LogicalRegion region) {
    return forest.anyRegionNode(region, "treeVersion").tree.version;
  }
  @Override
  public MemorySet atomValid(LogicalRegion region, int atom, int field) {
    AtomState s = forest.anyRegionNode(region, "atomValid").tree.atomStates.get(atom);
    return s.reducing(field) ? MemorySet.EMPTY : s.validSet(field);
  }
  @Override
  public void setAtomValid(LogicalRegion region, int atom, int field, MemorySet memories, Event ready) {
    AtomState s = forest.anyRegionNode(region, "setAtomValid").tree.atomStates.get(atom);
    s.closeGroup(field);
    s.setValidSet(field, memories);
    for (int m = memories.first(); m >= 0; m = memories.next(m + 1)) {
      s.setReady(field, m, ready);
    }
    if (s.reductions[field] != null) {
      s.reductions[field].clear();
    }
  }
  @Override
  public List<Issued> foldPending(LogicalRegion region, int atom, int field) {
    if (!traceOpen.getAsBoolean()) {
      throw new IllegalStateException("foldPending outside a trace");
    }
    RegionNode node = forest.anyRegionNode(region, "foldPending");
    List<Issued> issued = new ArrayList<>();
    physical.foldPending(node.tree, atom, field, issued);
    if (!issued.isEmpty()) {
      // the folds write an instance: later users of the data wait for them as for a READ_WRITE user
      int op = graph.newOp(DependenceGraph.NodeKind.SUMMARY, "fold at trace boundary");
      IntArrayList deps = new IntArrayList();
      logical.analyze(op, node, 1L << field, Privilege.RW, -1, deps);
      ordering.fenceDep(op, deps);
      graph.setDeps(op, deps.toIntArray());
      // completes after the folds (chained) and, as any operation, after what it depends on: a later
      // user may depend on it alone. Captured: a recording must see through it to the trace's own
      // operations among those (an earlier reader of the data inside the trace), or a later
      // operation of the trace that waits for this one would be recorded waiting for the fence only
      List<Event> evs = new ArrayList<>(deps.size() + 1);
      evs.add(issued.get(issued.size() - 1).result());
      evs.addAll(ordering.eventsOf(deps));
      graph.setEvent(op, capture.merge(sim, evs));
    }
    return issued;
  }
}
