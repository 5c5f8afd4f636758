package org.apophenia.autotrace.accounting;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The time account charges each stretch of time to the bucket it was spent in, and only once. */
class TimeAccountTest {
  private long now;

  @Test
  void everyNanosecondLandsInTheBucketCurrentWhenItPassed() {
    TimeAccount a = TimeAccount.started(() -> now);
    now = 10; // OTHER
    Bucket caller = a.enter(Bucket.ANALYSIS);
    now = 110;
    Bucket prev = a.enter(Bucket.KERNEL); // nested
    now = 1110;
    a.enter(prev);
    now = 1130;
    a.enter(caller);
    now = 1135;
    assertThat(caller).isEqualTo(Bucket.OTHER);
    assertThat(prev).isEqualTo(Bucket.ANALYSIS);
    assertThat(a.nanos(Bucket.ANALYSIS)).isEqualTo(120);
    assertThat(a.nanos(Bucket.KERNEL)).isEqualTo(1000);
    assertThat(a.nanos(Bucket.OTHER)).isEqualTo(15);
    long[] s = a.snapshot(TimeAccount.newSnapshot());
    long sum = 0;
    for (long v : s) {
      sum += v;
    }
    assertThat(sum).as("the buckets add up to the time since the start").isEqualTo(1135);
  }

  @Test
  void transferMovesTimeBetweenBucketsWithoutChangingTheSum() {
    TimeAccount a = TimeAccount.started(() -> now);
    a.enter(Bucket.REPLAY);
    now = 500;
    a.enter(Bucket.OTHER);
    a.transfer(Bucket.REPLAY, Bucket.ANALYSIS, 300);
    assertThat(a.nanos(Bucket.REPLAY)).isEqualTo(200);
    assertThat(a.nanos(Bucket.ANALYSIS)).isEqualTo(300);
  }

  @Test
  void eachReadCountsInBothBucketsItBorders() {
    TimeAccount a = TimeAccount.started(() -> now);
    Bucket caller = a.enter(Bucket.ANALYSIS);
    Bucket prev = a.enter(Bucket.KERNEL);
    a.enter(prev);
    a.enter(caller);
    long[] r = a.reads(TimeAccount.newSnapshot());
    assertThat(r[Bucket.OTHER.ordinal()]).isEqualTo(2);
    assertThat(r[Bucket.ANALYSIS.ordinal()]).isEqualTo(4);
    assertThat(r[Bucket.KERNEL.ordinal()]).isEqualTo(2);
    assertThat(r[Bucket.MATCH.ordinal()]).isZero();
    assertThat(TimeAccount.clockReadNanos()).isPositive().isLessThan(100_000);
  }

  @Test
  void offMeasuresNothing() {
    assertThat(TimeAccount.OFF.isOn()).isFalse();
    assertThat(TimeAccount.OFF.enter(Bucket.KERNEL)).isEqualTo(Bucket.KERNEL);
    assertThat(TimeAccount.OFF.nanos(Bucket.KERNEL)).isZero();
  }
}
