package org.apophenia.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apophenia.replay.stats.TracingStatistics;
import org.apophenia.replay.template.Command;
import org.apophenia.replay.template.Optimisation;
import org.apophenia.replay.template.Translation;

/**
 * The recording's optimisation runs on a background thread by default ({@link Optimisation}): which
 * thread computed it must never show. Same commands, same replays, same simulated schedule and data
 * as with {@link TracingOptions#inlineOptimisation()}.
 */
class BackgroundOptimisationTest {
  private static final String MACHINE = "perlmutter:2";

  @Property(tries = 60)
  void backgroundOptimisationReplaysExactlyAsInline(@ForAll long seed,
      @ForAll @IntRange(min = 2, max = 6) int iterations, @ForAll @IntRange(min = 1, max = 8) int body,
      @ForAll boolean mixed, @ForAll boolean elision, @ForAll boolean reducing) {
    TracedProgram prog = new TracedProgram(seed, iterations, body, mixed, 0.15, false, false, reducing);
    DynamicTracing inline = new DynamicTracing(TracingOptions.defaults().withFenceElision(elision)
        .withInlineOptimisation(true));
    DynamicTracing background = new DynamicTracing(TracingOptions.defaults().withFenceElision(elision));
    TracedRunner a = new TracedRunner(prog, inline, MACHINE, null);
    TracedRunner b = new TracedRunner(prog, background, MACHINE, null);
    assertThat(b.data()).isDeepEqualTo(a.data());
    assertThat(starts(b)).as("simulated start of every task").isEqualTo(starts(a));
    TracingStatistics si = inline.stats();
    TracingStatistics sb = background.stats();
    assertThat(sb.replays()).isEqualTo(si.replays());
    assertThat(sb.elidedReplays()).isEqualTo(si.elidedReplays());
    assertThat(sb.recordings()).isEqualTo(si.recordings());
    assertThat(si.optimisationWaits()).as("inline optimisation never waits").isZero();
    for (int id = 0; id < 3; id++) {
      List<Recording> ri = inline.recordings(id);
      List<Recording> rb = background.recordings(id);
      assertThat(rb).hasSameSizeAs(ri);
      for (int k = 0; k < ri.size(); k++) {
        assertThat(ri.get(k).optimised()).isTrue();
        assertThat(text(rb.get(k).commands())).isEqualTo(text(ri.get(k).commands()));
        assertThat(rb.get(k).idempotent()).isEqualTo(ri.get(k).idempotent());
        if (ri.get(k).elided() != null) {
          assertThat(text(rb.get(k).elided().commands())).isEqualTo(text(ri.get(k).elided().commands()));
          assertThat(rb.get(k).elided().fence()).isEqualTo(ri.get(k).elided().fence());
        } else {
          assertThat(rb.get(k).elided()).isNull();
        }
      }
    }
  }

  @Example
  void aFailureOnTheOptimiserThreadIsRethrownWhereTheResultIsNeeded() {
    // a step with neither an analysis nor folds: the translation fails, on the optimiser's thread
    Optimisation o = Optimisation.start(List.of(new Translation.Step(0, null, null)), null, 0, List.of(), false,
        false);
    org.assertj.core.api.Assertions.assertThatThrownBy(o::result).isInstanceOf(NullPointerException.class);
  }

  /** Commands as text: two runtimes' operations, memories and merge arrays are never equal objects. */
  private static List<String> text(List<Command> cs) {
    return cs.stream().map(Command::toString).toList();
  }

  private static List<Long> starts(TracedRunner r) {
    return r.uses.stream().map(u -> u == null ? Long.MIN_VALUE : u.start).toList();
  }
}
