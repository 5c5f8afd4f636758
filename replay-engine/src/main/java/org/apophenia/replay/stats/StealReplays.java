package org.apophenia.replay.stats;

/**
 * What the engine did with recorded steal logs under a work-stealing scheduler that replays steals
 * (the trace-and-replay lecture): replays that enforced their recording's placements, the steals they
 * replayed, and, per reason, replays that stole live instead. All zero under any other scheduler.
 * Immutable value.
 *
 * @param enforced replays whose tasks ran where the recording's ran, none stolen live; the steal log
 *     was known (every task of the recording had run)
 * @param replayedSteals tasks those replays ran on the thief that had stolen them in the recording
 * @param deferred replays that followed the recording's placements before its log was known: each
 *     task runs where its recorded task ran, read when it is ready, or is placed live if that task has
 *     still not run (the simulator counts those tasks: {@code StealStats#pinMisses})
 * @param otherMachine replays that stole live because the log came from a machine of another processor
 *     count
 * @param mismatched replays that stole live because a task's home was not the recorded one
 */
public record StealReplays(long enforced, long replayedSteals, long deferred, long otherMachine, long mismatched) {
  /** Replays that stole live, for whatever reason. */
  public long fellBack() {
    return otherMachine + mismatched;
  }
}
