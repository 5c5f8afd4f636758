package org.apophenia.replay;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apophenia.legion.HostMapper;

/**
 * Laws of the engine on random iterative programs with random manual trace annotations (fragments
 * that differ between iterations, idempotent and non-idempotent traces, reductions, fills, copies
 * between GPUs of two nodes).
 */
class ReplayProperties {
  @Property(tries = 150)
  void finalDataIsBitIdenticalToTheUntracedRun(@ForAll long seed, @ForAll @IntRange(min = 2, max = 6) int iterations,
      @ForAll @IntRange(min = 1, max = 8) int body, @ForAll boolean mixed, @ForAll boolean elision,
      @ForAll boolean hostMapper) {
    TracedProgram prog = new TracedProgram(seed, iterations, body, mixed, 0.15);
    String machine = "perlmutter:2";
    TracedRunner plain = new TracedRunner(prog, null, machine, hostMapper ? new HostMapper() : null);
    DynamicTracing engine = new DynamicTracing(TracingOptions.defaults().withFenceElision(elision));
    TracedRunner traced = new TracedRunner(prog, engine, machine, hostMapper ? new HostMapper() : null);
    long[][] want = plain.data();
    long[][] got = traced.data();
    for (int f = 0; f < 3; f++) {
      assertThat(got[f]).as("field f%d, %s", f, engine.statistics()).containsExactly(want[f]);
    }
    if (plain.unorderedInterferingPairs().isEmpty()) {
      assertThat(traced.unorderedInterferingPairs()).as("%s", engine.statistics()).isEmpty();
    }
  }
}
