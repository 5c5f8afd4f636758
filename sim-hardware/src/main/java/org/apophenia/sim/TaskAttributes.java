package org.apophenia.sim;

import java.util.List;
import org.apophenia.sim.machine.Processor;

/**
 * What a task asks of the simulator beyond its processor and precondition: reservations to hold while
 * it runs (atomic coherence: never concurrent with another holder, in any order), the data it touches
 * (moved when a work-stealing scheduler runs it away from its instances), and a processor it must run
 * on (a recorded placement a replay enforces; such a task is never stolen). Immutable value.
 *
 * @param holds reservations held from the task's start to its completion, acquired in ascending
 *     reservation id (so that tasks holding several never deadlock); empty for none
 * @param footprint the data the task touches, or null (it moves nothing when stolen)
 * @param pinnedTo the processor it runs on whatever the scheduler would choose, or null
 */
public record TaskAttributes(List<Reservation.Hold> holds, Footprint footprint, Processor pinnedTo) {
  /** No reservations, no footprint, not pinned: a task as the simulator always ran them. */
  public static final TaskAttributes NONE = new TaskAttributes(List.of(), null, null);

  public TaskAttributes {
    holds = List.copyOf(holds);
  }

  /** Whether these ask nothing beyond a plain task. */
  public boolean isNone() {
    return holds.isEmpty() && footprint == null && pinnedTo == null;
  }
}
