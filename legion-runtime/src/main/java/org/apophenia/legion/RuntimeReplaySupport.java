package org.apophenia.legion;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;
import org.apophenia.legion.analysis.DependenceGraph;
import org.apophenia.legion.analysis.LogicalAnalyzer;
import org.apophenia.legion.analysis.Ordering;
import org.apophenia.legion.analysis.PhysicalAnalyzer;
import org.apophenia.legion.analysis.ReductionBuffer;
import org.apophenia.legion.analysis.RegionForest;
import org.apophenia.legion.analysis.Resolution;
import org.apophenia.legion.analysis.Resolved;
import org.apophenia.legion.analysis.TraceAnalysisBuilder;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskBody;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.instances.Effects;
import org.apophenia.legion.tracing.PendingOp;
import org.apophenia.legion.tracing.ReplaySupport;
import org.apophenia.sim.Event;
import org.apophenia.sim.Operation;
import org.apophenia.sim.Simulation;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * The runtime's {@link ReplaySupport}: what a trace engine issues in place of an analysis, over the
 * runtime's rooms (the task pipeline's submission, the dependence graph, the logical analysis for
 * fences and summaries, the cost model's replay charges). Not thread-safe, like the runtime.
 */
final class RuntimeReplaySupport implements ReplaySupport {
  private static final int[] NO_DEPS = new int[0];
  /** A replayed task's reduction buffers (it has no REDUCE requirement): all null, read only. */
  private static final ReductionBuffer[][] NO_BUFFERS = new ReductionBuffer[16][];

  private final Simulation sim;
  private final RegionForest forest;
  private final Resolution resolution;
  private final DependenceGraph graph;
  private final LogicalAnalyzer logical;
  private final PhysicalAnalyzer physical;
  private final Effects effects;
  private final TraceAnalysisBuilder capture;
  private final Ordering ordering;
  private final RuntimeCharges charges;
  private final TaskPipeline pipeline;
  /** The body {@link #launch} looked up last: replays launch runs of the same task and kind. */
  private TaskDefinition lastLaunchedDef;
  private ProcessorKind lastLaunchedKind;
  private TaskBody lastLaunchedBody;

  RuntimeReplaySupport(Simulation sim, RegionForest forest, Resolution resolution, LogicalAnalyzer logical,
      PhysicalAnalyzer physical, Effects effects, TraceAnalysisBuilder capture, Ordering ordering,
      RuntimeCharges charges, TaskPipeline pipeline) {
    this.sim = sim;
    this.forest = forest;
    this.resolution = resolution;
    this.graph = ordering.graph();
    this.logical = logical;
    this.physical = physical;
    this.effects = effects;
    this.capture = capture;
    this.ordering = ordering;
    this.charges = charges;
    this.pipeline = pipeline;
  }

  @Override
  public Event issueCopy(LogicalRegion region, long fields, Memory from, Memory to, Event precondition) {
    return physical.issueCopy(forest.regionNode(region, "issueCopy"), "trace copy " + region, fields, from, to,
        precondition);
  }
  @Override
  public Event launch(PendingOp op, Processor processor, List<Memory> memories, Object reductionInstances,
      Event precondition, Event[] more, int count, Event runLike) {
    TaskIssue t = pendingTask(op);
    ReductionBuffer[][] bufs = (ReductionBuffer[][]) reductionInstances;
    if (bufs == null) {
      for (Resolved r : t.rs) {
        if (r.priv() == Privilege.RED) {
          throw new UnsupportedOperationException("task " + op.name() + " has REDUCE requirements: replaying it "
              + "needs the reduction instances recorded for it");
        }
      }
      // no reduction instances: a shared all-null array (the launch only reads it)
      bufs = t.rs.size() <= NO_BUFFERS.length ? NO_BUFFERS : new ReductionBuffer[t.rs.size()][];
    } else if (bufs.length != t.rs.size()) {
      throw new IllegalArgumentException("task " + op.name() + " has " + t.rs.size() + " requirements, the "
          + "reduction instances are for " + bufs.length);
    }
    graph.takePending(op.op());
    List<Event> pre = null; // only with future arguments: a replayed task usually has none
    for (Object a : t.args) {
      if (a instanceof TaskFuture f) {
        if (pre == null) {
          pre = new ArrayList<>();
          pre.add(precondition);
        }
        pre.add(f.consumerEvent(capture, sim));
      }
    }
    Event after = pre == null ? precondition : sim.merge(pre);
    TaskBody body = t.def == lastLaunchedDef && processor.kind() == lastLaunchedKind ? lastLaunchedBody
        : t.def.bodies().get(processor.kind());
    lastLaunchedDef = t.def;
    lastLaunchedKind = processor.kind();
    lastLaunchedBody = body;
    Event done = pipeline.submit(op.op(), t, body, processor, memories, bufs, after, more, count, null,
        reductionInstances != null, runLike);
    graph.setEvent(op.op(), done);
    graph.setDeps(op.op(), NO_DEPS);
    return done;
  }
  @Override
  public Event completeReplayed(PendingOp op, Event done) {
    boolean fence = switch (op.kind()) {
      case TASK -> throw new IllegalStateException("operation " + op.op() + " is not a pending fill, copy or fence");
      case FILL, COPY, REDUCTION_COPY -> false;
      case FENCE -> true;
    };
    if (!(graph.pending(op.op()) instanceof Runnable)) {
      throw new IllegalStateException("operation " + op.op() + " is not a pending fill, copy or fence");
    }
    graph.takePending(op.op());
    Event e = done;
    if (fence) {
      // the recorded merge saw only the trace's own operations and, for what came before, the replay's
      // mapping fence, which covers the trace's data only: an execution fence waits for everything
      IntArrayList deps = ordering.fence(op.op());
      List<Event> evs = ordering.eventsOf(deps);
      evs.add(done);
      e = sim.merge(evs);
      graph.setDeps(op.op(), deps.toIntArray());
    } else {
      graph.setDeps(op.op(), NO_DEPS); // ordered by the replay's commands, like a replayed task
    }
    graph.setEvent(op.op(), e);
    return e;
  }
  private TaskIssue pendingTask(PendingOp op) {
    TaskIssue t = (TaskIssue) graph.pending(op.op());
    if (t == null) {
      throw new IllegalStateException("operation " + op.op() + " is not a pending task");
    }
    return t;
  }
  @Override
  public int registerSummary(List<RegionRequirement> requirements, Event completion) {
    List<Resolved> rs = new ArrayList<>();
    for (RegionRequirement q : requirements) {
      rs.add(resolution.resolve(q, "trace summary"));
    }
    int op = graph.newOp(DependenceGraph.NodeKind.SUMMARY, "trace summary");
    IntArrayList deps = new IntArrayList();
    for (Resolved r : rs) {
      logical.analyze(op, r.node(), r.mask(), Privilege.RW, -1, deps);
    }
    ordering.fenceDep(op, deps);
    graph.setDeps(op, deps.toIntArray());
    graph.setEvent(op, completion);
    return op;
  }
  @Override
  public Event eventOf(int op) {
    return ordering.eventOf(op);
  }
  @Override
  public Event fence(List<RegionRequirement> requirements) {
    int op = graph.newOp(DependenceGraph.NodeKind.SUMMARY, "trace fence");
    IntArrayList deps = new IntArrayList();
    for (RegionRequirement q : requirements) {
      Resolved r = resolution.resolve(q, "trace fence");
      logical.analyze(op, r.node(), r.mask(), Privilege.RW, -1, deps);
    }
    ordering.fenceDep(op, deps);
    graph.setDeps(op, deps.toIntArray());
    Event e = sim.merge(ordering.eventsOf(deps));
    graph.setEvent(op, e);
    return e;
  }
  @Override
  public Event[] replayGates(int traceId, int[] tasksPerNode, long extraNanosPerTask, Event after) {
    return charges.replayGates(traceId, tasksPerNode, extraNanosPerTask, after);
  }
  @Override
  public Event reissue(Operation recorded, Runnable effect, Event precondition, Event[] more, int count) {
    Operation op;
    if (recorded instanceof Operation.Copy c) {
      op = c.after(precondition); // with the data it changes (work stealing's versions)
    } else if (recorded instanceof Operation.Fill f) {
      op = f.after(precondition);
    } else if (recorded instanceof Operation.RuntimeWork w) {
      op = new Operation.RuntimeWork(w.name(), w.processor(), w.category(), w.nanos(), precondition, w.body());
    } else {
      throw new IllegalArgumentException("cannot re-issue " + recorded.getClass().getSimpleName());
    }
    Event done = sim.submit(op, more, count);
    if (effect != null) {
      effects.add(done, effect);
    }
    return done;
  }
}
