package org.apophenia.legion;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apophenia.legion.analysis.RegionForest;
import org.apophenia.legion.analysis.Resolution;
import org.apophenia.legion.analysis.Resolved;
import org.apophenia.legion.api.Future;
import org.apophenia.legion.api.IndexLauncher;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.ReductionOp;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.legion.error.LegionException;
import org.apophenia.sim.Event;
import org.apophenia.sim.Simulation;

/**
 * The front door for tasks: a single task or an index launch is validated (inside a trace, once per
 * trace position: see {@link TraceLaunches}), its points are handed to the {@link TaskPipeline} in
 * order, and its future is made: an index launch's joins its points' futures (at {@code tend} inside
 * a trace, as the engine may defer them) and may reduce their values. {@link LegionRuntime} and every
 * {@link Context} issue through it, so the top-level context's liveness and a context's privileges are
 * checked here. Not thread-safe, like the runtime.
 */
final class TaskFrontDoor {
  private static final long[] NO_POINT = new long[0];

  private final TopLevelContext top;
  private final Simulation sim;
  private final RegionForest forest;
  private final Resolution resolution;
  private final TraceMarkers markers;
  private final TaskPipeline pipeline;
  private final RuntimeCharges charges;

  TaskFrontDoor(TopLevelContext top, Simulation sim, RegionForest forest, Resolution resolution,
      TraceMarkers markers, TaskPipeline pipeline, RuntimeCharges charges) {
    this.top = top;
    this.sim = sim;
    this.forest = forest;
    this.resolution = resolution;
    this.markers = markers;
    this.pipeline = pipeline;
    this.charges = charges;
  }

  /** Issues a single task; returns its future. */
  Future execute(TaskLauncher launcher) {
    top.checkAlive("execute");
    charges.newLaunch();
    if (markers.tracing()) {
      TraceLaunches.Launch l = markers.tracedLaunch(launcher.taskId(), null, launcher.requirements());
      if (l == null) {
        TaskDefinition def = forest.task(launcher.taskId());
        List<Resolved> rs = resolution.resolveAll(launcher.requirements(), "task " + def.name());
        l = markers.remember(def, null, launcher.requirements(), List.of(rs), new long[][] {NO_POINT},
            new String[] {def.name()}, null);
      }
      TaskFuture f = new TaskFuture(top, l.names()[0], Event.NONE);
      issue(l, 0, launcher.args(), -1, 1, f);
      return f;
    }
    markers.synchronizeEngine();
    TaskDefinition def = forest.task(launcher.taskId());
    List<Resolved> rs = resolution.resolveAll(launcher.requirements(), "task " + def.name());
    TaskFuture f = new TaskFuture(top, def.name(), Event.NONE);
    pipeline.issue(def, def.name(), rs, rs.stream().map(Resolved::req).toList(), launcher.args(), NO_POINT, -1, 1,
        f);
    return f;
  }

  /** Issues an index launch; returns its future, which joins (and maybe reduces) its points'. */
  Future executeIndex(IndexLauncher launcher) {
    top.checkAlive("executeIndex");
    charges.newLaunch();
    if (markers.tracing()) {
      return executeIndexTraced(launcher);
    }
    markers.synchronizeEngine();
    TaskDefinition def = forest.task(launcher.taskId());
    Resolution.Points points = resolution.indexPoints(def, launcher);
    int n = points.names().length;
    List<TaskFuture> fs = new ArrayList<>(n);
    List<Event> evs = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      TaskFuture f = new TaskFuture(top, points.names()[i], Event.NONE);
      List<Resolved> rs = points.resolved().get(i);
      pipeline.issue(def, points.names()[i], rs, rs.stream().map(Resolved::req).toList(), launcher.args(),
          points.coords()[i], i, n, f);
      fs.add(f);
      evs.add(f.event);
    }
    ReductionOp red = launcher.futureReduction();
    TaskFuture all = new TaskFuture(top, def.name() + " index launch", sim.merge(evs));
    if (red != null) {
      all.event = charges.allReduce(all.event);
    }
    all.lazy = joinedValue(fs, red);
    return all;
  }

  /**
   * Checks that {@code privileges} are valid for a context named {@code name}: held on regions (not
   * partitions) of this runtime, parent an ancestor (LegionException naming the privilege otherwise).
   * Containment in a parent context is the caller's to check.
   */
  void checkContextPrivileges(String name, List<RegionRequirement> privileges) {
    top.checkAlive("context");
    for (int i = 0; i < privileges.size(); i++) {
      RegionRequirement q = privileges.get(i);
      String where = "context " + name + " privilege " + i;
      if (q.region() == null) {
        throw new LegionException(where + ": a context holds privileges on regions, not on partition "
            + q.partition() + " (name a region of it, or the partitioned region)");
      }
      resolution.resolve(q, where);
    }
  }

  /** The registered task's name, for messages (LegionException if none). */
  String taskName(int id) {
    return forest.task(id).name();
  }

  /** {@link #executeIndex} inside a trace: validated once per trace position, see TraceLaunches. */
  private Future executeIndexTraced(IndexLauncher launcher) {
    Rect dom = launcher.domain();
    TraceLaunches.Launch l = markers.tracedLaunch(launcher.taskId(), dom, launcher.requirements());
    if (l == null) {
      TaskDefinition def = forest.task(launcher.taskId());
      Resolution.Points p = resolution.indexPoints(def, launcher);
      l = markers.remember(def, dom, launcher.requirements(), p.resolved(), p.coords(), p.names(),
          def.name() + " index launch");
    }
    int n = l.size();
    List<TaskFuture> fs = new ArrayList<>(n);
    Event joined = Event.NONE;
    List<Event> evs = null;
    for (int i = 0; i < n; i++) {
      TaskFuture f = new TaskFuture(top, l.names()[i], Event.NONE);
      issue(l, i, launcher.args(), i, n, f);
      fs.add(f);
      if (!f.event.isNone()) { // analysed now (a recording): its event is known
        if (evs == null) {
          evs = new ArrayList<>(n);
        }
        evs.add(f.event);
      }
    }
    if (evs != null) {
      joined = sim.merge(evs);
    }
    TaskFuture all = new TaskFuture(top, l.launchName(), joined);
    ReductionOp red = launcher.futureReduction();
    markers.deferJoin(all, fs, red != null);
    all.lazy = joinedValue(fs, red);
    return all;
  }

  /** Issues point {@code i} of memoized launch {@code l}, with the launch's shared projected requirements. */
  private void issue(TraceLaunches.Launch l, int i, List<Object> args, int pointIndex, int points,
      TaskFuture future) {
    pipeline.issue(l.def(), l.names()[i], l.resolved()[i], l.projected()[i], args, l.points()[i], pointIndex, points,
        future);
  }

  /** An index launch's value from its points' futures: their values in order, or reduced by {@code red}. */
  private static Supplier<Object> joinedValue(List<TaskFuture> fs, ReductionOp red) {
    return () -> {
      if (red == null) {
        List<Object> vals = new ArrayList<>();
        for (TaskFuture f : fs) {
          vals.add(f.value);
        }
        return vals;
      }
      long acc = red.identity();
      for (TaskFuture f : fs) {
        acc = red.fold().applyAsLong(acc, (Long) f.value);
      }
      return acc;
    };
  }
}
