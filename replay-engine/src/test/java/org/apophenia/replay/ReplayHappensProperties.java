package org.apophenia.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.function.LongSupplier;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apophenia.legion.AnalyzeAll;
import org.apophenia.legion.tracing.TraceEngine;
import org.junit.jupiter.api.Test;

/**
 * On loops whose every iteration issues the same replayable body under the same trace annotation, the
 * engine must actually replay (its own statistics say how many operations it replayed), and the data
 * must be the untraced run's. An engine that always analyses keeps the data right but fails this law
 * (checked below against such a stub), so the law cannot pass vacuously.
 */
class ReplayHappensProperties {
  /** The law: ReplayProperties' laws (bit-identical data, ordering kept, operations replayed). */
  static void checkReplays(TracedProgram prog, TraceEngine engine, LongSupplier replayedOps) {
    ReplayProperties.checkLaws(prog, false, engine, replayedOps, () -> "identical iterations");
  }

  @Property(tries = 40)
  void identicalIterationsAreReplayed(@ForAll long seed, @ForAll @IntRange(min = 3, max = 6) int iterations,
      @ForAll @IntRange(min = 2, max = 8) int body) {
    TracedProgram prog = new TracedProgram(seed, iterations, body, false, 0, true);
    DynamicTracing engine = new DynamicTracing();
    checkReplays(prog, engine, () -> engine.stats().replayedOps());
    assertThat(engine.stats().replays()).isGreaterThanOrEqualTo(iterations - 2);
  }

  @Test
  void anEngineThatAlwaysAnalysesFailsTheLaw() {
    TracedProgram prog = new TracedProgram(42, 4, 5, false, 0, true);
    AnalyzeAll stub = new AnalyzeAll(); // never memoizes: every traced operation is analysed
    assertThatThrownBy(() -> checkReplays(prog, stub, () -> 0)).isInstanceOf(AssertionError.class)
        .hasMessageContaining("operations the engine replayed");
  }
}
