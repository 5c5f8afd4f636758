package org.apophenia.autotrace.accounting;

import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * How a sampling {@link TimeAccount} splits the time of its spans without reading the clock at
 * every switch.
 *
 * <p><b>Method.</b> Inside a span, an <i>activity</i> is an excursion from the span's bucket and back
 * (one {@code Interceptor.execute}, say). About one activity in {@code period}, chosen by a fixed
 * pseudo-random sequence (gaps uniform in 1..2·period-1, so that no loop of the stream aliases with
 * it; the first activity is always sampled), reads the clock at every switch, as an exact account
 * would: its time per bucket is <i>sampled</i>, and so is the gap after it, up to the next activity
 * (the caller's loop between operations, charged to the span's bucket). Each sampled interval loses
 * the calibrated cost of one clock read, which unsampled activities do not pay, so that the switches'
 * own cost does not inflate short buckets. Time in {@link #exact} buckets (ingestion points: rare,
 * long and bursty, which a sample would miss or magnify) is always measured, and so is the rest of
 * an activity after one. Everything else, the <i>pool</i>, is the span's wall time minus what was
 * measured; it is split over the buckets in proportion to the sampled time. So the buckets still add
 * up to the wall time exactly, the exact buckets are exact, and the others are an estimate whose
 * error shrinks with the number of sampled activities.
 *
 * <p>The first {@code exactFirst} activities are timed switch by switch and charged exactly, never
 * sampled: they include class loading and compilation, outliers of milliseconds that would skew the
 * sample's proportions for the whole stream, and a short stream is thus timed as an exact account
 * would (its few sampled activities would give a poor split). Application thread only.
 */
public final class SpanSampler {
  private final int period;
  private final long readCost;
  private final long exactFirst;
  private final long[] sampled = new long[Bucket.all().length];
  private long pool;
  /** The pool's split among the buckets so far (see {@link #addEstimates}), and what it split. */
  private final long[] split = new long[Bucket.all().length];
  private long poolSplit;
  private final long[] sampledAtSplit = new long[Bucket.all().length];
  /** What {@link #settle} splits by, kept so that a snapshot allocates nothing. */
  private final long[] weights = new long[Bucket.all().length];
  private long activities;
  private long sampledActivities;
  private long rng = 0x9E37_79B9_7F4A_7C15L;
  private int countdown = 1;
  private Bucket outer;
  /** The current activity reads the clock at every switch. */
  private boolean measured;
  /** The gap after a sampled activity is measured too (read at the next activity's start). */
  private boolean gapMeasured;
  /** An unsampled activity went through an exact bucket: its remaining switches are read exactly. */
  private boolean exactTail;

  SpanSampler(int period, long readCost, long exactFirst) {
    if (period < 1) {
      throw new IllegalArgumentException("sampling period must be at least 1, got " + period);
    }
    if (readCost < 0) {
      throw new IllegalArgumentException("read cost must be at least 0, got " + readCost);
    }
    this.period = period;
    this.readCost = readCost;
    this.exactFirst = exactFirst;
  }

  /**
   * The cost of one read: the median difference of 1,000 back-to-back reads, the least over 40 rounds
   * (the first rounds run interpreted, at several times the compiled cost).
   */
  static long calibrate(LongSupplier clock) {
    long[] d = new long[1001];
    long best = Long.MAX_VALUE;
    for (int round = 0; round < 40; round++) {
      long prev = clock.getAsLong();
      for (int i = 0; i < d.length; i++) {
        long t = clock.getAsLong();
        d[i] = t - prev;
        prev = t;
      }
      Arrays.sort(d);
      best = Math.min(best, d[d.length / 2]);
    }
    return best;
  }

  /** Buckets always measured, never sampled: ingestion points. */
  static boolean exact(Bucket b) {
    return b == Bucket.INGEST;
  }

  void begin(Bucket spanBucket) {
    outer = spanBucket;
    measured = false;
    gapMeasured = false;
    exactTail = false;
  }

  void end() {
    measured = false;
    gapMeasured = false;
    exactTail = false;
  }

  /** Whether the switch from {@code prev} to {@code next} reads the clock; counts activities. */
  boolean reads(Bucket prev, Bucket next) {
    if (prev == outer) {
      if (next == outer) {
        return false;
      }
      activities++;
      if (activities <= exactFirst) {
        exactTail = true; // the whole activity, and the gap before it, timed exactly
        return true;
      }
      if (--countdown <= 0) {
        countdown = nextGap();
        measured = true;
        sampledActivities++;
      }
      return measured || gapMeasured;
    }
    return measured || exactTail || exact(prev) || exact(next);
  }

  /** Charges {@code d} nanoseconds spent in {@code prev} since the last read. */
  void charge(Bucket prev, long d, long[] nanos) {
    boolean warmUpGap = prev == outer && exactFirst > 0 && activities <= exactFirst; // after an exact activity
    if (exact(prev) || (exactTail && !measured) || warmUpGap) {
      nanos[prev.ordinal()] += d;
    } else if (prev == outer ? gapMeasured : measured) {
      long c = Math.min(readCost, d);
      sampled[prev.ordinal()] += d - c;
      pool += c;
    } else {
      pool += d;
    }
  }

  /** After the switch from {@code prev} to {@code next}. */
  void switched(Bucket prev, Bucket next) {
    if (prev == outer) {
      gapMeasured = false;
    } else if (next == outer) {
      gapMeasured = measured;
      measured = false;
      exactTail = false;
    } else if (!measured && exact(next)) {
      exactTail = true;
    }
  }

  private int nextGap() {
    rng ^= rng << 13;
    rng ^= rng >>> 7;
    rng ^= rng << 17;
    return 1 + (int) Long.remainderUnsigned(rng, 2L * period - 1);
  }

  /**
   * Adds the sampled time and the pool's split to {@code into} (indexed by ordinal). The pool grown
   * since the previous call is split in the proportions of the time sampled since then (all the time
   * sampled so far if none was) and added to what earlier calls split: so every bucket's estimate only
   * grows from one call to the next, and the difference of two calls (a steady-state window's
   * figures) is that window's own split, never negative, adding up to the window's wall time. Splitting
   * the whole pool again at each call by the proportions of the whole stream so far would make that
   * difference the difference of two different splits: a bucket whose share fell could go negative.
   */
  void addEstimates(long[] into) {
    settle();
    for (int b = 0; b < sampled.length; b++) {
      into[b] += sampled[b] + split[b];
    }
  }

  private void settle() {
    long fresh = pool - poolSplit;
    if (fresh == 0) {
      return;
    }
    long[] weights = this.weights;
    long total = 0;
    for (int b = 0; b < sampled.length; b++) {
      weights[b] = sampled[b] - sampledAtSplit[b];
      total += weights[b];
    }
    if (total == 0) {
      System.arraycopy(sampled, 0, weights, 0, sampled.length);
      for (long w : weights) {
        total += w;
      }
    }
    if (total == 0) {
      split[(outer == null ? Bucket.OTHER : outer).ordinal()] += fresh;
    } else {
      int largest = Bucket.OTHER.ordinal();
      long given = 0;
      for (int b = 0; b < weights.length; b++) {
        long share = (long) ((double) fresh * weights[b] / total);
        split[b] += share;
        given += share;
        if (weights[b] > weights[largest]) {
          largest = b;
        }
      }
      split[largest] += fresh - given; // rounding: the sum stays the wall time exactly
    }
    poolSplit = pool;
    System.arraycopy(sampled, 0, sampledAtSplit, 0, sampled.length);
  }

  /** One activity in about this many is sampled. */
  public int period() {
    return period;
  }

  /** The first activities timed exactly, never sampled. */
  public long exactFirst() {
    return exactFirst;
  }

  /** The calibrated cost of one clock read, taken off each sampled interval. */
  public long readCostNanos() {
    return readCost;
  }

  /** Activities inside spans so far. */
  public long activities() {
    return activities;
  }

  /** Activities that were sampled. */
  public long sampledActivities() {
    return sampledActivities;
  }

  /** Nanoseconds split by the sampled proportions rather than measured (the pool). */
  public long estimatedNanos() {
    return pool;
  }
}
