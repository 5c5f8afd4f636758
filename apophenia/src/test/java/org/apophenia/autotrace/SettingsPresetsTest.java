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
    ApopheniaConfig c = ApopheniaConfig.defaults();
    assertThat(c.minTraceLength()).isEqualTo(5);
    assertThat(c.maxTraceLength()).isEqualTo(Integer.MAX_VALUE);
    assertThat(c.batchSize()).isEqualTo(8192);
    assertThat(c.multiScaleFactor()).isEqualTo(16);
    assertThat(c.visitThreshold()).isEqualTo(3);
    assertThat(c.warmupVisitThreshold()).isEqualTo(2);
    assertThat(c.countHistoryOccurrences()).isTrue();
    assertThat(c.reduceToPeriod()).isTrue();
    assertThat(c.prefixTraces()).isTrue();
    assertThat(c.maxInFlightJobs()).isEqualTo(16);
    assertThat(c.ingestionDelay()).isEqualTo(16);
    assertThat(c.adaptiveWait()).isFalse();
    assertThat(c.jobTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(c.maxCandidates()).isEqualTo(4096);
    assertThat(c.maxTraces()).isEqualTo(1024);
    assertThat(c.maxPendingOps()).isEqualTo(100_000);
    assertThat(c.historyBuffers()).isEqualTo(8);
    assertThat(c.warmupByCoverage()).isTrue();
    assertThat(c.rephaseAtBreaks()).isTrue();
    assertThat(c.loopsWin()).isTrue();
    assertThat(c.keepReplayed()).isTrue();
    assertThat(c.phaseAfterWaits()).isTrue();
  }

  @Test
  void legionsSettings() {
    ApopheniaConfig c = ApopheniaConfig.legion();
    assertThat(c.minTraceLength()).isEqualTo(5);
    assertThat(c.maxTraceLength()).isEqualTo(Integer.MAX_VALUE);
    assertThat(c.batchSize()).isEqualTo(2000);
    assertThat(c.multiScaleFactor()).isEqualTo(100);
    assertThat(c.visitThreshold()).isEqualTo(10);
    assertThat(c.warmupVisitThreshold()).isEqualTo(10);
    assertThat(c.countHistoryOccurrences()).isFalse();
    assertThat(c.reduceToPeriod()).isFalse();
    assertThat(c.prefixTraces()).isFalse();
    assertThat(c.maxInFlightJobs()).isEqualTo(16);
    assertThat(c.ingestionDelay()).isEqualTo(64);
    assertThat(c.adaptiveWait()).isFalse();
    assertThat(c.jobTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(c.maxCandidates()).isEqualTo(4096);
    assertThat(c.maxTraces()).isEqualTo(1024);
    assertThat(c.maxPendingOps()).isEqualTo(100_000);
    assertThat(c.historyBuffers()).isEqualTo(1);
    assertThat(c.warmupByCoverage()).isFalse();
    assertThat(c.rephaseAtBreaks()).isFalse();
    assertThat(c.loopsWin()).isFalse();
    assertThat(c.keepReplayed()).isFalse();
    assertThat(c.phaseAfterWaits()).isFalse();
  }
}
