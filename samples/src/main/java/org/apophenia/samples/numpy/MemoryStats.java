package org.apophenia.samples.numpy;

/**
 * What an {@link Np} module's memory did, a snapshot taken by {@link Np#stats()} and read by name: the
 * regions its {@link Pool} made and reused, and how {@link Lifetimes} found out which arrays died at
 * iteration boundaries (collections, walks of the program's fields) and what that cost. Immutable.
 */
public final class MemoryStats {
  private final int regions;
  private final long reuses;
  private final long collections;
  private final long freed;
  private final long collectNanos;
  private final long walks;
  private final long walkOnlyNanos;
  private final boolean walkTrusted;

  /** The counters of {@code pool} and {@code lifetimes} as of now. */
  MemoryStats(Pool pool, Lifetimes lifetimes) {
    this.regions = pool.created();
    this.reuses = pool.reuses();
    this.collections = lifetimes.collections();
    this.freed = lifetimes.freed();
    this.collectNanos = lifetimes.collectNanos();
    this.walks = lifetimes.walks();
    this.walkOnlyNanos = lifetimes.walkOnlyNanos();
    this.walkTrusted = lifetimes.walkTrusted();
  }

  /** Logical regions made for arrays so far. */
  public int regions() {
    return regions;
  }

  /** Allocations served by the pool (a dead array's buffer reused). */
  public long reuses() {
    return reuses;
  }

  /** Collections run to find dead arrays (at boundaries, checks of the walk included, and by the safety net). */
  public long collections() {
    return collections;
  }

  /** Buffers freed because their arrays died (explicit releases not counted). */
  public long freed() {
    return freed;
  }

  /** Wall time spent deciding what died, collections included. */
  public long collectNanos() {
    return collectNanos;
  }

  /** Walks of a program's fields made at iteration boundaries (checks included). */
  public long walks() {
    return walks;
  }

  /** Wall time of the boundaries decided by a walk alone, without a collection. */
  public long walkOnlyNanos() {
    return walkOnlyNanos;
  }

  /** Whether boundaries with a program object are decided by walking it (false once a walk failed). */
  public boolean walkTrusted() {
    return walkTrusted;
  }

  @Override
  public String toString() {
    return "MemoryStats[regions=" + regions + ", reuses=" + reuses + ", collections=" + collections + ", freed="
        + freed + ", collectNanos=" + collectNanos + ", walks=" + walks + ", walkOnlyNanos=" + walkOnlyNanos
        + ", walkTrusted=" + walkTrusted + "]";
  }
}
