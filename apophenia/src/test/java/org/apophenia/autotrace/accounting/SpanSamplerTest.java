package org.apophenia.autotrace.accounting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * A sampling account: the buckets add up to the wall time exactly, exact buckets are exact, and work
 * of constant cost per activity is split exactly whatever the sample (a fake clock makes every bucket's
 * true total known).
 */
class SpanSamplerTest {
  private long now;

  private static long sum(long[] s) {
    long t = 0;
    for (long v : s) {
      t += v;
    }
    return t;
  }

  /** {@code n} activities in spans of 256, each: tokenize 7, match 20, observe 3, match 10; a gap of 2; parsing 100 a span. */
  private TimeAccount run(TimeAccount a, int n, boolean ingestEvery100) {
    for (int i = 0; i < n; i++) {
      if (i % 256 == 0) {
        if (i > 0) {
          a.endSpan();
        }
        now += 100; // parsing, outside the spans
        a.beginSpan();
      }
      Bucket caller = a.enter(Bucket.TOKENIZE);
      now += 7;
      a.enter(Bucket.MATCH);
      now += 20;
      if (ingestEvery100 && i % 100 == 0) {
        Bucket m = a.enter(Bucket.INGEST);
        now += 5000;
        a.enter(m);
      }
      Bucket m = a.enter(Bucket.OBSERVE);
      now += 3;
      a.enter(m);
      now += 10;
      a.enter(caller);
      now += 2;
    }
    a.endSpan();
    return a;
  }

  /**
   * A stream whose work changes half way (tokenize-heavy, then match-heavy), snapshot between the
   * halves as analyze does at powers of two: the second half's window, the difference of two
   * snapshots, is the second half's own split, none of it negative, adding up to its wall time.
   */
  @Test
  void aWindowBetweenTwoSnapshotsIsItsOwnSplit() {
    TimeAccount a = TimeAccount.sampling(8, 0, () -> now, 0);
    int n = 80 * 256; // the snapshot falls between two spans
    long[] before = null;
    long wallBefore = 0;
    for (int i = 0; i < 2 * n; i++) {
      if (i % 256 == 0) {
        if (i > 0) {
          a.endSpan();
        }
        if (i == n) {
          before = a.snapshot(TimeAccount.newSnapshot());
          wallBefore = now;
        }
        a.beginSpan();
      }
      boolean first = i < n;
      Bucket caller = a.enter(Bucket.TOKENIZE);
      now += first ? 40 : 1;
      a.enter(Bucket.MATCH);
      now += first ? 1 : 40;
      a.enter(caller);
    }
    a.endSpan();
    long[] after = a.snapshot(TimeAccount.newSnapshot());
    long[] window = new long[after.length];
    for (int b = 0; b < window.length; b++) {
      window[b] = after[b] - before[b];
      assertThat(window[b]).as("bucket %s in the second half", Bucket.all()[b]).isNotNegative();
    }
    assertThat(sum(window)).isEqualTo(now - wallBefore);
    assertThat(window[Bucket.TOKENIZE.ordinal()]).isCloseTo(1L * n, within(2L));
    assertThat(window[Bucket.MATCH.ordinal()]).isCloseTo(40L * n, within(2L));
  }

  @Test
  void constantWorkIsSplitExactlyAndTheBucketsAddUpToTheWall() {
    int n = 10_000;
    TimeAccount a = run(TimeAccount.sampling(8, () -> now, 0), n, false);
    long[] s = a.snapshot(TimeAccount.newSnapshot());
    assertThat(sum(s)).as("the buckets add up to the time since the start").isEqualTo(now);
    assertThat(s[Bucket.TOKENIZE.ordinal()]).isCloseTo(7L * n, within(2L));
    assertThat(s[Bucket.MATCH.ordinal()]).isCloseTo(30L * n, within(2L));
    assertThat(s[Bucket.OBSERVE.ordinal()]).isCloseTo(3L * n, within(2L));
    assertThat(s[Bucket.OTHER.ordinal()]).as("parsing exactly, the gaps between activities by sample")
        .isCloseTo(2L * n + 100L * ((n + 255) / 256), within(2L));
    SpanSampler sampler = a.sampler();
    assertThat(sampler.activities()).isEqualTo(n);
    assertThat((double) sampler.sampledActivities()).isCloseTo(n / 8.0, within(n / 8.0 * 0.2));
  }

  @Test
  void ingestionPointsAreTimedExactlyEvenWhenNotSampled() {
    TimeAccount a = run(TimeAccount.sampling(32, () -> now, 0), 10_000, true);
    long[] s = a.snapshot(TimeAccount.newSnapshot());
    assertThat(sum(s)).isEqualTo(now);
    assertThat(s[Bucket.INGEST.ordinal()]).isEqualTo(5000L * 100);
    // the part of an unsampled activity before its ingestion point goes to the pool, and is split
    // like the whole activities sampled: a small error, 100 activities' 27 ns spread over the buckets
    assertThat((double) s[Bucket.MATCH.ordinal()]).isCloseTo(30.0 * 10_000, within(0.01 * 30 * 10_000));
  }

  @Test
  void theReadCostTakenOffSamplesStaysInTheSum() {
    TimeAccount a = run(TimeAccount.sampling(4, () -> now, 3), 5_000, true);
    assertThat(sum(a.snapshot(TimeAccount.newSnapshot()))).isEqualTo(now);
  }

  @Test
  void theSampleIsDeterministic() {
    long first = run(TimeAccount.sampling(16, () -> now, 0), 3000, false).sampler().sampledActivities();
    now = 0;
    long second = run(TimeAccount.sampling(16, () -> now, 0), 3000, false).sampler().sampledActivities();
    assertThat(second).isEqualTo(first).isPositive();
  }

  @Test
  void theFirstActivitiesAreTimedExactlyAndNeverSampled() {
    // an outlier (class loading, say) in the first activity must not set the proportions for the rest
    TimeAccount a = TimeAccount.sampling(8, 100, () -> now, 0);
    a.beginSpan();
    Bucket caller = a.enter(Bucket.TOKENIZE);
    now += 1_000_000;
    a.enter(caller);
    a.endSpan();
    long[] s = run(a, 10_000, false).snapshot(TimeAccount.newSnapshot());
    assertThat(sum(s)).isEqualTo(now);
    assertThat(s[Bucket.TOKENIZE.ordinal()]).isCloseTo(1_000_000 + 7L * 10_000, within(2L));
    assertThat(s[Bucket.MATCH.ordinal()]).isCloseTo(30L * 10_000, within(2L));
    assertThat(a.sampler().activities()).isEqualTo(10_001);
  }

  @Test
  void aShortStreamIsTimedExactly() {
    TimeAccount a = run(TimeAccount.sampling(8, 1000, () -> now, 0), 999, true);
    long[] s = a.snapshot(TimeAccount.newSnapshot());
    assertThat(s[Bucket.TOKENIZE.ordinal()]).isEqualTo(7L * 999);
    assertThat(s[Bucket.MATCH.ordinal()]).isEqualTo(30L * 999);
    assertThat(s[Bucket.OBSERVE.ordinal()]).isEqualTo(3L * 999);
    assertThat(s[Bucket.INGEST.ordinal()]).isEqualTo(5000L * 10);
    assertThat(a.sampler().sampledActivities()).isZero();
    assertThat(a.sampler().estimatedNanos()).isZero();
  }

  @Test
  void outsideSpansASamplingAccountIsExact() {
    TimeAccount a = TimeAccount.sampling(1000, () -> now, 0);
    Bucket caller = a.enter(Bucket.MATCH);
    now += 42;
    a.enter(caller);
    now += 8;
    assertThat(a.nanos(Bucket.MATCH)).isEqualTo(42);
    assertThat(a.nanos(Bucket.OTHER)).isEqualTo(8);
  }
}
