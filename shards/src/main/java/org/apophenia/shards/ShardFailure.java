package org.apophenia.shards;

/**
 * A replicated run cannot go on: a shard died or left, a collective timed out, the shards were not
 * started alike, or their decisions differ. The message names the shard and says what happened and
 * for how long this shard waited; {@link #kind()} tells the front end which exit code to give.
 */
public final class ShardFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** What went wrong. */
  public enum Kind {
    /** A shard died, left the group or never joined: the others cannot go on without its contributions. */
    LOST,
    /** A collective (or the wait for the group to form) ran out of time; the message names whom it waited for. */
    TIMEOUT,
    /** The shards were not started alike (size, rank, program or settings differ); nothing was run. */
    MISMATCH,
    /** The shards ran and their decisions differ: a bug in the agreement, never a user's mistake. */
    DIVERGED
  }

  private final Kind kind;
  private final int shard;

  /** {@code shard} is the one the failure is about (the dead, late or different one), or -1 if none in particular. */
  public ShardFailure(Kind kind, int shard, String message) {
    super(message);
    this.kind = kind;
    this.shard = shard;
  }

  public ShardFailure(Kind kind, int shard, String message, Throwable cause) {
    super(message, cause);
    this.kind = kind;
    this.shard = shard;
  }

  public Kind kind() {
    return kind;
  }

  /** The shard the failure is about, or -1. */
  public int shard() {
    return shard;
  }
}
