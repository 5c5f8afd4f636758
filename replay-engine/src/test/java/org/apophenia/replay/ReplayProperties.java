package org.apophenia.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import org.apophenia.legion.AnalyzeAll;
import org.apophenia.legion.api.HostMapper;
import org.apophenia.legion.tracing.TraceEngine;
import org.apophenia.replay.stats.TracingStatistics;
import org.junit.jupiter.api.Test;

/**
 * Laws of the engine on random iterative programs with random manual trace annotations: fragments that
 * differ between iterations, idempotent and non-idempotent traces, reductions, fills, copies between
 * GPUs of two nodes (or the host mapper), futures passed as task arguments (within a trace and across
 * its boundary). Soundness is checked on the simulated schedule: every pair of
 * interfering tasks the untraced run orders is ordered in the traced run too (the later starts after
 * the earlier ends), and every task starts after the producers of the futures it takes, which holds
 * for every schedule only if the replayed graph implies the dependence. Every program ends with a
 * replayable tail, so the laws also demand that the engine replayed operations (its own statistics).
 */
class ReplayProperties {
  private static final String MACHINE = "perlmutter:2";
  /**
   * replays, elided replays, recordings, precondition failures, mismatches, unreplayable, idempotent recs,
   * replays of traces with REDUCE requirements, programs that replayed one, programs with futures.
   */
  private static final AtomicLongArray STATS = new AtomicLongArray(10);
  /** folded-reduction programs: replays, replays of REDUCE traces, programs with one, programs, unreplayable. */
  private static final AtomicLongArray REDUCING = new AtomicLongArray(5);
  /** spurious serialised pairs: [0] fenced, [1] elided, [2] programs. */
  private static final AtomicLongArray SPURIOUS = new AtomicLongArray(3);

  /**
   * The laws on one program: the traced run's data is bit-identical to the untraced run's, neither
   * run lets two interfering tasks overlap or a task start before the producer of a future it takes,
   * and the engine replayed operations ({@code replayedOps}, read after the run; the program ends with
   * a replayable tail, so an engine that always analyses fails here). {@code describe} labels failures.
   */
  static void checkLaws(TracedProgram prog, boolean hostMapper, TraceEngine engine, LongSupplier replayedOps,
      Supplier<Object> describe) {
    TracedRunner plain = new TracedRunner(prog, null, MACHINE, hostMapper ? new HostMapper() : null);
    TracedRunner traced = new TracedRunner(prog, engine, MACHINE, hostMapper ? new HostMapper() : null);
    long[][] want = plain.data();
    long[][] got = traced.data();
    for (int f = 0; f < 3; f++) {
      assertThat(got[f]).as("field f%d, %s", f, describe.get()).containsExactly(want[f]);
    }
    assertThat(plain.unorderedInterferingPairs()).as("the untraced run").isEmpty();
    assertThat(traced.unorderedInterferingPairs()).as("%s", describe.get()).isEmpty();
    assertThat(replayedOps.getAsLong()).as("operations the engine replayed, %s", describe.get()).isPositive();
  }

  /** A random program of the laws, with the replayable tail that makes replays a law too. */
  static TracedProgram program(long seed, int iterations, int body, boolean mixed, boolean futures,
      boolean foldedReductions) {
    return new TracedProgram(seed, iterations, body, mixed, 0.15, false, futures, foldedReductions)
        .withReplayableTail(seed ^ 0x5DEECE66DL, 4, 1 + Math.floorMod(seed, 4));
  }

  @Property(tries = 150)
  void finalDataIsBitIdenticalToTheUntracedRunAndInterferingTasksStayOrdered(@ForAll long seed,
      @ForAll @IntRange(min = 2, max = 6) int iterations, @ForAll @IntRange(min = 1, max = 8) int body,
      @ForAll boolean mixed, @ForAll boolean elision, @ForAll boolean hostMapper, @ForAll boolean futures) {
    TracedProgram prog = program(seed, iterations, body, mixed, futures, false);
    DynamicTracing engine = new DynamicTracing(TracingOptions.defaults().withFenceElision(elision));
    checkLaws(prog, hostMapper, engine, () -> engine.stats().replayedOps(), engine::stats);
    TracingStatistics s = engine.stats();
    STATS.addAndGet(0, s.replays());
    STATS.addAndGet(1, s.elidedReplays());
    STATS.addAndGet(2, s.recordings());
    STATS.addAndGet(3, s.preconditionFailures());
    STATS.addAndGet(4, s.mismatches());
    STATS.addAndGet(5, s.unreplayable());
    STATS.addAndGet(7, s.reducingReplays());
    STATS.addAndGet(8, s.reducingReplays() > 0 ? 1 : 0);
    STATS.addAndGet(9, futures ? 1 : 0);
    for (int id = 0; id <= TracedProgram.TAIL_TRACE; id++) {
      STATS.addAndGet(6, engine.recordings(id).stream().filter(Recording::idempotent).count());
      for (Recording r : engine.recordings(id)) { // the recorder decides idempotence without the sets' index
        boolean implies = r.postcondition().implies(r.precondition());
        if (r.idempotent()) {
          assertThat(implies).as("%s", r).isTrue();
        } else if (r.unreplayable() == null && !r.reduces()) { // no folds at its end: idempotent iff implies
          assertThat(implies).as("%s", r).isFalse();
        }
      }
    }
  }

  /** Shrunk from the property above: a reducing trace replayed on the host mapper with futures. */
  @net.jqwik.api.Example
  void aReducingReplayWithFuturesOnTheHostMapperKeepsInterferingTasksOrdered() {
    finalDataIsBitIdenticalToTheUntracedRunAndInterferingTasksStayOrdered(3054471676L, 2, 4, true, true, true, true);
  }

  /**
   * The same laws on bodies that reduce (sum and xor, on random regions and fields) and read the reduced
   * data, with every trace starting with no reductions pending and folding its own before it ends:
   * those traces are replayed, reusing their recorded reduction instances and re-issuing their folds.
   * (The property above covers reductions pending at the trace's boundaries, which the engine folds.)
   */
  @Property(tries = 100)
  void tracesThatFoldTheirReductionsReplayBitIdentically(@ForAll long seed,
      @ForAll @IntRange(min = 2, max = 6) int iterations, @ForAll @IntRange(min = 1, max = 8) int body,
      @ForAll boolean elision, @ForAll boolean hostMapper, @ForAll boolean futures) {
    TracedProgram prog = program(seed, iterations, body, true, futures, true);
    DynamicTracing engine = new DynamicTracing(TracingOptions.defaults().withFenceElision(elision));
    checkLaws(prog, hostMapper, engine, () -> engine.stats().replayedOps(), engine::stats);
    TracingStatistics s = engine.stats();
    REDUCING.addAndGet(0, s.replays());
    REDUCING.addAndGet(1, s.reducingReplays());
    REDUCING.addAndGet(2, s.reducingReplays() > 0 ? 1 : 0);
    REDUCING.incrementAndGet(3);
    REDUCING.addAndGet(4, s.unreplayable());
  }

  /** The laws cannot pass vacuously: an engine that never memoizes keeps the data right but fails them. */
  @Test
  void anEngineThatAlwaysAnalysesFailsTheLaws() {
    AnalyzeAll stub = new AnalyzeAll();
    assertThatThrownBy(() -> checkLaws(program(42, 3, 5, true, true, false), false, stub, () -> 0,
        () -> "always analysed")).isInstanceOf(AssertionError.class)
        .hasMessageContaining("operations the engine replayed");
  }

  /**
   * Not a law but a measurement: non-interfering task pairs that the untraced run lets overlap and a
   * traced run serialises, with fences and with fence elision, on replayable loop bodies.
   */
  @Property(tries = 100)
  void spuriousSerialisationWithAndWithoutFenceElision(@ForAll long seed,
      @ForAll @IntRange(min = 4, max = 8) int iterations, @ForAll @IntRange(min = 2, max = 8) int body) {
    TracedProgram prog = new TracedProgram(seed, iterations, body, false, 0, true);
    TracedRunner plain = new TracedRunner(prog, null, MACHINE, null);
    DynamicTracing withFences = new DynamicTracing(TracingOptions.defaults().withFenceElision(false)
        .withIdempotentReplay(false));
    TracedRunner fenced = new TracedRunner(prog, withFences, MACHINE, null);
    DynamicTracing withElision = new DynamicTracing();
    TracedRunner elided = new TracedRunner(prog, withElision, MACHINE, null);
    SPURIOUS.addAndGet(0, serialisedExtra(plain, fenced));
    SPURIOUS.addAndGet(1, serialisedExtra(plain, elided));
    SPURIOUS.incrementAndGet(2);
    assertThat(elided.data()).isDeepEqualTo(plain.data());
    // identical whole-body iterations replay (ReplayHappensProperties): else there is nothing to measure
    assertThat(withFences.stats().replayedOps()).as("%s", withFences.stats()).isPositive();
    assertThat(withElision.stats().replayedOps()).as("%s", withElision.stats()).isPositive();
  }

  /**
   * Regression (found by the property above): after transitive reduction most operations reach the
   * fence only through a predecessor; fence elision must still give each one its own dependences on
   * the previous replay (here T1 must wait for the previous iteration's T9 on a shared point).
   */
  @net.jqwik.api.Example
  void fenceElisionOrdersOperationsThatReachedTheFenceOnlyTransitively() {
    TracedProgram prog = new TracedProgram(-1, 4, 7, false, 0, true);
    TracedRunner plain = new TracedRunner(prog, null, MACHINE, null);
    DynamicTracing engine = new DynamicTracing();
    TracedRunner elided = new TracedRunner(prog, engine, MACHINE, null);
    assertThat(engine.stats().elidedReplays()).isEqualTo(1);
    assertThat(elided.data()).isDeepEqualTo(plain.data());
    assertThat(elided.unorderedInterferingPairs()).isEmpty();
  }

  /**
   * Regression (found by the property): an operation that had no predecessor when it was recorded
   * (the program's first) still needs the fence when replayed after other work on its data.
   */
  @net.jqwik.api.Example
  void anOperationWithoutPredecessorsWhenRecordedWaitsForTheFenceWhenReplayed() {
    TracedProgram prog = new TracedProgram(-6, 2, 2, false, 0.15);
    TracedRunner plain = new TracedRunner(prog, null, MACHINE, new HostMapper());
    DynamicTracing engine = new DynamicTracing();
    TracedRunner traced = new TracedRunner(prog, engine, MACHINE, new HostMapper());
    assertThat(engine.stats().replays()).isEqualTo(1);
    assertThat(plain.unorderedInterferingPairs()).isEmpty();
    assertThat(traced.unorderedInterferingPairs()).isEmpty();
  }

  /**
   * Regression (found by the property): a copy in the previous replay can make the instance valid
   * that a copy of the next one reads from, so elided commands must order copies too.
   */
  @net.jqwik.api.Example
  void fenceElisionOrdersCopiesAfterTheCopiesTheyReadFrom() {
    TracedProgram prog = new TracedProgram(-955, 4, 6, false, 0, true);
    TracedRunner plain = new TracedRunner(prog, null, MACHINE, null);
    DynamicTracing engine = new DynamicTracing();
    TracedRunner elided = new TracedRunner(prog, engine, MACHINE, null);
    assertThat(engine.stats().elidedReplays()).isEqualTo(1);
    assertThat(elided.data()).isDeepEqualTo(plain.data());
  }

  private static long serialisedExtra(TracedRunner plain, TracedRunner traced) {
    List<TracedRunner.Use> a = plain.uses.stream().filter(u -> u != null).toList();
    List<TracedRunner.Use> b = traced.uses.stream().filter(u -> u != null).toList();
    long n = 0;
    for (int j = 0; j < a.size(); j++) {
      for (int i = 0; i < j; i++) {
        if (TracedRunner.interfere(a.get(i), a.get(j))) {
          continue;
        }
        boolean overlapPlain = a.get(j).start < a.get(i).start + TracedRunner.TASK_NANOS;
        boolean overlapTraced = b.get(j).start < b.get(i).start + TracedRunner.TASK_NANOS;
        if (overlapPlain && !overlapTraced) {
          n++;
        }
      }
    }
    return n;
  }

  @AfterContainer
  static void report() {
    System.out.printf("replay properties: %d replays (%d elided), %d recordings (%d idempotent), %d precondition "
        + "failures, %d mismatches, %d unreplayable trace instances; %d replays of REDUCE traces in %d programs; "
        + "%d programs pass futures%n", STATS.get(0), STATS.get(1), STATS.get(2),
        STATS.get(6), STATS.get(3), STATS.get(4), STATS.get(5), STATS.get(7), STATS.get(8), STATS.get(9));
    System.out.printf("folded reductions: %d programs, %d replayed a trace with REDUCE requirements (%d such replays "
        + "of %d), %d unreplayable trace instances%n", REDUCING.get(3), REDUCING.get(2), REDUCING.get(1),
        REDUCING.get(0), REDUCING.get(4));
    System.out.printf("spurious serialisation over %d programs: %d task pairs with fences (Tr.\\Opt.), %d with fence "
        + "elision%n", SPURIOUS.get(2), SPURIOUS.get(0), SPURIOUS.get(1));
  }
}
