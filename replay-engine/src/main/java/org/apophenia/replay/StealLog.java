package org.apophenia.replay;

import java.util.Arrays;
import org.apophenia.sim.Event;
import org.apophenia.sim.Placement;
import org.apophenia.sim.Simulation;
import org.apophenia.sim.machine.Processor;

/**
 * The steals a work-stealing scheduler made among the tasks of one recording (the trace-and-replay
 * lecture's steal log): per task of the trace, by its position among the trace's operations, the
 * processor it was submitted for (the victim, if stolen), the one that ran it (the thief), and the
 * thief's steal counter when it stole it. Read once every task of the recording has run (the
 * simulator places a task when it becomes ready, which may be long after the recording ends); then
 * kept with the recording. A replay that enforces it runs each task where the recording's ran,
 * stealing nothing; a replay before the log is known does the same, each task's placement read when
 * it is ready. Immutable.
 */
public final class StealLog {
  private final int processors;
  /** Per operation position: the processor that ran the task, its home, and the steal counter (-1: not stolen). */
  private final int[] ranOn;
  private final int[] home;
  private final long[] stealCounter;

  private StealLog(int processors, int[] ranOn, int[] home, long[] stealCounter) {
    this.processors = processors;
    this.ranOn = ranOn;
    this.home = home;
    this.stealCounter = stealCounter;
  }

  /**
   * The log of the tasks whose completion events are {@code taskEvents} (by operation position; null
   * for an operation that is not a task), or null if one of them has not run yet. O(tasks).
   */
  static StealLog read(Event[] taskEvents, Simulation sim) {
    int n = taskEvents.length;
    int[] ran = new int[n];
    int[] home = new int[n];
    long[] sc = new long[n];
    Arrays.fill(ran, -1);
    Arrays.fill(home, -1);
    Arrays.fill(sc, -1);
    for (int i = 0; i < n; i++) {
      if (taskEvents[i] == null) {
        continue;
      }
      Placement p = sim.placement(taskEvents[i]);
      if (p == null) {
        return null;
      }
      ran[i] = p.processor().id();
      home[i] = p.home().id();
      sc[i] = p.stealCounter();
    }
    return new StealLog(sim.machine().processors().size(), ran, home, sc);
  }

  /** How many processors the machine had (a log applies only to the same machine). */
  public int processors() {
    return processors;
  }

  /** Operations the log covers (the recording's, tasks or not). */
  public int size() {
    return ranOn.length;
  }

  /** The processor that ran the task at position {@code i}, or -1 if it is not a task. */
  public int ranOn(int i) {
    return ranOn[i];
  }

  /** The processor the task at position {@code i} was submitted for (the victim of a steal), or -1. */
  public int home(int i) {
    return home[i];
  }

  /** The thief's steal counter when it stole the task at position {@code i}, or -1 if not stolen. */
  public long stealCounter(int i) {
    return stealCounter[i];
  }

  /** Tasks another processor than their home stole. */
  public int steals() {
    int s = 0;
    for (long c : stealCounter) {
      s += c >= 0 ? 1 : 0;
    }
    return s;
  }

  /**
   * Whether the log applies to a replay on {@code sim} whose tasks are launched for {@code homes} (by
   * position): null if it does, else why not: another machine's processor count ({@code PROCESSORS}),
   * or a task whose replayed home is not the recorded one ({@code MISMATCH}). O(operations).
   */
  Reason check(Simulation sim, Processor[] homes) {
    if (sim.machine().processors().size() != processors) {
      return Reason.PROCESSORS;
    }
    for (int i = 0; i < ranOn.length; i++) {
      if (ranOn[i] >= 0 && (i >= homes.length || homes[i] == null || homes[i].id() != home[i])) {
        return Reason.MISMATCH;
      }
    }
    return null;
  }

  /** This log as if made on a machine of {@code n} processors (tests of a log that no longer applies). */
  StealLog withProcessors(int n) {
    return new StealLog(n, ranOn, home, stealCounter);
  }

  /** This log with the home of the task at position {@code i} moved to {@code processor} (tests). */
  StealLog withHome(int i, int processor) {
    int[] h = home.clone();
    h[i] = processor;
    return new StealLog(processors, ranOn, h, stealCounter);
  }

  /** Why a replay stole live instead of following a recording's steal log. */
  public enum Reason {
    /** The log was made on a machine with another processor count. */
    PROCESSORS,
    /** A replayed task's home differs from the recorded one. */
    MISMATCH
  }
}
