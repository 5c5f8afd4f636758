package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Both presets, every setting, by name: our defaults and Legion's settings (REFERENCES.md). A change
 * to either is a change of every figure in BENCHMARKS.md, so it has to show here.
 */
class SettingsPresetsTest {
  @Test
  void ourDefaults() {
    ApopheniaSettings c = ApopheniaSettings.defaults();
    assertThat(c.get(Knobs.MIN_TRACE_LENGTH)).isEqualTo(5);
    assertThat(c.get(Knobs.MAX_TRACE_LENGTH)).isEqualTo(Integer.MAX_VALUE);
    assertThat(c.get(Knobs.BATCH_SIZE)).isEqualTo(8192);
    assertThat(c.get(Knobs.MULTI_SCALE_FACTOR)).isEqualTo(16);
    assertThat(c.get(Knobs.VISIT_THRESHOLD)).isEqualTo(3);
    assertThat(c.get(Knobs.WARMUP_VISIT_THRESHOLD)).isEqualTo(2);
    assertThat(c.get(Knobs.COUNT_HISTORY_OCCURRENCES)).isTrue();
    assertThat(c.get(Knobs.REDUCE_TO_PERIOD)).isTrue();
    assertThat(c.get(Knobs.PREFIX_TRACES)).isTrue();
    assertThat(c.get(Knobs.MAX_IN_FLIGHT_JOBS)).isEqualTo(16);
    assertThat(c.get(Knobs.INGESTION_DELAY)).isEqualTo(16);
    assertThat(c.get(Knobs.ADAPTIVE_WAIT)).isFalse();
    assertThat(c.get(Knobs.JOB_TIMEOUT)).isEqualTo(Duration.ofSeconds(30));
    assertThat(c.get(Knobs.MAX_CANDIDATES)).isEqualTo(4096);
    assertThat(c.get(Knobs.MAX_TRACES)).isEqualTo(1024);
    assertThat(c.get(Knobs.MAX_PENDING_OPS)).isEqualTo(100_000);
    assertThat(c.get(Knobs.HISTORY_BUFFERS)).isEqualTo(8);
    assertThat(c.get(Knobs.WARMUP_BY_COVERAGE)).isTrue();
    assertThat(c.get(Knobs.REPHASE_AT_BREAKS)).isTrue();
    assertThat(c.get(Knobs.LOOPS_WIN)).isTrue();
    assertThat(c.get(Knobs.KEEP_REPLAYED)).isTrue();
    assertThat(c.get(Knobs.PHASE_AFTER_WAITS)).isTrue();
    assertThat(c.get(Knobs.RETIRE_AFTER_FAILURES)).isEqualTo(4);
    assertThat(c.get(Knobs.RETIREMENT_WINDOW)).isEqualTo(16);
    assertThat(c.get(Knobs.SAFE_TRACING)).isFalse();
  }

  @Test
  void legionsSettings() {
    ApopheniaSettings c = ApopheniaSettings.legion();
    assertThat(c.get(Knobs.MIN_TRACE_LENGTH)).isEqualTo(5);
    assertThat(c.get(Knobs.MAX_TRACE_LENGTH)).isEqualTo(Integer.MAX_VALUE);
    assertThat(c.get(Knobs.BATCH_SIZE)).isEqualTo(2000);
    assertThat(c.get(Knobs.MULTI_SCALE_FACTOR)).isEqualTo(100);
    assertThat(c.get(Knobs.VISIT_THRESHOLD)).isEqualTo(10);
    assertThat(c.get(Knobs.WARMUP_VISIT_THRESHOLD)).isEqualTo(10);
    assertThat(c.get(Knobs.COUNT_HISTORY_OCCURRENCES)).isFalse();
    assertThat(c.get(Knobs.REDUCE_TO_PERIOD)).isFalse();
    assertThat(c.get(Knobs.PREFIX_TRACES)).isFalse();
    assertThat(c.get(Knobs.MAX_IN_FLIGHT_JOBS)).isEqualTo(16);
    assertThat(c.get(Knobs.INGESTION_DELAY)).isEqualTo(64);
    assertThat(c.get(Knobs.ADAPTIVE_WAIT)).isFalse();
    assertThat(c.get(Knobs.JOB_TIMEOUT)).isEqualTo(Duration.ofSeconds(30));
    assertThat(c.get(Knobs.MAX_CANDIDATES)).isEqualTo(4096);
    assertThat(c.get(Knobs.MAX_TRACES)).isEqualTo(1024);
    assertThat(c.get(Knobs.MAX_PENDING_OPS)).isEqualTo(100_000);
    assertThat(c.get(Knobs.HISTORY_BUFFERS)).isEqualTo(1);
    assertThat(c.get(Knobs.WARMUP_BY_COVERAGE)).isFalse();
    assertThat(c.get(Knobs.REPHASE_AT_BREAKS)).isFalse();
    assertThat(c.get(Knobs.LOOPS_WIN)).isFalse();
    assertThat(c.get(Knobs.KEEP_REPLAYED)).isFalse();
    assertThat(c.get(Knobs.PHASE_AFTER_WAITS)).isFalse();
    assertThat(c.get(Knobs.RETIRE_AFTER_FAILURES)).isEqualTo(Integer.MAX_VALUE); // never
    assertThat(c.get(Knobs.RETIREMENT_WINDOW)).isEqualTo(16);
    assertThat(c.get(Knobs.SAFE_TRACING)).isFalse();
  }
}
