package org.apophenia.sim;

/**
 * Which processor runs a task once it is ready: the policy, apart from the simulator's mechanism of
 * running what it is given (Legion's mapper/scheduler split). Chosen once per {@link Simulation},
 * before anything is submitted. A closed family of immutable values.
 */
public sealed interface Scheduler {
  /** Every task runs on the processor it was submitted for, earliest ready first (the default). */
  Scheduler MAPPED = new Mapped();

  /** Short name, as the command line spells it. */
  String name();

  /**
   * The mapping decides alone: each processor runs the tasks submitted for it, first ready first
   * served, equal ready times in submission order.
   */
  record Mapped() implements Scheduler {
    @Override
    public String name() {
      return "mapped";
    }
  }

  /**
   * Work stealing (Blumofe and Leiserson's randomised scheduler, as the trace-and-replay lecture's
   * runtimes use it): a ready task joins the deque of the processor it was submitted for (its home);
   * a processor runs the newest task of its own deque, and one with nothing to run steals the oldest
   * task of a victim's deque, trying victims of its own kind in a random order drawn from {@code seed}.
   * Stealing happens after mapping, so a stolen task's data stays where it was mapped: the thief
   * fetches what the task reads into its own memory (unless it still holds that version from an
   * earlier steal) and sends what the task wrote back (see {@link Footprint}).
   *
   * @param seed the seed of the victims' order; the same seed and submissions give the same steals
   * @param replaySteals whether a trace engine should replay the steals recorded with a trace's
   *     recording ({@link TaskAttributes#pinnedLike}) instead of stealing live; read by the engine,
   *     the simulator only executes the placements it is given
   */
  record WorkStealing(long seed, boolean replaySteals) implements Scheduler {
    @Override
    public String name() {
      return replaySteals ? "work-stealing-replay" : "work-stealing";
    }
  }
}
