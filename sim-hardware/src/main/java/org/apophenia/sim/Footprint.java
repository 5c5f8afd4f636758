package org.apophenia.sim;

import java.util.Arrays;

/**
 * The data a task touches, as the simulator needs it to move a stolen task's data (work stealing,
 * {@link Scheduler.WorkStealing}): per entry, the key of a piece of data (the runtime's choice: one
 * field of one equivalence atom), the memory holding the task's instance of it, its size, and whether
 * the task reads it (it must be there before the task runs), writes it (a new version, sent back after
 * the task ran) or only sends something back (a reduction's contributions: bytes, no new version).
 * Primitive parallel arrays; immutable once built. Build with {@link #builder()}.
 */
public final class Footprint {
  /** The task reads the entry's data. */
  public static final byte READ = 1;
  /** The task writes the entry's data: a new version of it, sent back to its memory after a steal. */
  public static final byte WRITE = 2;
  /** The task sends the entry's bytes back without changing the data (reduction contributions). */
  public static final byte SEND_BACK = 4;

  final long[] keys;
  final int[] memories;
  final long[] bytes;
  final byte[] access;

  private Footprint(long[] keys, int[] memories, long[] bytes, byte[] access) {
    this.keys = keys;
    this.memories = memories;
    this.bytes = bytes;
    this.access = access;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Entries. */
  public int size() {
    return keys.length;
  }

  public long key(int i) {
    return keys[i];
  }

  public int memory(int i) {
    return memories[i];
  }

  public long bytes(int i) {
    return bytes[i];
  }

  public byte access(int i) {
    return access[i];
  }

  /** Accumulates entries; not thread-safe. */
  public static final class Builder {
    private long[] keys = new long[8];
    private int[] memories = new int[8];
    private long[] bytes = new long[8];
    private byte[] access = new byte[8];
    private int n;

    /**
     * Adds an entry: data {@code key} of {@code size} bytes, its instance in memory {@code memory} (a
     * memory id of the machine), accessed as {@code how} (a combination of {@link #READ},
     * {@link #WRITE}, {@link #SEND_BACK}).
     */
    public Builder add(long key, int memory, long size, byte how) {
      if (size < 0 || memory < 0 || how == 0 || (how & ~(READ | WRITE | SEND_BACK)) != 0) {
        throw new IllegalArgumentException("footprint entry: key " + key + ", memory " + memory + ", " + size
            + " bytes, access " + how);
      }
      if (n == keys.length) {
        keys = Arrays.copyOf(keys, 2 * n);
        memories = Arrays.copyOf(memories, 2 * n);
        bytes = Arrays.copyOf(bytes, 2 * n);
        access = Arrays.copyOf(access, 2 * n);
      }
      keys[n] = key;
      memories[n] = memory;
      bytes[n] = size;
      access[n] = how;
      n++;
      return this;
    }

    public Footprint build() {
      return new Footprint(Arrays.copyOf(keys, n), Arrays.copyOf(memories, n), Arrays.copyOf(bytes, n),
          Arrays.copyOf(access, n));
    }
  }
}
