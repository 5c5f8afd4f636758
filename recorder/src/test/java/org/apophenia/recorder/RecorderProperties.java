package org.apophenia.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The recorder's laws, against the obvious oracle: thread {@code k} records events whose arg is its
 * own sequence number 0, 1, 2, ..., so what arrives can be checked event by event.
 */
class RecorderProperties {
  /** Each of {@code threads} threads records {@code perThread} events (arg: its sequence number), all at once. */
  static EventLog record(EventRecorder r, int threads, int perThread) throws InterruptedException {
    Probe probe = r.probe(); // one probe shared by every thread, as a hooked object's is
    CountDownLatch go = new CountDownLatch(1);
    List<Thread> ts = new ArrayList<>();
    for (int k = 0; k < threads; k++) {
      Thread t = new Thread(() -> {
        try {
          go.await();
        } catch (InterruptedException e) {
          return;
        }
        for (int i = 0; i < perThread; i++) {
          probe.event(EventKind.OP_FORWARDED, i);
        }
      }, "producer-" + k);
      ts.add(t);
      t.start();
    }
    go.countDown();
    for (Thread t : ts) {
      t.join();
    }
    return r.stop();
  }

  static RecorderSettings settings(Overflow o, int capacity) {
    return new RecorderSettings(EnumSet.allOf(Category.class), o, capacity, 1);
  }

  @Property(tries = 25)
  void underGrowEveryEventOfEveryThreadArrivesInOrder(@ForAll @IntRange(min = 1, max = 4) int threads,
      @ForAll @IntRange(min = 0, max = 20_000) int perThread, @ForAll @IntRange(min = 2, max = 64) int capacity)
      throws InterruptedException {
    EventLog log = record(EventRecorder.start(settings(Overflow.GROW, capacity)), threads, perThread);
    assertThat(log.threads()).hasSize(perThread == 0 ? 0 : threads);
    for (ThreadEvents t : log.threads()) {
      assertThat(t.size()).isEqualTo(perThread);
      for (int i = 0; i < t.size(); i++) {
        assertThat(t.arg(i)).as("thread %s event %d", t.name(), i).isEqualTo(i);
        if (i > 0) {
          assertThat(t.time(i)).isGreaterThanOrEqualTo(t.time(i - 1));
        }
      }
    }
    assertThat(log.dropped()).isZero();
    assertThat(log.written()).isEqualTo(log.recorded()).isEqualTo((long) threads * perThread);
  }

  @Property(tries = 25)
  void blockNeverLosesOne(@ForAll @IntRange(min = 1, max = 4) int threads,
      @ForAll @IntRange(min = 0, max = 5_000) int perThread, @ForAll @IntRange(min = 2, max = 16) int capacity)
      throws InterruptedException {
    EventLog log = record(EventRecorder.start(settings(Overflow.BLOCK, capacity)), threads, perThread);
    for (ThreadEvents t : log.threads()) {
      assertThat(t.size()).isEqualTo(perThread);
      for (int i = 0; i < t.size(); i++) {
        assertThat(t.arg(i)).isEqualTo(i);
      }
    }
    assertThat(log.dropped()).isZero();
    assertThat(log.written()).isEqualTo((long) threads * perThread);
  }

  /**
   * Drop-oldest with the writer running: whatever the timing, each thread's written events are its
   * sequence with exactly {@code dropped} of them missing, and none is out of order or torn.
   */
  @Property(tries = 25)
  void dropOldestCountsExactlyWhatItDropped(@ForAll @IntRange(min = 1, max = 4) int threads,
      @ForAll @IntRange(min = 0, max = 20_000) int perThread, @ForAll @IntRange(min = 2, max = 16) int capacity)
      throws InterruptedException {
    EventLog log = record(EventRecorder.start(settings(Overflow.DROP_OLDEST, capacity)), threads, perThread);
    for (int k = 0; k < log.threads().size(); k++) {
      ThreadEvents t = log.threads().get(k);
      ThreadStats s = log.stats().get(k);
      assertThat(s.recorded()).isEqualTo(perThread);
      assertThat(s.written() + s.dropped()).isEqualTo(s.recorded());
      assertThat(t.size()).isEqualTo((int) s.written());
      long previous = -1;
      for (int i = 0; i < t.size(); i++) {
        assertThat(t.arg(i)).isGreaterThan(previous).isLessThan(perThread);
        assertThat(t.kind(i)).isEqualTo(EventKind.OP_FORWARDED);
        previous = t.arg(i);
      }
    }
  }

  /** With the writer held back, drop-oldest keeps exactly the last {@code capacity} events and counts the rest. */
  @Property(tries = 30)
  void aFullRingDropsItsOldestEvents(@ForAll @IntRange(min = 0, max = 3_000) int events,
      @ForAll @IntRange(min = 1, max = 10) int log2Capacity) throws InterruptedException {
    int capacity = 1 << log2Capacity;
    EventLog log = record(EventRecorder.paused(settings(Overflow.DROP_OLDEST, capacity)), 1, events);
    long kept = Math.min(events, capacity);
    assertThat(log.dropped()).isEqualTo(events - kept);
    assertThat(log.written()).isEqualTo(kept);
    if (events > 0) {
      ThreadEvents t = log.threads().get(0);
      for (int i = 0; i < t.size(); i++) {
        assertThat(t.arg(i)).isEqualTo(events - kept + i);
      }
    }
  }

  /** With the writer held back, grow keeps everything, doubling the ring as often as it must. */
  @Property(tries = 20)
  void aFullRingGrowsWhenTheWriterLags(@ForAll @IntRange(min = 0, max = 3_000) int events,
      @ForAll @IntRange(min = 1, max = 6) int log2Capacity) throws InterruptedException {
    int capacity = 1 << log2Capacity;
    EventLog log = record(EventRecorder.paused(settings(Overflow.GROW, capacity)), 1, events);
    assertThat(log.written()).isEqualTo(events);
    assertThat(log.dropped()).isZero();
    // the rings left behind stay full until the writer empties them: c, then 2c, 4c, ... more room
    int doublings = 0;
    for (long held = capacity, last = capacity; held < events; held += last) {
      last *= 2;
      doublings++;
    }
    assertThat(log.grown()).isEqualTo(doublings);
  }
}
