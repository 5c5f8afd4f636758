package org.apophenia.samples.apps;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.Map;
import org.apophenia.recorder.EventKind;
import org.apophenia.recorder.EventLog;
import org.apophenia.recorder.EventRecorder;
import org.apophenia.recorder.RecorderSettings;
import org.apophenia.recorder.ThreadEvents;
import org.apophenia.samples.adapter.Mode;
import org.junit.jupiter.api.Test;

/**
 * The event recorder's hooks against the counters the run keeps anyway: an event per operation
 * issued and forwarded, a runtime trace per occurrence, a successful replay slice per replay; and
 * recording changes neither the results nor the traces (invariant 2 with {@code --profile}).
 */
class RecordedRunTest {
  @Test
  void eventsAgreeWithTheRunsOwnCounts() {
    RunResult plain = ModesAgreeTest.run("jacobi", Mode.AUTO, 60);
    RunResult recorded;
    EventLog log;
    try (EventRecorder r = EventRecorder.start(RecorderSettings.defaults()).install()) {
      recorded = ModesAgreeTest.run("jacobi", Mode.AUTO, 60);
      log = r.stop();
    }
    assertThat(recorded.checksum()).isEqualTo(plain.checksum());
    assertThat(recorded.tracedOps()).isEqualTo(plain.tracedOps());
    assertThat(recorded.replays()).isEqualTo(plain.replays());
    assertThat(log.dropped()).isZero();

    ThreadEvents main = log.threads().get(0);
    assertThat(main.name()).isEqualTo(Thread.currentThread().getName());
    Map<EventKind, Integer> n = new EnumMap<>(EventKind.class);
    int replayedTraces = 0;
    int replaySlicesThatReplayed = 0;
    for (int i = 0; i < main.size(); i++) {
      n.merge(main.kind(i), 1, Integer::sum);
      if (main.kind(i) == EventKind.RUNTIME_TRACE_END && main.aux(i) == EventKind.TRACE_REPLAYED) {
        replayedTraces++;
      }
      if (main.kind(i) == EventKind.REPLAY_END && main.aux(i) == 1) {
        replaySlicesThatReplayed++;
      }
    }
    assertThat(n.get(EventKind.OP_ISSUED)).isEqualTo((int) recorded.ops());
    assertThat(n.get(EventKind.OP_DONE)).isEqualTo((int) recorded.ops());
    assertThat(n.get(EventKind.OP_FORWARDED)).isEqualTo((int) recorded.ops());
    assertThat(n.get(EventKind.TRACE_BEGIN)).isEqualTo(n.get(EventKind.RUNTIME_TRACE_BEGIN))
        .isEqualTo(n.get(EventKind.RUNTIME_TRACE_END));
    assertThat(replayedTraces).isEqualTo((int) recorded.replays()).isEqualTo(replaySlicesThatReplayed);
    assertThat(n.get(EventKind.ANALYSIS)).as("an analysis per point task outside replays").isPositive();
    assertThat(n.get(EventKind.REPLAY_TAKEN)).isPositive();
    assertThat(n.get(EventKind.JOB_QUEUED)).isEqualTo(n.get(EventKind.JOB_INGESTED));
    for (int i = 1; i < main.size(); i++) {
      assertThat(main.time(i)).isGreaterThanOrEqualTo(main.time(i - 1));
    }
  }
}
