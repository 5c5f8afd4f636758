package org.apophenia.apophenia;

import java.util.function.LongSupplier;

/**
 * Splits one thread's real time into disjoint {@link Bucket}s: the thread says which bucket it is
 * entering, and the time since the previous switch goes to the bucket it leaves. Every nanosecond
 * from {@link #started()} on lands in exactly one bucket (initially {@link Bucket#OTHER}), so the
 * buckets add up to the wall time since the start, by construction.
 *
 * <p>Nesting is the caller's: {@code Bucket prev = account.enter(Bucket.ANALYSIS); ...;
 * account.enter(prev);}. A switch costs one {@link System#nanoTime()} read (about 25 ns on a
 * virtual machine's clock) and no allocation; that cost itself lands in the buckets on either side,
 * so fine-grained switches inflate what they measure by that much. {@link #OFF} ignores every
 * switch, for callers that measure nothing. Not thread-safe: one account per issuing thread.
 */
public final class TimeAccount {
  /** An account that measures nothing: {@link #enter} returns its argument and reads no clock. */
  public static final TimeAccount OFF = new TimeAccount(null);

  private final LongSupplier clock;
  private final long[] nanos = new long[Bucket.all().length];
  private Bucket current = Bucket.OTHER;
  private long last;

  private TimeAccount(LongSupplier clock) {
    this.clock = clock;
    if (clock != null) {
      last = clock.getAsLong();
    }
  }

  /** An account that starts now, in {@link Bucket#OTHER}, on {@link System#nanoTime()}. */
  public static TimeAccount started() {
    return new TimeAccount(System::nanoTime);
  }

  /** An account on another clock (tests). */
  public static TimeAccount started(LongSupplier clock) {
    return new TimeAccount(java.util.Objects.requireNonNull(clock, "clock"));
  }

  /** Whether this account measures (false only for {@link #OFF}). */
  public boolean isOn() {
    return clock != null;
  }

  /**
   * Charges the time since the last switch to the current bucket and makes {@code bucket} current.
   * Returns the bucket left, to re-enter when the nested activity ends.
   */
  public Bucket enter(Bucket bucket) {
    if (clock == null) {
      return bucket;
    }
    long now = clock.getAsLong();
    nanos[current.ordinal()] += now - last;
    last = now;
    Bucket prev = current;
    current = bucket;
    return prev;
  }

  /** The bucket time goes to now. */
  public Bucket current() {
    return current;
  }

  /**
   * Moves {@code nanos} already charged to {@code from} over to {@code to}: for work whose nature is
   * only known once it is done (a trace instance is replayed or, if its precondition fails, analysed).
   */
  public void transfer(Bucket from, Bucket to, long nanos) {
    if (clock == null || nanos == 0) {
      return;
    }
    this.nanos[from.ordinal()] -= nanos;
    this.nanos[to.ordinal()] += nanos;
  }

  /** Nanoseconds charged to {@code bucket}, including the current bucket's time up to now. */
  public long nanos(Bucket bucket) {
    enter(current);
    return nanos[bucket.ordinal()];
  }

  /**
   * All buckets' nanoseconds as of now into {@code into} (indexed by ordinal; length at least the
   * number of buckets), and returns it.
   */
  public long[] snapshot(long[] into) {
    enter(current);
    System.arraycopy(nanos, 0, into, 0, nanos.length);
    return into;
  }

  /** A new array for {@link #snapshot}. */
  public static long[] newSnapshot() {
    return new long[Bucket.all().length];
  }
}
