package org.apophenia.sim;

import org.apophenia.sim.machine.Channel;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;
import org.apophenia.sim.machine.Resource;

/**
 * What a simulation did up to the moment {@link Simulation#result()} was called: makespan, busy time
 * and utilisation per resource, bytes per channel, and the critical path. An immutable snapshot;
 * thread-safe.
 */
public final class SimulationResult {
  private final Machine machine;
  private final int operations;
  private final int triggered;
  private final long makespan;
  private final long[] processorBusy;
  private final long[] channelBusy;
  private final long[] channelBytes;
  private final CriticalPath criticalPath;
  private final StealStats stealing;

  SimulationResult(Machine machine, int operations, int triggered, long makespan, long[] processorBusy,
      long[] channelBusy, long[] channelBytes, CriticalPath criticalPath, StealStats stealing) {
    this.machine = machine;
    this.operations = operations;
    this.triggered = triggered;
    this.makespan = makespan;
    this.processorBusy = processorBusy;
    this.channelBusy = channelBusy;
    this.channelBytes = channelBytes;
    this.criticalPath = criticalPath;
    this.stealing = stealing;
  }

  /** What the work-stealing scheduler did ({@link StealStats#NONE} under the mapped one). */
  public StealStats stealing() {
    return stealing;
  }

  /** Bytes carried by every channel together (a multi-hop copy counts on every hop). */
  public long bytesMoved() {
    long sum = 0;
    for (long b : channelBytes) {
      sum += b;
    }
    return sum;
  }

  public Machine machine() {
    return machine;
  }

  /** Operations and events created (merges, barriers, user events included). */
  public int operations() {
    return operations;
  }

  /** Of those, how many have not triggered (waiting on user events or incomplete barriers). */
  public int pending() {
    return operations - triggered;
  }

  /** Time of the last trigger, nanoseconds. */
  public long makespanNanos() {
    return makespan;
  }

  /** Total time {@code r} spent running activities, including scheduled ones not yet finished. */
  public long busyNanos(Resource r) {
    return r instanceof Processor p ? processorBusy[p.id()] : channelBusy[((Channel) r).id()];
  }

  /** {@code busyNanos(r) / makespan}, 0 for an empty run. */
  public double utilisation(Resource r) {
    return makespan == 0 ? 0 : (double) busyNanos(r) / makespan;
  }

  /** Mean utilisation over the processors of {@code kind}; 0 if there are none. */
  public double utilisation(ProcessorKind kind) {
    double sum = 0;
    int n = 0;
    for (Processor p : machine.processors()) {
      if (p.kind() == kind) {
        sum += utilisation(p);
        n++;
      }
    }
    return n == 0 ? 0 : sum / n;
  }

  /** Bytes carried by {@code c} (a multi-hop copy counts on every hop). */
  public long bytesMoved(Channel c) {
    return channelBytes[c.id()];
  }

  /** The longest dependence chain by duration; {@code criticalPath().nanos() <= makespanNanos()}. */
  public CriticalPath criticalPath() {
    return criticalPath;
  }

  @Override
  public String toString() {
    return String.format("%d operations (%d pending), makespan %.3f ms, critical path %.3f ms, utilisation"
        + " CPU %.1f%% GPU %.1f%% UTILITY %.1f%%", operations, pending(), makespan / 1e6, criticalPath.nanos() / 1e6,
        100 * utilisation(ProcessorKind.CPU), 100 * utilisation(ProcessorKind.GPU),
        100 * utilisation(ProcessorKind.UTILITY));
  }
}
