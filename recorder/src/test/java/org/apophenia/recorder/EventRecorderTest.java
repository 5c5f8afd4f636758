package org.apophenia.recorder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class EventRecorderTest {
  @Test
  void aBlockedThreadWaitsForTheWriterAndLosesNothing() throws Exception {
    EventRecorder r = EventRecorder.paused(RecorderProperties.settings(Overflow.BLOCK, 8));
    Probe p = r.probe();
    Thread t = new Thread(() -> {
      for (int i = 0; i < 100; i++) {
        p.event(EventKind.OP_ISSUED, i);
      }
    });
    t.start();
    t.join(200);
    assertThat(t.isAlive()).as("blocked on its full ring while the writer is held back").isTrue();
    r.startDrainer();
    t.join(TimeUnit.SECONDS.toMillis(30));
    assertThat(t.isAlive()).isFalse();
    EventLog log = r.stop();
    assertThat(log.written()).isEqualTo(100);
    assertThat(log.dropped()).isZero();
    assertThat(log.stats().get(0).blocks()).isPositive();
    assertThat(log.stats().get(0).blockedNanos()).isPositive();
    assertThat(log.describe()).contains("blocked");
  }

  @Test
  void probesOfNoRecorderRecordNothingAndProbesHonourTheCategories() {
    assertThat(Probe.current().ops()).isFalse();
    Probe.off().event(EventKind.OP_ISSUED, 1); // harmless
    try (EventRecorder r = EventRecorder.start(RecorderProperties.settings(Overflow.GROW, 16)
        .withCategories(EnumSet.of(Category.MINING, Category.WAITS))).install()) {
      Probe p = Probe.current();
      assertThat(p.mining()).isTrue();
      assertThat(p.waits()).isTrue();
      assertThat(p.ops() || p.traces() || p.analysis() || p.replay()).isFalse();
      for (Category c : Category.values()) {
        assertThat(p.on(c)).isEqualTo(c == Category.MINING || c == Category.WAITS);
      }
      assertThatThrownBy(() -> EventRecorder.start(RecorderSettings.defaults()).install())
          .isInstanceOf(IllegalStateException.class).hasMessageContaining("another event recorder");
    }
    assertThat(Probe.current().mining()).as("uninstalled at stop").isFalse();
  }

  @Test
  void completeSlicesAreOrderedByTheirStart() {
    EventRecorder r = EventRecorder.start(RecorderSettings.defaults());
    Probe p = r.probe();
    long t0 = System.nanoTime();
    p.event(EventKind.OP_ISSUED, 0);
    p.complete(EventKind.ANALYSIS, t0 - 5, System.nanoTime(), 42);
    ThreadEvents t = r.stop().threads().get(0);
    assertThat(t.kind(0)).isEqualTo(EventKind.ANALYSIS);
    assertThat(t.aux(0)).isEqualTo(42);
    assertThat(t.kind(1)).isEqualTo(EventKind.OP_ISSUED);
  }

  @Test
  void headersKeepSignedAuxValues() {
    for (long aux : new long[] {0, 1, -1, 1L << 54, -(1L << 54)}) {
      for (EventKind k : EventKind.values()) {
        long h = k.header(aux);
        assertThat(EventKind.of(h)).isEqualTo(k);
        assertThat(EventKind.aux(h)).isEqualTo(aux);
      }
    }
  }

  @Test
  void settingsAndNamesAreCheckedWithClearMessages() {
    assertThat(Category.parseList("ops, mining,REPLAY")).containsExactlyInAnyOrder(Category.OPS, Category.MINING,
        Category.REPLAY);
    assertThat(Category.parseList("all")).hasSize(Category.values().length);
    assertThatThrownBy(() -> Category.parseList("ops,minig")).hasMessageContaining("unknown category 'minig'")
        .hasMessageContaining("ops, traces, mining, analysis, replay, waits");
    assertThatThrownBy(() -> Category.parseList("ops,")).hasMessageContaining("an empty entry");
    assertThat(Overflow.parse("drop-oldest")).isEqualTo(Overflow.DROP_OLDEST);
    assertThatThrownBy(() -> Overflow.parse("drop")).hasMessageContaining("'drop'").hasMessageContaining("grow, drop-oldest, block");
    assertThatThrownBy(() -> RecorderSettings.defaults().withCapacity(1)).hasMessageContaining("got 1");
    assertThat(RecorderSettings.defaults().withCapacity(1000).ringCapacity()).isEqualTo(1024);
    assertThat(RecorderSettings.defaults().withCapacity(1024).ringCapacity()).isEqualTo(1024);
  }
}
