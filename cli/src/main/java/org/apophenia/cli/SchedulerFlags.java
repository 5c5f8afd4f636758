package org.apophenia.cli;

import org.apophenia.sim.Scheduler;
import picocli.CommandLine.Option;

/**
 * The {@code --scheduler} and {@code --steal-seed} flags of {@code run}: which policy places a ready
 * task on the simulated machine. {@code mapped} (the default) runs each task where the mapper put it;
 * {@code work-stealing} lets idle processors steal from the others' deques (victims in an order drawn
 * from the seed); {@code work-stealing-replay} steals live in a trace's recording and, in its replays,
 * runs each task where the recording ran it (the trace-and-replay lecture). A picocli mixin, so that
 * the command class only adds one field.
 */
final class SchedulerFlags {
  @Option(names = "--scheduler", paramLabel = "POLICY", defaultValue = "mapped",
      description = "Where a ready task runs: mapped (the mapper's processor), work-stealing (idle processors "
          + "steal from random victims; a stolen task's data is fetched to the thief and its writes sent back) "
          + "or work-stealing-replay (steals live while a trace is recorded, then runs each task of the trace's "
          + "replays where the recording ran it; a steal log that does not apply falls back to live stealing, "
          + "counted in the JSON's scheduler.stealLogs); default ${DEFAULT-VALUE}.")
  String scheduler;

  @Option(names = "--steal-seed", paramLabel = "N", defaultValue = "1",
      description = "Seed of the work-stealing victims' order: the same seed and program give the same steals; "
          + "default ${DEFAULT-VALUE}.")
  long seed;

  /** The scheduler the flags name; a {@link UserError} naming the choices otherwise. */
  Scheduler scheduler() {
    return switch (scheduler) {
      case "mapped" -> Scheduler.MAPPED;
      case "work-stealing" -> new Scheduler.WorkStealing(seed, false);
      case "work-stealing-replay" -> new Scheduler.WorkStealing(seed, true);
      default -> throw new UserError("--scheduler must be mapped, work-stealing or work-stealing-replay, got '"
          + scheduler + "'");
    };
  }
}
