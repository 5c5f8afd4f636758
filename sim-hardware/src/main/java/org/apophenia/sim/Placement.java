package org.apophenia.sim;

import org.apophenia.sim.machine.Processor;

/**
 * Where a task ran under a work-stealing scheduler: its processor and home (the processor it was
 * submitted for), and for a stolen task the thief's steal counter when it stole it (the trace-and-
 * replay lecture's SC: the thief's count of earlier steals). Immutable value.
 *
 * @param processor the processor that runs it
 * @param home the processor it was submitted for (the victim, if stolen)
 * @param stealCounter the thief's steals before this one, or -1 if it was not stolen
 */
public record Placement(Processor processor, Processor home, long stealCounter) {
  /** Whether another processor than its home stole it. */
  public boolean stolen() {
    return stealCounter >= 0;
  }
}
