package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The phase of a loop's trace: re-phasing at a recurring break ({@code rephaseAtBreaks}), on a stream
 * built so that the assertion fails with the mechanism off (the test checks that too). The other
 * half, a loop's trace winning over a reissued piece of it ({@code loopsWin}), is tested on s3d, where
 * it matters, in the samples module.
 */
class LoopPhaseTest {
  private static long[] tokens(long seed, int n) {
    Random rnd = new Random(seed);
    long[] t = new long[n];
    for (int i = 0; i < n; i++) {
      t[i] = rnd.nextLong() | 1;
    }
    return t;
  }

  private static void add(List<TestOp> ops, long token, Traceability kind) {
    ops.add(new TestOp(token, kind, ops.size()));
  }

  /** Traceable operations with sequence numbers in {@code [from, to)} that went out untraced. */
  private static int untraced(SinkLog<TestOp> rec, int from, int to) {
    boolean inside = false;
    int n = 0;
    for (SinkLog.Event<TestOp> e : rec.events) {
      if (!e.isOp()) {
        inside = e.begin();
      } else if (e.op().seq() >= from && e.op().seq() < to && !inside
          && e.op().kind() == Traceability.TRACEABLE) {
        n++;
      }
    }
    return n;
  }

  /**
   * A loop of 46 operations (a piece of 12 three times, then 10 others) with an untraceable operation
   * in the middle of every tenth iteration (an I/O call, say). Mining learns the loop at the phase
   * where it first became periodic; each break then cuts an occurrence, and that occurrence's
   * operations and those up to the next start go untraced, at every break, until mining happens upon
   * the break's phase (here after forty iterations), unless the trace is rotated to start where the
   * loop resumes.
   */
  @Test
  void aRecurringUntraceableOperationFallsBetweenOccurrencesOnceTheTraceIsRephased() {
    long[] piece = tokens(21, 12);
    long[] rest = tokens(22, 10);
    long[] body = new long[46];
    for (int k = 0; k < 3; k++) {
      System.arraycopy(piece, 0, body, 12 * k, 12);
    }
    System.arraycopy(rest, 0, body, 36, 10);
    List<TestOp> ops = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      add(ops, 1000 + i, Traceability.TRACEABLE); // a prologue, so the loop's first window is off phase
    }
    int from = 0;
    int to = 0;
    int end = 0;
    for (int r = 0; r < 200; r++) {
      if (r == 10) {
        from = ops.size(); // the first break is in iteration 9
      } else if (r == 40) {
        to = ops.size();
      } else if (r == 190) {
        end = ops.size(); // the stream ends after the last break, inside an occurrence
      }
      for (int k = 0; k < body.length; k++) {
        add(ops, body[k], Traceability.TRACEABLE);
        if (r % 10 == 9 && k == 16) {
          add(ops, 7, Traceability.UNTRACEABLE); // mid-iteration: where the program does its I/O
        }
      }
    }
    // the loop traced whole from its first window: with keepReplayed the pieces issued first are
    // kept a while (below)
    ApopheniaSettings whole = ApopheniaSettings.defaults().toBuilder().set(Knobs.KEEP_REPLAYED, false).build();
    SinkLog<TestOp> rec = Runs.run(ops, whole);
    Laws.check(ops, rec);
    SinkLog<TestOp> off = Runs.run(ops, whole.toBuilder().set(Knobs.REPHASE_AT_BREAKS, false).build());
    Laws.check(ops, off);
    assertThat(untraced(rec, from, end)).as("untraced in iterations 10 to 189, re-phased").isZero();
    // without re-phasing, the breaks in iterations 10 to 39 cut occurrences (15 ops untraced at the time
    // of writing, more before mining found the loop's whole body as a guess)
    assertThat(untraced(off, from, to)).as("untraced in iterations 10 to 39, not re-phased").isPositive();
    // at the defaults the piece of 12 is reissued before the whole body is mined, and the body's first
    // candidate is cut to what the piece leaves, before the body's trace takes over (25 ops untraced
    // at the time of writing): a break costs at most the piece it cuts (18 breaks)
    SinkLog<TestOp> pieces = Runs.run(ops, ApopheniaSettings.defaults());
    Laws.check(ops, pieces);
    assertThat(untraced(pieces, from, end)).as("untraced in iterations 10 to 189, in pieces").isBetween(1, 18 * 12);
  }

  /**
   * A loop whose first iteration uses fresh temporaries in its first 25 operations, so its stream
   * becomes periodic mid-iteration, after a setup that ends with a wait for a value already issued (no break, as in
   * Legion); the program then waits at the end of every tenth iteration (a break: the value is still
   * held back inside a trace's match). With {@code phaseAfterWaits} the loop's trace starts where the
   * setup's wait left off, so no check cuts it and it is recorded once; without, the first check cuts
   * it and its rotation is recorded too.
   */
  @Test
  void aLoopsTraceStartsWhereTheProgramWentOnAfterItsLastWait() {
    long[] body = tokens(31, 40);
    long[] fresh = tokens(32, 25);
    List<TestOp> ops = new ArrayList<>();
    List<Integer> waitsAfter = new ArrayList<>(); // a hint after op index, or a break if negative
    for (int i = 0; i < 9; i++) {
      add(ops, 2000 + i, Traceability.TRACEABLE);
    }
    waitsAfter.add(ops.size() - 1);
    for (int r = 0; r < 60; r++) {
      for (int k = 0; k < body.length; k++) {
        int f = r * body.length + k;
        add(ops, f < fresh.length ? fresh[f] : body[k], Traceability.TRACEABLE);
      }
      if (r % 10 == 9) {
        waitsAfter.add(-(ops.size() - 1) - 1);
      }
    }
    long[] recorded = new long[2];
    long[] untraced = new long[2];
    int j = 0;
    for (boolean phase : new boolean[] {true, false}) {
      SinkLog<TestOp> rec = new SinkLog<>();
      ApopheniaSettings c = ApopheniaSettings.defaults().toBuilder().set(Knobs.PHASE_AFTER_WAITS, phase).build();
      try (Interceptor<TestOp> in = Interceptor.builder(TestOp.TOKENIZER, rec).settings(c).build()) {
        int w = 0;
        for (int k = 0; k < ops.size(); k++) {
          in.execute(ops.get(k));
          if (w < waitsAfter.size() && (waitsAfter.get(w) == k || -waitsAfter.get(w) - 1 == k)) {
            if (waitsAfter.get(w++) >= 0) {
              in.waited();
            } else {
              in.blockingWait();
            }
          }
        }
        in.flush();
        recorded[j] = in.stats().tracesRecorded();
      }
      Laws.check(ops, rec);
      untraced[j++] = untraced(rec, 9 + 20 * body.length, 9 + 50 * body.length);
    }
    assertThat(recorded[0]).as("recorded, phased after the wait").isEqualTo(1);
    assertThat(untraced[0]).as("untraced in iterations 20 to 49, phased").isZero();
    assertThat(recorded[1]).as("recorded, not phased: the first check rotates it").isGreaterThan(1);
  }

  @Test
  void theRotationAfterAWaitIsTheGapToThePeriodsEnd() {
    assertThat(LoopPhase.afterWait(738, 930, 33)).as("s3d: 705 after the wait").isEqualTo(225);
    assertThat(LoopPhase.afterWait(100, 40, 100)).as("the loop began at the wait").isZero();
    assertThat(LoopPhase.afterWait(100, 40, 60)).as("a period or more before").isZero();
    assertThat(LoopPhase.afterWait(100, 40, 101)).as("after the occurrence").isZero();
    assertThat(LoopPhase.afterWait(100, 40, -1)).as("no wait yet").isZero();
  }

  /**
   * A run of identical tasks cut every 50 tasks: its traces are runs of the same task, and a rotation
   * of one is itself. Replacing a trace by itself would reset its issues and promote it again at
   * every break.
   */
  @Test
  void aTraceThatIsItsOwnRotationIsLeftAlone() {
    List<TestOp> ops = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      add(ops, 5, Traceability.TRACEABLE);
      if (i % 50 == 49) {
        add(ops, 7, Traceability.UNTRACEABLE);
      }
    }
    long[] promotions = new long[2];
    int j = 0;
    for (boolean rephase : new boolean[] {true, false}) {
      SinkLog<TestOp> rec = new SinkLog<>();
      ApopheniaSettings c = ApopheniaSettings.defaults().toBuilder().set(Knobs.REPHASE_AT_BREAKS, rephase).build();
      try (Interceptor<TestOp> i = Interceptor.builder(TestOp.TOKENIZER, rec).settings(c).build()) {
        ops.forEach(i::execute);
        i.flush();
        promotions[j++] = i.stats().promotions();
      }
      Laws.check(ops, rec);
    }
    assertThat(promotions[0]).as("promotions with re-phasing, against without").isEqualTo(promotions[1]);
  }
}
