package org.apophenia.sim;

import java.util.List;
import org.apophenia.sim.machine.Processor;

/**
 * What a task asks of the simulator beyond its processor and precondition: reservations to hold while
 * it runs (atomic coherence: never concurrent with another holder, in any order), the data it touches
 * (moved when a work-stealing scheduler runs it away from its instances), and a processor it must run
 * on (a recorded placement a replay enforces; such a task is never stolen), given outright or as the
 * processor an earlier task ran on. Immutable value.
 *
 * @param holds reservations held from the task's start to its completion, acquired in ascending
 *     reservation id (so that tasks holding several never deadlock); empty for none
 * @param footprint the data the task touches, or null (it moves nothing when stolen)
 * @param pinnedTo the processor it runs on whatever the scheduler would choose, or null
 * @param pinnedLike a task (its completion event) whose processor this one runs on, read when this one
 *     is ready to run (a recorded steal, replayed before the simulator has run the recording's task
 *     further back): pinned there if that task has run by then, else placed by the scheduler (a miss,
 *     {@link StealStats#pinMisses}); or null. At most one of {@code pinnedTo} and {@code pinnedLike}.
 */
public record TaskAttributes(List<Reservation.Hold> holds, Footprint footprint, Processor pinnedTo,
    Event pinnedLike) {
  /** No reservations, no footprint, not pinned: a task as the simulator always ran them. */
  public static final TaskAttributes NONE = new TaskAttributes(List.of(), null, null, null);

  public TaskAttributes {
    holds = List.copyOf(holds);
    if (pinnedTo != null && pinnedLike != null) {
      throw new IllegalArgumentException("a task is pinned to a processor or like another task, not both");
    }
  }

  /** Attributes pinned to a processor given outright ({@code pinnedTo}, may be null). */
  public TaskAttributes(List<Reservation.Hold> holds, Footprint footprint, Processor pinnedTo) {
    this(holds, footprint, pinnedTo, null);
  }

  /** Whether these ask nothing beyond a plain task. */
  public boolean isNone() {
    return holds.isEmpty() && footprint == null && pinnedTo == null && pinnedLike == null;
  }
}
