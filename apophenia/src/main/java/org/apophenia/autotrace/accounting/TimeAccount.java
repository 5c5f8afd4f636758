package org.apophenia.autotrace.accounting;

import java.util.function.LongSupplier;

/**
 * Splits one thread's real time into disjoint {@link Bucket}s: the thread says which bucket it is
 * entering, and the time since the previous switch goes to the bucket it leaves. Every nanosecond
 * from {@link #started()} on lands in exactly one bucket (initially {@link Bucket#OTHER}), so the
 * buckets add up to the wall time since the start, by construction.
 *
 * <p>Nesting is the caller's: {@code Bucket prev = account.enter(Bucket.ANALYSIS); ...;
 * account.enter(prev);}. A switch costs one {@link System#nanoTime()} read ({@link
 * #clockReadNanos()}, calibrated once per JVM) and no allocation; that cost itself lands in the
 * buckets on either side, so fine-grained switches inflate what they measure by that much. {@link #OFF} ignores every
 * switch, for callers that measure nothing. Not thread-safe: one account per issuing thread.
 *
 * <p><b>Sampled spans.</b> Where an operation costs not much more than a few clock reads, four or
 * five reads per operation are most of what is measured. A {@link #sampling} account lets the caller mark spans
 * ({@link #beginSpan()} / {@link #endSpan()}, e.g. around a chunk of already-parsed operations)
 * in which only a deterministic sample of activities (an excursion out of the span's bucket and back,
 * such as one {@code Interceptor.execute}) read the clock at every switch; see {@link SpanSampler}
 * for how the rest of the span's time is split. The span's wall time is still measured (the reads
 * at its ends), so the buckets still add up to the wall time exactly; only the split inside spans
 * is an estimate.
 */
public final class TimeAccount {
  /** An account that measures nothing: {@link #enter} returns its argument and reads no clock. */
  public static final TimeAccount OFF = new TimeAccount(null);

  private final LongSupplier clock;
  private final long[] nanos = new long[Bucket.all().length];
  /** Clock reads at switches, by the buckets they border (each read borders the one left and the one entered). */
  private final long[] reads = new long[Bucket.all().length];
  private Bucket current = Bucket.OTHER;
  private long last;
  /** Null for an account that reads the clock at every switch. */
  private final SpanSampler sampler;
  /** Inside a span of a sampling account. */
  private boolean inSpan;

  private TimeAccount(LongSupplier clock) {
    this(clock, null);
  }

  private TimeAccount(LongSupplier clock, SpanSampler sampler) {
    this.clock = clock;
    this.sampler = sampler;
    if (clock != null) {
      last = clock.getAsLong();
    }
  }

  /**
   * An account on {@link System#nanoTime()} that reads the clock at every switch outside spans and,
   * inside spans, for the first {@code exactFirst} activities and then only for about one activity in
   * {@code period} (see the class comment and {@link SpanSampler}). The cost of one clock read is
   * calibrated here (median of back-to-back reads).
   */
  public static TimeAccount sampling(int period, int exactFirst) {
    return new TimeAccount(System::nanoTime,
        new SpanSampler(period, SpanSampler.calibrate(System::nanoTime), exactFirst));
  }

  /** A sampling account on another clock with a given cost per read, every activity sampled (tests). */
  public static TimeAccount sampling(int period, LongSupplier clock, long readCost) {
    return sampling(period, 0, clock, readCost);
  }

  /** A sampling account on another clock with a given cost per read (tests). */
  public static TimeAccount sampling(int period, int exactFirst, LongSupplier clock, long readCost) {
    return new TimeAccount(java.util.Objects.requireNonNull(clock, "clock"),
        new SpanSampler(period, readCost, exactFirst));
  }

  /**
   * Starts a span: until {@link #endSpan()}, the current bucket is the span's; switches out of it and
   * back read the clock only for sampled activities. No effect on an account that does not sample.
   */
  public void beginSpan() {
    if (sampler == null || inSpan) {
      return;
    }
    enter(current); // the time before the span is charged exactly
    sampler.begin(current);
    inSpan = true;
  }

  /** Ends the span begun last (the time since the last read goes to the span's pool). */
  public void endSpan() {
    if (!inSpan) {
      return;
    }
    long now = clock.getAsLong();
    sampler.charge(current, now - last, nanos);
    sampler.end();
    last = now;
    inSpan = false;
  }

  /** Whether this account samples inside spans. */
  public boolean isSampling() {
    return sampler != null;
  }

  /** The sampler's state, for reports; null if this account does not sample. */
  public SpanSampler sampler() {
    return sampler;
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
    if (inSpan) {
      return enterInSpan(bucket);
    }
    long now = clock.getAsLong();
    nanos[current.ordinal()] += now - last;
    last = now;
    Bucket prev = current;
    reads[prev.ordinal()]++;
    reads[bucket.ordinal()]++;
    current = bucket;
    return prev;
  }

  /**
   * The clock reads made at switches outside spans so far, by bucket, into {@code into} (indexed by
   * ordinal), and returns it. A read borders two buckets, the one left and the one entered, and
   * counts in both: about half its cost lands on each side, so a bucket's own measuring cost is near
   * {@code reads / 2} times {@link #clockReadNanos()}. Reads inside spans are the sampler's.
   */
  public long[] reads(long[] into) {
    System.arraycopy(reads, 0, into, 0, reads.length);
    return into;
  }

  private static volatile long readCost = -1;

  /**
   * The cost of one {@link System#nanoTime()} read on this machine (the median of back-to-back reads,
   * measured once per JVM).
   */
  public static long clockReadNanos() {
    long c = readCost;
    if (c < 0) {
      c = SpanSampler.calibrate(System::nanoTime);
      readCost = c;
    }
    return c;
  }

  /** {@link #enter} inside a span: the sampler decides whether this switch reads the clock. */
  private Bucket enterInSpan(Bucket bucket) {
    Bucket prev = current;
    if (sampler.reads(prev, bucket)) {
      long now = clock.getAsLong();
      sampler.charge(prev, now - last, nanos);
      last = now;
    }
    sampler.switched(prev, bucket);
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
    if (sampler != null) {
      return snapshot(newSnapshot())[bucket.ordinal()]; // the estimates are summed over every bucket
    }
    enter(current);
    return nanos[bucket.ordinal()];
  }

  /**
   * All buckets' nanoseconds as of now into {@code into} (indexed by ordinal; length at least the
   * number of buckets), and returns it.
   */
  public long[] snapshot(long[] into) {
    if (inSpan) {
      long now = clock.getAsLong(); // the span so far, charged as the sampler charges it
      sampler.charge(current, now - last, nanos);
      last = now;
    } else {
      enter(current);
    }
    System.arraycopy(nanos, 0, into, 0, nanos.length);
    if (sampler != null) {
      sampler.addEstimates(into);
    }
    return into;
  }

  /** A new array for {@link #snapshot}. */
  public static long[] newSnapshot() {
    return new long[Bucket.all().length];
  }
}
