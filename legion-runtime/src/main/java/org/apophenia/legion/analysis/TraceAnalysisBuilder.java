package org.apophenia.legion.analysis;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apophenia.legion.tracing.RecordingSupport;
import org.apophenia.legion.tracing.TraceAnalysis;
import org.apophenia.legion.tracing.TraceEngine;
import org.apophenia.sim.Event;
import org.apophenia.sim.Simulation;

/**
 * What a {@link TraceEngine} needs to turn an analysis into replayable graph-calculus commands and the
 * simulator cannot tell it: the inputs of each merge event, the data movement (copy, fold, fill)
 * bound to each command's completion event, and the reduction instances each task reduced into.
 * The {@link TraceAnalysis} of the open trace as it grows: active only while a trace is open with an
 * engine installed; cleared at every {@code tbegin}, so it holds at most one trace's analysed
 * commands; {@link #detach} hands what it holds to an engine as an immutable {@link TraceAnalysis} and
 * starts afresh. Not thread-safe.
 */
public final class TraceAnalysisBuilder implements RecordingSupport {
  /** What is being captured; once detached, its maps are never written again (the capture replaced it). */
  private Captured current = Captured.empty();
  /** Whether analyses are kept: only while a trace is open with an engine installed. */
  private boolean active;

  private record Captured(ByEvent<List<Event>> merges, ByEvent<Runnable> effects,
      Int2ObjectOpenHashMap<ReductionBuffer[][]> instances) implements TraceAnalysis {
    static Captured empty() {
      return new Captured(new ByEvent<>(), new ByEvent<>(), new Int2ObjectOpenHashMap<>());
    }

    @Override
    public List<Event> mergeInputs(Event merge) {
      List<Event> l = merges.get(merge.id());
      return l == null ? List.of() : Collections.unmodifiableList(l);
    }

    @Override
    public Runnable dataEffect(Event command) {
      return effects.get(command.id());
    }

    @Override
    public Object reductionInstances(int op) {
      return instances.get(op);
    }
  }

  /**
   * Values by simulator event id: an array from the lowest id put on. The events a trace's analyses
   * make are dense and increasing, so no hashing (a capture puts one or two merges per task).
   */
  private static final class ByEvent<T> {
    private int base = -1;
    private Object[] values = new Object[0];
    private int used; // ids below base + used may be set

    @SuppressWarnings("unchecked")
    T get(int id) {
      int i = id - base;
      return base < 0 || i < 0 || i >= used ? null : (T) values[i];
    }

    void put(int id, T value) {
      if (base < 0) {
        base = id;
      } else if (id < base) { // not in increasing order after all: shift
        int shift = base - id;
        Object[] v = new Object[Math.max(values.length, used + shift)];
        System.arraycopy(values, 0, v, shift, used);
        values = v;
        used += shift;
        base = id;
      }
      int i = id - base;
      if (i >= values.length) {
        values = Arrays.copyOf(values, Math.max(i + 1, Math.max(64, 2 * values.length)));
      }
      values[i] = value;
      used = Math.max(used, i + 1);
    }

    void clear() {
      Arrays.fill(values, 0, used, null);
      used = 0;
      base = -1;
    }
  }

  /** What was captured since the last clear or detach, as an immutable view; the capture starts afresh. O(1). */
  @Override
  public TraceAnalysis detach() {
    TraceAnalysis d = current;
    current = Captured.empty();
    return d;
  }

  /** What was captured since the last clear or detach, as it grows. */
  @Override
  public TraceAnalysis current() {
    return current;
  }

  /**
   * {@code sim.merge(events)}, remembering the inputs of a new merge event while active. Keeps
   * {@code events} itself (no copy: every caller builds a fresh list for one merge), so the caller
   * must not change it afterwards.
   */
  public Event merge(Simulation sim, List<Event> events) {
    Event e = sim.merge(events);
    if (active && events.size() > 1) {
      current.merges().put(e.id(), events);
    }
    return e;
  }

  /** Remembers that {@code action} moves data when {@code e} triggers (composed with earlier ones). */
  public void effect(Event e, Runnable action) {
    if (active) {
      Runnable prev = current.effects().get(e.id());
      current.effects().put(e.id(), prev == null ? action : () -> {
        prev.run();
        action.run();
      });
    }
  }

  /** Remembers the reduction instances of task {@code op} (per requirement, per field) while active. */
  public void instances(int op, ReductionBuffer[][] bufs) {
    if (active) {
      current.instances().put(op, bufs);
    }
  }

  /** Starts keeping what the analyses of a trace just opened tell, from nothing. */
  public void start() {
    clear();
    active = true;
  }

  /** Stops keeping, and forgets what was kept: the trace is closed. */
  public void stop() {
    active = false;
    clear();
  }

  private void clear() {
    current.merges().clear();
    current.effects().clear();
    current.instances().clear();
  }
}
