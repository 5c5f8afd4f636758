package org.apophenia.sim;

/**
 * What a work-stealing scheduler did (all zero under {@link Scheduler#MAPPED}). Bytes are those the
 * steals moved, on top of the runtime's own copies (which {@link SimulationResult#bytesMoved} counts
 * with them, per channel hop). Immutable value.
 *
 * @param steals tasks a processor took from another's deque
 * @param failedAttempts victims an idle processor found with nothing to steal
 * @param fetchedBytes bytes thieves fetched from the stolen tasks' memories before running them
 * @param sentBackBytes bytes thieves sent back after running them (what the tasks wrote or reduced)
 * @param heldBytes bytes a thief did not fetch because it still held that version of the data from an
 *     earlier steal
 * @param pinned tasks that ran on a processor given with them ({@link TaskAttributes#pinnedTo}),
 *     never stolen
 * @param pinMisses tasks to be pinned where an earlier task ran ({@link TaskAttributes#pinnedLike})
 *     that became ready before that task had run, and were placed by the scheduler instead
 */
public record StealStats(long steals, long failedAttempts, long fetchedBytes, long sentBackBytes, long heldBytes,
    long pinned, long pinMisses) {
  public static final StealStats NONE = new StealStats(0, 0, 0, 0, 0, 0, 0);
}
