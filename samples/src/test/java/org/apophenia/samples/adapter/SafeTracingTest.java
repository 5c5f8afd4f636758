package org.apophenia.samples.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apophenia.autotrace.ApopheniaSettings;
import org.apophenia.autotrace.Knobs;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.replay.TraceMismatchException;
import org.apophenia.replay.TracingOptions;
import org.apophenia.samples.array.ArrayContext;
import org.apophenia.samples.array.NdArray;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.api.Test;

/**
 * Safe tracing (Legion's {@code -lg:safe_tracing}, the {@code safeTracing} knob): an occurrence of a
 * trace whose operations differ from its recording is a {@link TraceMismatchException} naming the
 * trace, the position, the expected and the seen operation, before the diverging operation is issued;
 * without it the engine silently analyses and records it again.
 */
class SafeTracingTest {
  /**
   * Trace 1 three times: {@code c = a + b} twice (recorded, then replayed), then with {@code c = a * b}
   * first if {@code diverge}.
   */
  private static RuntimeAdapter run(boolean safe, boolean diverge) {
    ApopheniaSettings s = ApopheniaSettings.defaults().toBuilder().set(Knobs.SAFE_TRACING, safe).build();
    RuntimeAdapter adapter = RuntimeAdapter.builder(new LegionRuntime(Presets.machine("workstation")), Mode.MANUAL)
        .settings(s).build();
    ArrayContext np = ArrayContext.create(adapter, 2);
    NdArray a = np.let(np.full(1.0, 8));
    NdArray b = np.let(np.full(2.0, 8));
    NdArray c = np.let(a.add(b));
    for (int i = 0; i < 3; i++) { // two results in turn, so every occurrence names the same regions
      adapter.beginManualTrace(1);
      c = np.rebind(c, i == 2 && diverge ? a.mul(b) : a.add(b));
      c = np.rebind(c, a.add(b));
      adapter.endManualTrace(1);
    }
    return adapter;
  }

  @Test
  void aReplayThatDiffersFromItsRecordingFailsNamingTraceePositionExpectedAndSeen() {
    assertThatThrownBy(() -> run(true, true)).isInstanceOf(TraceMismatchException.class)
        .hasMessageStartingWith("trace 0 diverged from its recording at operation 0: expected ")
        .hasMessageContaining(", got ")
        .satisfies(e -> assertThat(((TraceMismatchException) e).index()).isZero());
  }

  @Test
  void aReplayThatMatchesGoesThroughAndSafeTracingIsOffByDefault() {
    RuntimeAdapter adapter = run(true, false);
    assertThat(adapter.traceEngine().stats().replays()).isPositive();
    assertThat(adapter.traceEngine().stats().mismatches()).isZero();
    assertThat(ApopheniaSettings.defaults().get(Knobs.SAFE_TRACING)).isFalse();
    assertThat(run(false, false).traceEngine().options().mode()).isEqualTo(TracingOptions.Mode.RELAXED);
    assertThat(adapter.traceEngine().options().mode()).isEqualTo(TracingOptions.Mode.STRICT);
  }
}
