package org.apophenia.legion.analysis;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;
import org.apophenia.recorder.EventKind;
import org.apophenia.recorder.Probe;
import org.apophenia.sim.Event;
import org.apophenia.sim.Simulation;

/**
 * What an operation waits for: the dependence graph's operations with their completion events, the
 * last execution fence (every later operation depends on it) and the operations since, and the real
 * time analysis took. Events made here are captured, so a recording sees through merges to the
 * operations they join. Not thread-safe, like the runtime.
 */
public final class Ordering {
  private final DependenceGraph graph;
  private final Simulation sim;
  private final TraceAnalysisBuilder capture;
  private int lastFence = -1;
  private final IntArrayList sinceFence = new IntArrayList();
  private long analysisNanos;
  private long analysedOps;
  /** The event recorder's, read once: every analysed operation's slice is recorded here, from times read anyway. */
  private final Probe probe = Probe.current();

  public Ordering(DependenceGraph graph, Simulation sim, TraceAnalysisBuilder capture) {
    this.graph = graph;
    this.sim = sim;
    this.capture = capture;
  }

  public DependenceGraph graph() {
    return graph;
  }

  /** Adds the dependence of {@code op} on the last fence to {@code deps}; {@code op} is now since it. */
  public void fenceDep(int op, IntArrayList deps) {
    if (lastFence >= 0) {
      graph.addDep(op, lastFence, deps);
    }
    sinceFence.add(op);
  }

  /** The dependences of fence {@code op}: the last fence and everything since; {@code op} becomes the last. */
  public IntArrayList fence(int op) {
    IntArrayList deps = new IntArrayList();
    if (lastFence >= 0) {
      graph.addDep(op, lastFence, deps);
    }
    for (int o : sinceFence) {
      graph.addDep(op, o, deps);
    }
    sinceFence.clear();
    lastFence = op;
    return deps;
  }

  /** The completion events of {@code deps}, in order. */
  public List<Event> eventsOf(IntArrayList deps) {
    List<Event> pre = new ArrayList<>(deps.size() + 1);
    for (int d : deps) {
      pre.add(eventOf(d));
    }
    return pre;
  }

  /** Completion event of op; a close operation's is the merge of what it closed (made on first use). */
  public Event eventOf(int op) {
    Event e = graph.event(op);
    if (e == null) {
      int[] deps = graph.deps(op);
      List<Event> evs = new ArrayList<>(deps.length);
      for (int d : deps) {
        evs.add(eventOf(d));
      }
      e = capture.merge(sim, evs);
      graph.setEvent(op, e);
    }
    return e;
  }

  /**
   * Completes the analysis of {@code op} begun at real time {@code t0}: its dependences and event are
   * final and it is no longer pending. Returns the real nanoseconds it took.
   */
  public long finish(int op, IntArrayList deps, Event done, long t0) {
    graph.setDeps(op, deps.toIntArray());
    graph.setEvent(op, done);
    graph.takePending(op);
    long t1 = System.nanoTime();
    long dt = t1 - t0;
    analysisNanos += dt;
    analysedOps++;
    if (probe.analysis()) {
      probe.complete(EventKind.ANALYSIS, t0, t1, op);
    }
    return dt;
  }

  /** Counts analysis time of an operation that is not counted as analysed (an inline mapping). */
  public void addAnalysisNanos(long nanos) {
    analysisNanos += nanos;
  }

  public long analysisNanos() {
    return analysisNanos;
  }

  public long analysedOps() {
    return analysedOps;
  }
}
