package org.apophenia.recorder;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * How a recording is made: the categories recorded, the overflow policy and each thread's ring
 * capacity in events (rounded up to a power of two; 24 bytes an event). Immutable value.
 *
 * @param categories what is recorded (at least one)
 * @param overflow what a thread does when its ring is full
 * @param capacity events per thread's ring, 2 to 2^24
 * @param drainMillis how often the background writer empties the rings when nobody wakes it
 */
public record RecorderSettings(Set<Category> categories, Overflow overflow, int capacity, int drainMillis) {
  /** 65,536 events (1.5 MB) per thread: several milliseconds of the busiest thread between two drains. */
  public static final int DEFAULT_CAPACITY = 1 << 16;
  public static final int DEFAULT_DRAIN_MILLIS = 2;

  public RecorderSettings {
    Objects.requireNonNull(overflow, "overflow");
    if (categories == null || categories.isEmpty()) {
      throw new IllegalArgumentException("record at least one category; valid: " + Category.keys());
    }
    categories = Set.copyOf(EnumSet.copyOf(categories));
    if (capacity < 2 || capacity > ThreadBuffer.MAX_RING) {
      throw new IllegalArgumentException("buffer capacity must be 2 to " + ThreadBuffer.MAX_RING + " events, got "
          + capacity);
    }
    if (drainMillis < 1 || drainMillis > 1000) {
      throw new IllegalArgumentException("drain interval must be 1 to 1000 ms, got " + drainMillis);
    }
  }

  /** Every category, {@link Overflow#GROW}, the default capacity and drain interval. */
  public static RecorderSettings defaults() {
    return new RecorderSettings(EnumSet.allOf(Category.class), Overflow.GROW, DEFAULT_CAPACITY, DEFAULT_DRAIN_MILLIS);
  }

  public RecorderSettings withCategories(Set<Category> c) {
    return new RecorderSettings(c, overflow, capacity, drainMillis);
  }

  public RecorderSettings withOverflow(Overflow o) {
    return new RecorderSettings(categories, o, capacity, drainMillis);
  }

  public RecorderSettings withCapacity(int events) {
    return new RecorderSettings(categories, overflow, events, drainMillis);
  }

  public RecorderSettings withDrainMillis(int ms) {
    return new RecorderSettings(categories, overflow, capacity, ms);
  }

  /** The ring's capacity: {@link #capacity} rounded up to a power of two. */
  int ringCapacity() {
    return Integer.highestOneBit(capacity - 1) << 1;
  }
}
