package org.apophenia.legion;

import java.util.List;
import java.util.Objects;
import org.apophenia.legion.analysis.DependenceGraph;
import org.apophenia.legion.analysis.LogicalAnalyzer;
import org.apophenia.legion.analysis.Ordering;
import org.apophenia.legion.analysis.PhysicalAnalyzer;
import org.apophenia.legion.analysis.RegionForest;
import org.apophenia.legion.analysis.RegionNode;
import org.apophenia.legion.analysis.Resolution;
import org.apophenia.legion.analysis.RuntimeValidInstances;
import org.apophenia.legion.analysis.TraceAnalysisBuilder;
import org.apophenia.legion.api.DefaultMapper;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.Future;
import org.apophenia.legion.api.IndexLauncher;
import org.apophenia.legion.api.IndexSpace;
import org.apophenia.legion.api.InlineRegion;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Mapper;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.ReductionOp;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.legion.error.DestroyedResourceException;
import org.apophenia.legion.error.InterferenceException;
import org.apophenia.legion.error.LegionException;
import org.apophenia.legion.error.PartitionException;
import org.apophenia.legion.error.TraceMarkerException;
import org.apophenia.legion.instances.Effects;
import org.apophenia.legion.tracing.TraceEngine;
import org.apophenia.legion.tracing.TraceSupport;
import org.apophenia.sim.Scheduler;
import org.apophenia.sim.Simulation;
import org.apophenia.sim.SimulationResult;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.MemoryKind;

/**
 * The front door of the Legion-like runtime: create index spaces, field spaces, regions and partitions;
 * register tasks and reduction operators; issue tasks, index launches, fills, copies, fences and inline
 * mappings; bracket traces with {@link #beginTrace}/{@link #endTrace}.
 *
 * <p>Pipeline per operation (Legion thesis ch. 3): validation (errors are thrown before any state
 * changes) → logical dependence analysis over the region tree ({@link LogicalAnalyzer}) → mapping
 * ({@link Mapper}) → physical analysis ({@link PhysicalAnalyzer}: copies, reduction folds, event
 * preconditions) → a task on the simulated machine whose Java body runs on real data when it starts in
 * simulated time. The application thread blocks only in {@link Future#get}, {@link #inlineMap} and
 * {@link #finish}. The real time of each analysis is measured and charged to a UTILITY processor by the
 * {@link CostModel}.
 *
 * <p>A facade over the runtime's rooms: the region forest ({@link RegionForest}) and requirement
 * resolution ({@link Resolution}); the task front door ({@link TaskFrontDoor}) and its issue pipeline
 * ({@link TaskPipeline}, with {@link Ordering} and {@link RuntimeCharges}); fills, copies, fences
 * and inline mappings ({@link DataOperations}); the trace markers ({@link TraceMarkers}) and the
 * {@link TraceSupport} an engine is handed ({@link RuntimeTraceSupport}); the top-level context that
 * issues everything and blocks for its futures ({@link TopLevelContext}).
 *
 * <p>Only the top-level context is analysed: the application holds READ_WRITE on every region it
 * created; tasks cannot launch sub-tasks (see the module notes).
 *
 * <p>Not thread-safe: one application thread per runtime.
 */
public final class LegionRuntime {
  private final Machine machine;
  private final Simulation sim;
  private final Effects effects = new Effects();
  private final RegionForest forest;
  private final Resolution resolution;
  private final Ordering ordering;
  private final TraceMarkers markers;
  private final TaskFrontDoor tasks;
  private final DataOperations data;
  private final TopLevelContext top;

  /** A runtime on {@code machine} with the {@link DefaultMapper} and no simulated analysis cost. */
  public LegionRuntime(Machine machine) {
    this(machine, new DefaultMapper(), CostModel.none());
  }

  /** A runtime on {@code machine} whose tasks {@code mapper} places, its own work priced by {@code costModel}. */
  public LegionRuntime(Machine machine, Mapper mapper, CostModel costModel) {
    this(machine, mapper, costModel, Scheduler.MAPPED);
  }

  /**
   * A runtime as {@link #LegionRuntime(Machine, Mapper, CostModel)} whose simulated machine runs ready
   * tasks as {@code scheduler} says: where the mapper put them ({@link Scheduler#MAPPED}), or with work
   * stealing among processors of a kind (then every task carries its footprint, so that a thief moves
   * its data).
   */
  public LegionRuntime(Machine machine, Mapper mapper, CostModel costModel, Scheduler scheduler) {
    this.machine = Objects.requireNonNull(machine, "machine");
    Objects.requireNonNull(mapper, "mapper");
    Objects.requireNonNull(costModel, "costModel");
    this.sim = Simulation.on(machine).scheduler(scheduler);
    DependenceGraph graph = new DependenceGraph();
    LogicalAnalyzer logical = new LogicalAnalyzer(graph);
    TraceAnalysisBuilder capture = new TraceAnalysisBuilder();
    PhysicalAnalyzer physical = new PhysicalAnalyzer(sim, effects, capture);
    this.forest = new RegionForest(machine.memories().size());
    this.resolution = new Resolution(forest);
    this.ordering = new Ordering(graph, sim, capture);
    RuntimeCharges charges = new RuntimeCharges(machine, sim, costModel);
    this.markers = new TraceMarkers(sim, capture, charges, forest, graph);
    TaskPipeline pipeline = new TaskPipeline(machine, sim, mapper, logical, physical, capture, effects, ordering,
        charges, markers);
    this.data = new DataOperations(sim, machine.memories(0, MemoryKind.SYSTEM).get(0), forest, logical, physical,
        effects, capture, resolution, ordering, charges, markers);
    RuntimeValidInstances instances = new RuntimeValidInstances(sim, forest, logical, physical, capture, ordering,
        () -> markers.openTrace() >= 0);
    RuntimeReplaySupport replay = new RuntimeReplaySupport(sim, forest, resolution, logical, physical, effects,
        capture, ordering, charges, pipeline);
    markers.attach(new RuntimeTraceSupport(sim, graph, capture, instances, replay), op -> {
          boolean task = switch (op.kind()) {
            case TASK -> true;
            case FILL, COPY, REDUCTION_COPY, FENCE -> false; // the data operations' own analysis
          };
          if (task) {
            pipeline.analyzeDeferred(op);
          } else {
            data.analyzeDeferred(op);
          }
        });
    this.top = new TopLevelContext(sim, effects, markers);
    this.tasks = new TaskFrontDoor(top, sim, forest, resolution, markers, pipeline, charges);
  }

  public Simulation simulation() {
    return sim;
  }

  public Machine machine() {
    return machine;
  }

  // ---------------------------------------------------------------- data model

  public IndexSpace createIndexSpace(Rect bounds) {
    return forest.createIndexSpace(bounds);
  }

  public FieldSpace createFieldSpace() {
    return forest.createFieldSpace();
  }

  /** A new root region (a new region tree) over {@code is} and {@code fs}; its data starts as zeros. */
  public LogicalRegion createRegion(IndexSpace is, FieldSpace fs) {
    return forest.createRegion(is, fs);
  }

  /** Destroys a region and everything below it; later use is a DestroyedResourceException. */
  public void destroyRegion(LogicalRegion r) {
    RegionNode n = forest.regionNode(r, "destroyRegion");
    markers.synchronizeEngine();
    forest.markDestroyed(n);
  }

  /** Destroys a partition and its subregions. */
  public void destroyPartition(Partition p) {
    RegionNode n = forest.partitionNode(p, "destroyPartition");
    markers.synchronizeEngine();
    forest.markDestroyed(n);
  }

  /** An equal partition of {@code r} into {@code pieces} blocks along dimension 0 (disjoint, complete). */
  public Partition partitionEqual(LogicalRegion r, int pieces) {
    return partitionWithGhosts(r, pieces, 0);
  }

  /**
   * Blocks along dimension 0 as in {@link #partitionEqual}, each widened by {@code halo} points on both
   * sides and clipped to {@code r}: an aliased "ghost" partition when {@code halo > 0}.
   */
  public Partition partitionWithGhosts(LogicalRegion r, int pieces, int halo) {
    return partitionByRects(r, RegionForest.blocks(r, pieces, halo));
  }

  /**
   * A partition of {@code r} with one subregion per rectangle (colors in list order); disjointness and
   * completeness are computed. PartitionException if a rectangle is outside {@code r}'s index space.
   * O(n^2) in the number of subregions.
   */
  public Partition partitionByRects(LogicalRegion r, List<Rect> rects) {
    // a new subregion may refine the atoms a delayed postcondition names
    return forest.partition(r, rects, markers::synchronizeEngine);
  }

  /** Registers a reduction operator and returns its id for {@link Privilege#reduce}. */
  public int registerReduction(ReductionOp op) {
    return forest.registerReduction(op);
  }

  /** Registers (or replaces) a task. */
  public void registerTask(TaskDefinition def) {
    forest.registerTask(def);
  }

  /**
   * A context holding only {@code privileges} (requirements on regions this runtime created, parent
   * an ancestor): launches through it are checked for privilege containment, see {@link Context}.
   * The top-level context holds READ_WRITE on everything, so any valid requirements may be held.
   * LegionException naming the requirement if one is invalid or on a partition.
   */
  public Context context(String name, RegionRequirement... privileges) {
    List<RegionRequirement> held = List.of(privileges);
    tasks.checkContextPrivileges(name, held);
    return new Context(tasks, name, held);
  }

  private void checkAlive(String where) {
    top.checkAlive(where);
  }

  // ---------------------------------------------------------------- operations

  /** Issues a single task; returns its future. */
  public Future execute(TaskLauncher launcher) {
    return tasks.execute(launcher);
  }

  /**
   * Issues an index launch: one point task per point of the domain. InterferenceException (before
   * anything is issued) if two points' requirements interfere and their coherence would order them
   * (two points may share data only under ATOMIC, SIMULTANEOUS or RELAXED coherence).
   */
  public Future executeIndex(IndexLauncher launcher) {
    return tasks.executeIndex(launcher);
  }

  /** Fills field {@code f} of {@code r} with {@code value} (WRITE_DISCARD), in node 0's SYSTEM memory. */
  public void fill(LogicalRegion r, Field f, long value, LogicalRegion parent) {
    checkAlive("fill");
    data.fill(r, f, value, parent);
  }

  /**
   * Copies field {@code sf} of {@code src} into field {@code df} of {@code dst} for the points they
   * share (an explicit copy operation, thesis §2.7), through node 0's SYSTEM memory.
   */
  public void copy(LogicalRegion src, Field sf, LogicalRegion srcParent, LogicalRegion dst, Field df,
      LogicalRegion dstParent) {
    checkAlive("copy");
    data.copy(src, sf, srcParent, dst, df, dstParent, -1);
  }

  /**
   * A reduction copy: folds field {@code sf} of {@code src} into field {@code df} of {@code dst} with
   * the reduction operator registered as {@code redop}, for the points they share, through node 0's
   * SYSTEM memory. The destination is read and written (READ_WRITE), so it is ordered like a copy.
   * LegionException if {@code redop} is not registered.
   */
  public void reductionCopy(LogicalRegion src, Field sf, LogicalRegion srcParent, LogicalRegion dst, Field df,
      LogicalRegion dstParent, int redop) {
    checkAlive("reductionCopy");
    data.copy(src, sf, srcParent, dst, df, dstParent, redop);
  }

  /** An execution fence: every later operation waits for every earlier one. */
  public void fence() {
    checkAlive("fence");
    data.fence();
  }

  /**
   * Maps {@code req}'s region for the application (thesis §2.7): waits until the data is ready in
   * node 0's SYSTEM memory and returns accessors. Untraceable: inside a trace with an engine installed
   * it throws a LegionException.
   */
  public InlineRegion inlineMap(RegionRequirement req) {
    checkAlive("inlineMap");
    return data.inlineMap(req);
  }

  /** Runs the simulation to the end, applies every pending data movement, and returns the result. */
  public SimulationResult finish() {
    SimulationResult r = sim.drain();
    effects.applyTriggered(sim);
    return r;
  }

  /** Destroys the top-level context: later calls and waits on its futures throw DestroyedResourceException. */
  public void destroy() {
    top.destroy();
  }

  // ---------------------------------------------------------------- tracing

  /** Installs the trace engine (null for none). Not while a trace is open. */
  public void setTraceEngine(TraceEngine e) {
    markers.setEngine(e);
  }

  /** {@code tbegin(id)}: TraceMarkerException if a trace is already open (no nesting). */
  public void beginTrace(int id) {
    checkAlive("beginTrace");
    markers.begin(id);
  }

  /** {@code tend(id)}: TraceMarkerException if no trace is open or the open one has another id. */
  public void endTrace(int id) {
    checkAlive("endTrace");
    markers.end(id);
  }

  /** The id of the open trace, or -1. */
  public int openTrace() {
    return markers.openTrace();
  }

  // ---------------------------------------------------------------- statistics

  /** Real nanoseconds spent in analysis so far (all operations). */
  public long analysisNanos() {
    return ordering.analysisNanos();
  }

  /** Operations analysed (not handled by a trace engine). */
  public long analysedOperations() {
    return ordering.analysedOps();
  }

  // ---------------------------------------------------------------- for tests of this package

  DependenceGraph graph() {
    return ordering.graph();
  }

  RegionNode node(int id) {
    return forest.node(id);
  }

  /** Application-side read of a region's field after {@link #finish}, for tests: node 0 SYSTEM view. */
  long[] snapshot(LogicalRegion r, Field f) {
    InlineRegion ir = inlineMap(RegionRequirement.of(r, Privilege.READ_ONLY, forest.rootOf(r), f));
    Rect b = r.bounds();
    long[] out = new long[(int) b.volume()];
    long[] p = new long[b.dim()];
    for (int i = 0; i < out.length; i++) {
      b.point(i, p);
      out[i] = ir.accessor(f).getLong(p);
    }
    return out;
  }
}
