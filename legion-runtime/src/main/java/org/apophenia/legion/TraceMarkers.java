package org.apophenia.legion;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apophenia.legion.analysis.DependenceGraph;
import org.apophenia.legion.analysis.RegionForest;
import org.apophenia.legion.analysis.Resolved;
import org.apophenia.legion.analysis.TraceAnalysisBuilder;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.error.LegionException;
import org.apophenia.legion.error.TraceMarkerException;
import org.apophenia.legion.tracing.Issued;
import org.apophenia.legion.tracing.OpAnalysis;
import org.apophenia.legion.tracing.PendingOp;
import org.apophenia.legion.tracing.TraceEngine;
import org.apophenia.legion.tracing.TraceSupport;
import org.apophenia.recorder.EventKind;
import org.apophenia.recorder.Probe;
import org.apophenia.sim.Event;
import org.apophenia.sim.Simulation;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.Processor;

/**
 * The runtime's side of dynamic tracing (Legion thesis §4.5): the installed {@link TraceEngine}, the
 * open trace between {@code tbegin} and {@code tend}, what every operation inside it is handed to
 * the engine as, the memo of its validated launches ({@link TraceLaunches}), and the index-launch
 * futures joined only at {@code tend} because the engine may defer their points. Not thread-safe,
 * like the runtime.
 */
final class TraceMarkers {
  /** An index-launch future of the open trace, its point futures, and whether it is all-reduced. */
  private record DeferredJoin(TaskFuture all, List<TaskFuture> points, boolean reduced) {}

  private final Simulation sim;
  private final TraceAnalysisBuilder capture;
  private final RuntimeCharges charges;
  private final RegionForest forest;
  private final DependenceGraph graph;
  private TraceSupport support;
  /** Analyses a pending task the engine deferred, as if it had said ANALYZE. */
  private Consumer<PendingOp> deferredAnalysis;
  private TraceEngine engine;
  private int openTrace = -1;
  /** Operations of the open trace the engine said it handles, in issue order: deferred until issued. */
  private final ArrayList<PendingOp> handedOver = new ArrayList<>();
  /** Validated launches of recent trace instances, reused by later instances (see TraceLaunches). */
  private final TraceLaunches traceLaunches = new TraceLaunches();
  /** Launches issued since the open trace's {@code tbegin}: the position of the next one. */
  private int launchPosition;
  /** Index-launch futures whose points a trace engine may defer: joined at {@code tend}. */
  private final ArrayList<DeferredJoin> deferredJoins = new ArrayList<>();
  /** The event recorder's, read once: each trace occurrence, and each operation the engine takes for replay. */
  private final Probe probe = Probe.current();

  TraceMarkers(Simulation sim, TraceAnalysisBuilder capture, RuntimeCharges charges, RegionForest forest,
      DependenceGraph graph) {
    this.sim = sim;
    this.capture = capture;
    this.charges = charges;
    this.forest = forest;
    this.graph = graph;
  }

  /**
   * The view of the runtime the engine is handed (made after this, as it reads the open trace), and
   * how a task the engine deferred is analysed when it gives up on replaying.
   */
  void attach(TraceSupport support, Consumer<PendingOp> deferredAnalysis) {
    this.support = support;
    this.deferredAnalysis = deferredAnalysis;
  }

  int openTrace() {
    return openTrace;
  }

  /** Whether a trace is open with an engine installed: operations go to the engine first. */
  boolean tracing() {
    return engine != null && openTrace >= 0;
  }

  /**
   * Lets the engine bring the physical state up to date before the runtime reads or changes it on its
   * own, outside traces (see {@link TraceEngine#synchronize}).
   */
  void synchronizeEngine() {
    if (engine != null && openTrace < 0) {
      engine.synchronize(support);
    }
  }

  /** LegionException if {@code what} is issued inside a trace with an engine installed. */
  void untraceable(String what) {
    if (tracing()) {
      throw new LegionException(what + " is untraceable and cannot appear inside trace " + openTrace);
    }
  }

  /**
   * Hands {@code pending} to the engine inside a trace; true if the engine handles it (no analysis
   * now): a task, fill, copy or fence alike. When the engine gives up on replaying, the operations it
   * deferred are analysed first.
   */
  boolean offer(PendingOp pending) {
    if (!tracing()) {
      return false;
    }
    TraceEngine.Decision d = engine.onOperation(openTrace, pending, support);
    if (d == TraceEngine.Decision.HANDLED) {
      if (probe.replay()) {
        probe.event(EventKind.REPLAY_TAKEN, handedOver.size(), pending.op());
      }
      handedOver.add(pending);
      return true;
    }
    if (d == TraceEngine.Decision.ANALYZE_DEFERRED) {
      analyseDeferred();
      engine.beforeAnalysis(openTrace, pending, support);
    }
    return false;
  }

  /** Analyses, in issue order, the operations handed over to the engine that it has not issued. */
  private void analyseDeferred() {
    List<PendingOp> ops = new ArrayList<>(handedOver);
    handedOver.clear();
    for (PendingOp op : ops) {
      if (graph.pending(op.op()) != null) { // not launched by the engine since
        engine.beforeAnalysis(openTrace, op, support);
        deferredAnalysis.accept(op);
      }
    }
  }

  /** Reports the analysis of an operation just analysed to the engine inside a trace. */
  void analysed(PendingOp pending, int[] deps, Processor proc, List<Memory> mems, List<Issued> issued,
      Event done, long nanos) {
    if (tracing()) {
      engine.observe(openTrace, new OpAnalysis(pending, deps, proc, mems, issued, done, nanos), support);
    }
  }

  /**
   * The memoized validation of the launch at this position of the open trace if it is this launch,
   * else null (see TraceLaunches). Advances the position either way.
   */
  TraceLaunches.Launch tracedLaunch(int taskId, Rect domain, List<RegionRequirement> reqs) {
    TraceLaunches.Launch l = traceLaunches.get(openTrace, launchPosition++);
    return l != null && l.matches(forest.taskOrNull(taskId), domain, reqs, forest.destructions()) ? l : null;
  }

  /** Memoizes a launch just validated at the position {@link #tracedLaunch} looked at. */
  @SuppressWarnings("unchecked")
  TraceLaunches.Launch remember(TaskDefinition def, Rect domain, List<RegionRequirement> reqs,
      List<List<Resolved>> resolved, long[][] points, String[] names, String launchName) {
    int n = resolved.size();
    List<Resolved>[] rs = new List[n];
    List<RegionRequirement>[] projected = new List[n];
    for (int i = 0; i < n; i++) {
      rs[i] = resolved.get(i); // made for this launch by resolveAll and never changed: no copy
      RegionRequirement[] q = new RegionRequirement[rs[i].size()];
      for (int j = 0; j < q.length; j++) {
        q[j] = rs[i].get(j).req();
      }
      projected[i] = List.of(q);
    }
    TraceLaunches.Launch l = new TraceLaunches.Launch(def, domain, reqs, forest.destructions(), rs, projected, points,
        names, launchName);
    traceLaunches.put(openTrace, launchPosition - 1, l);
    return l;
  }

  /** Joins index-launch future {@code all} of the open trace to {@code points} at {@code tend}. */
  void deferJoin(TaskFuture all, List<TaskFuture> points, boolean reduced) {
    deferredJoins.add(new DeferredJoin(all, points, reduced));
    all.points = points;
  }

  /** Installs the trace engine (null for none). Not while a trace is open. */
  void setEngine(TraceEngine e) {
    if (openTrace >= 0) {
      throw new TraceMarkerException("cannot change the trace engine while trace " + openTrace + " is open");
    }
    synchronizeEngine(); // the old engine leaves the physical state complete
    engine = e;
  }

  void begin(int id) {
    if (openTrace >= 0) {
      throw new TraceMarkerException("tbegin(" + id + ") while trace " + openTrace
          + " is open: traces cannot be nested");
    }
    if (id < 0) {
      throw new TraceMarkerException("tbegin(" + id + "): trace ids are non-negative");
    }
    if (probe.traces()) {
      probe.event(EventKind.RUNTIME_TRACE_BEGIN, id);
    }
    openTrace = id;
    launchPosition = 0;
    handedOver.clear();
    charges.startRecording();
    if (engine != null) {
      capture.start();
      engine.beginTrace(id, support);
    }
  }

  void end(int id) {
    if (openTrace < 0) {
      throw new TraceMarkerException("tend(" + id + ") without a matching tbegin");
    }
    if (openTrace != id) {
      throw new TraceMarkerException("tend(" + id + ") does not match the open tbegin(" + openTrace + ")");
    }
    long outcome = EventKind.TRACE_NO_ENGINE;
    if (engine != null) {
      try {
        TraceEngine.Decision d = engine.endTrace(id, support);
        outcome = d == TraceEngine.Decision.HANDLED ? EventKind.TRACE_REPLAYED : EventKind.TRACE_RECORDED;
        if (d == TraceEngine.Decision.ANALYZE_DEFERRED) {
          analyseDeferred();
        }
        engine.closeTrace(id, support);
        charges.chargeOptimisation(id); // after the deferred analyses, which record too
      } finally {
        handedOver.clear();
        capture.stop();
        openTrace = -1;
        joinDeferred();
      }
    }
    openTrace = -1;
    if (probe.traces()) {
      probe.event(EventKind.RUNTIME_TRACE_END, outcome, id);
    }
  }

  /** Index-launch futures of the trace just closed: their points may have been issued only at tend. */
  private void joinDeferred() {
    for (DeferredJoin j : deferredJoins) {
      List<Event> evs = new ArrayList<>();
      for (TaskFuture f : j.points()) {
        evs.add(f.event);
      }
      Event e = sim.merge(evs);
      j.all().event = j.reduced() ? charges.allReduce(e) : e;
      j.all().points = null;
    }
    deferredJoins.clear();
  }
}
