package org.apophenia.replay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Table II of the dynamic tracing paper in simulation: the stencil's makespan without tracing, with
 * tracing but without the idempotent optimisations ("Tr.\Opt."), and with them ("Tr."). Analysis costs
 * 1 ms per operation, replay 0.1 ms; a fenced replay starts only when its fence triggers (a mapping
 * fence), so without elision the replay of iteration k+1 cannot overlap the tasks of iteration k.
 */
class FenceElisionMakespanTest {
  static final int ITERATIONS = 20;
  static final int PIECES = 4;

  static long[] run(long taskNanos) {
    long none = Stencil.makespan(null, ITERATIONS, taskNanos, "perlmutter:1", PIECES);
    TracingOptions base = TracingOptions.defaults().withReplayNanosPerOp(100_000);
    long noOpt = Stencil.makespan(new DynamicTracing(base.withIdempotentReplay(false).withFenceElision(false)),
        ITERATIONS, taskNanos, "perlmutter:1", PIECES);
    DynamicTracing full = new DynamicTracing(base);
    long opt = Stencil.makespan(full, ITERATIONS, taskNanos, "perlmutter:1", PIECES);
    assertThat(full.stats().elidedReplays()).as("back-to-back replays use elided commands")
        .isEqualTo(ITERATIONS - 3); // record, re-record (precondition), fenced replay, then elided
    return new long[] {none, noOpt, opt};
  }

  @Test
  void analysisBoundStencilTracingHelpsAndFenceElisionHelpsMore() {
    long[] m = run(1_000_000); // 8 ops x 1 ms analysis per iteration vs 2 ms of tasks
    System.out.printf("stencil, 1 ms tasks: no tracing %.1f ms, Tr.\\Opt. %.1f ms, Tr. %.1f ms%n", m[0] / 1e6,
        m[1] / 1e6, m[2] / 1e6);
    assertThat(m[1]).isLessThan(m[0]);
    assertThat(m[2]).isLessThan(m[1]);
  }

  @Test
  void taskBoundStencilTracingWithoutElisionIsWorseThanNoTracingAndElisionRecoversIt() {
    long[] m = run(8_000_000); // tasks (16 ms per iteration) hide the analysis (8 ms)
    System.out.printf("stencil, 8 ms tasks: no tracing %.1f ms, Tr.\\Opt. %.1f ms, Tr. %.1f ms%n", m[0] / 1e6,
        m[1] / 1e6, m[2] / 1e6);
    assertThat(m[1]).as("Tr.\\Opt. (fences) is worse than no tracing").isGreaterThan(m[0]);
    assertThat(m[2]).as("Tr. (fence elision) beats Tr.\\Opt.").isLessThan(m[1]);
    // the two recording iterations and the first (fenced) replay cost a little: within 1% of no tracing
    assertThat((double) m[2]).as("Tr. is as good as no tracing").isLessThan(m[0] * 1.01);
  }
}
