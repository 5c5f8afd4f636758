package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;

/**
 * No re-recording storms (README, "Why was this not traced?"): a trace whose reissues the runtime
 * keeps failing to replay (a precondition that fails, operations that diverge from the recording)
 * is retired from automatic tracing after more than {@code retireAfterFailures} failures among its
 * last {@code retirementWindow} reissues, so it costs a bounded number of recordings, and every other
 * trace is issued exactly as if nothing had failed.
 */
class RetirementTest {
  private static final int A = 100;
  private static final int B = 200;
  private static final int ROUNDS = 300;

  /**
   * Two loop bodies of 8 operations each, A and B, separated by blocking waits (so each is a trace
   * of its own): A wait B wait A wait B ...
   */
  private static List<TestOp> stream() {
    List<TestOp> ops = new ArrayList<>();
    int seq = 0;
    for (int r = 0; r < ROUNDS; r++) {
      for (int body : new int[] {A, B}) {
        for (int i = 0; i < 8; i++) {
          ops.add(new TestOp(body + i, Traceability.TRACEABLE, seq++));
        }
        ops.add(null); // a blocking wait
      }
    }
    return ops;
  }

  /** What a run issued: per trace id (named by its first token), its occurrences' first ops, and the recordings. */
  private record Issued(Map<Long, List<Integer>> occurrences, Map<Long, Integer> recordings, long[] retired,
      long tracesRetired) {}

  /**
   * Runs the stream; a runtime stand-in reports on each reissue, failing those that {@code fails}
   * picks (by trace body and reissue number, counted per body). A failed reissue is recorded again.
   */
  private static Issued run(ApopheniaSettings settings, java.util.function.BiPredicate<Long, Integer> fails) {
    Map<Long, List<Integer>> occurrences = new HashMap<>();
    Map<Long, Integer> recordings = new HashMap<>();
    Set<Long> seen = new HashSet<>();
    Map<Long, Integer> reissues = new HashMap<>();
    @SuppressWarnings("unchecked")
    Interceptor<TestOp>[] in = new Interceptor[1];
    TraceSink<TestOp> runtime = new TraceSink<>() {
      long open = -1;
      long body;
      boolean first;

      @Override
      public void op(TestOp op) {
        if (open >= 0 && first) {
          first = false;
          body = op.token() / 100 * 100;
          occurrences.computeIfAbsent(body, k -> new ArrayList<>()).add(op.seq());
        }
      }

      @Override
      public void beginTrace(long id) {
        open = id;
        first = true;
      }

      @Override
      public void endTrace(long id) {
        open = -1;
        if (seen.add(id)) {
          recordings.merge(body, 1, Integer::sum);
          return;
        }
        int k = reissues.merge(body, 1, Integer::sum);
        boolean failed = fails.test(body, k);
        if (failed) {
          recordings.merge(body, 1, Integer::sum); // the runtime analysed it and recorded it again
        }
        in[0].replayOutcome(id, !failed);
      }
    };
    try (Interceptor<TestOp> i = Interceptor.builder(TestOp.TOKENIZER, runtime).settings(settings)
        .executor(Runnable::run).build()) {
      in[0] = i;
      for (TestOp op : stream()) {
        if (op == null) {
          i.blockingWait();
        } else {
          i.execute(op);
        }
      }
      i.flush();
      return new Issued(occurrences, recordings, i.retiredTraces(), i.stats().tracesRetired());
    }
  }

  @Test
  void aTraceThatFailsEveryOtherReissueIsRetiredAndTheOtherIsUnaffected() {
    ApopheniaSettings s = ApopheniaSettings.defaults();
    Issued clean = run(s, (body, k) -> false);
    Issued storm = run(s, (body, k) -> body == A && k % 2 == 0);
    // both loops are traced throughout when nothing fails
    assertThat(clean.occurrences().get((long) A)).hasSizeGreaterThan(ROUNDS - 20);
    assertThat(clean.retired()).isEmpty();
    // A: more than 4 failures among its last 16 reissues retire a trace: the 5th failure, at its 10th
    // reissue. The traces of A's body mined after it (its pieces and rotations) fail and retire alike:
    // each costs its recording and 5 re-recordings, and then A's body is no longer traced at all
    int retired = storm.retired().length;
    System.out.printf("retired %d, A occurrences %d, A recordings %d, last A occurrence at op %d of %d%n", retired,
        storm.occurrences().get((long) A).size(), storm.recordings().get((long) A),
        storm.occurrences().get((long) A).get(storm.occurrences().get((long) A).size() - 1), ROUNDS * 16);
    assertThat(retired).isBetween(1, 4);
    assertThat(storm.tracesRetired()).isEqualTo(retired);
    assertThat(storm.occurrences().get((long) A)).hasSize(11 * retired); // each: its recording and 10 reissues
    assertThat(storm.recordings().get((long) A)).isEqualTo((1 + 5) * retired);
    assertThat(storm.occurrences().get((long) A).get(11 * retired - 1)).isLessThan(ROUNDS * 16 / 4);
    // B is issued exactly as without the failures
    assertThat(storm.occurrences().get((long) B)).isEqualTo(clean.occurrences().get((long) B));
    assertThat(storm.recordings().get((long) B)).isEqualTo(clean.recordings().get((long) B));
  }

  @Test
  void theLimitAndTheWindowAreKnobsAndLegionNeverRetires() {
    ApopheniaSettings strict = ApopheniaSettings.defaults().toBuilder().set(Knobs.RETIRE_AFTER_FAILURES, 1)
        .set(Knobs.RETIREMENT_WINDOW, 4).build();
    Issued early = run(strict, (body, k) -> body == A && k % 2 == 0);
    // the 2nd failure, at its 4th reissue, retires each trace of A's body
    assertThat(early.occurrences().get((long) A)).hasSize((1 + 4) * early.retired().length);
    // failures further apart than the window never add up
    Issued sparse = run(strict, (body, k) -> body == A && k % 4 == 0);
    assertThat(sparse.retired()).isEmpty();
    ApopheniaSettings legion = ApopheniaSettings.defaults().toBuilder()
        .set(Knobs.RETIRE_AFTER_FAILURES, Knobs.RETIRE_AFTER_FAILURES.legionValue()).build();
    Issued never = run(legion, (body, k) -> body == A && k % 2 == 0);
    assertThat(never.retired()).isEmpty();
    assertThat(never.recordings().get((long) A)).isGreaterThan(ROUNDS / 3); // the storm retirement prevents
  }

  /** Test of the test: a stand-in that never fails A retires nothing, so the checks above can fail. */
  @Test
  void withoutFailuresNothingIsRetired() {
    LongPredicate none = id -> false;
    Issued r = run(ApopheniaSettings.defaults(), (body, k) -> none.test(body));
    assertThat(r.retired()).isEmpty();
    assertThat(r.recordings().get((long) A)).isLessThanOrEqualTo(2);
  }
}
