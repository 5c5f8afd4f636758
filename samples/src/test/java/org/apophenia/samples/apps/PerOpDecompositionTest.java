package org.apophenia.samples.apps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.apophenia.autotrace.accounting.Bucket;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.samples.array.Mode;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.api.Test;

/**
 * The per-op decomposition of sample runs: buckets add up to the measured wall time, each mode's work
 * lands where it belongs, and the steady state is the same window in every mode.
 */
class PerOpDecompositionTest {
  private static RunResult run(Mode mode, int iterations) {
    return SampleRunner.run(Samples.create("jacobi"), RunOptions.of(mode, iterations, Presets.machine("workstation"),
        CostModel.none()).withSize(24).withTiles(3));
  }

  private static double sum(IterationMarks.SteadyState s) {
    double t = 0;
    for (Bucket b : Bucket.values()) {
      t += s.nanosPerOp(b);
    }
    return t;
  }

  @Test
  void bucketsAddUpToTheWallTimeOfTheIssuingThread() {
    for (Mode m : Mode.values()) {
      RunResult r = run(m, 80);
      for (IterationMarks.SteadyState s : new IterationMarks.SteadyState[] {r.steadyState(), r.whole()}) {
        assertThat(sum(s)).as(m + " buckets vs wall").isCloseTo(s.wallNanosPerOp(), within(0.10 * s.wallNanosPerOp()));
        for (Bucket b : Bucket.values()) {
          assertThat(s.nanosPerOp(b)).as(m + " " + b).isGreaterThanOrEqualTo(0);
        }
      }
    }
  }

  @Test
  void eachModesWorkLandsInItsOwnBuckets() {
    RunResult none = run(Mode.NONE, 80);
    RunResult manual = run(Mode.MANUAL, 80);
    RunResult auto = run(Mode.AUTO, 80);
    // untraced: analysis only, no replay, no Apophenia; jacobi waits on a norm each iteration: kernels
    assertThat(none.whole().nanosPerOp(Bucket.ANALYSIS)).isPositive();
    assertThat(none.whole().nanosPerOp(Bucket.REPLAY)).isZero();
    assertThat(none.whole().nanosPerOp(Bucket.KERNEL)).isPositive();
    assertThat(none.whole().apopheniaNanosPerOp()).isZero();
    // hand-placed traces, warm from iteration 2: the steady state is replayed, not analysed
    assertThat(manual.steadyStateWarm()).isTrue();
    assertThat(manual.steadyState().nanosPerOp(Bucket.REPLAY)).isPositive();
    assertThat(manual.steadyState().nanosPerOp(Bucket.ANALYSIS)).isZero();
    assertThat(manual.whole().apopheniaNanosPerOp()).isZero();
    // automatic: Apophenia hashes and matches every op
    assertThat(auto.whole().nanosPerOp(Bucket.TOKENIZE)).isPositive();
    assertThat(auto.whole().nanosPerOp(Bucket.MATCH)).isPositive();
    assertThat(auto.steadyStateWarm()).isTrue();
    assertThat(auto.steadyState().nanosPerOp(Bucket.ANALYSIS)).isZero();
    assertThat(auto.steadyState().nanosPerOp(Bucket.REPLAY)).isPositive();
    // every array operation is hashed between two switches: two reads border tokenize per operation
    assertThat(auto.steadyState().clockReadsPerOp(Bucket.TOKENIZE)).isEqualTo(2.0);
    assertThat(none.steadyState().clockReadsPerOp(Bucket.TOKENIZE)).isZero();
    assertThat(auto.steadyState().clockReadsPerOp(Bucket.MATCH)).isGreaterThanOrEqualTo(2.0);
  }

  @Test
  void modesWithTheSameWorkPerIterationReportTheSameSteadyState() {
    // manual warms up at iteration 2, auto much later; in the last quarter both replay every
    // iteration, and the simulated time per op of the same iterations is the same
    RunResult manual = run(Mode.MANUAL, 120);
    RunResult auto = run(Mode.AUTO, 120);
    IterationMarks.SteadyState m = manual.steadyState();
    IterationMarks.SteadyState a = auto.steadyState();
    assertThat(a.fromIteration()).isEqualTo(m.fromIteration()).isEqualTo(90);
    assertThat(a.ops()).isEqualTo(m.ops());
    assertThat(a.simulatedNanosPerOp()).isCloseTo(m.simulatedNanosPerOp(), within(0.01 * m.simulatedNanosPerOp()));
    assertThat(auto.warmupIterations()).isGreaterThan(manual.warmupIterations());
  }

  @Test
  void theWindowIsTheLastQuarterWhateverTheWarmUp() {
    // two runs of equal per-iteration cost (100 ns and 10 ops each) whose warm-ups differ: one held
    // back 40 ops and forwarded them at iteration 9 (a backlog); the window sees the same work
    IterationMarks early = synthetic(0);
    IterationMarks late = synthetic(9);
    assertThat(early.steady().wallNanosPerOp()).isEqualTo(late.steady().wallNanosPerOp()).isEqualTo(10.0);
    assertThat(early.steady().fromIteration()).isEqualTo(75);
  }

  @Test
  void aWindowReportsTheGarbageCollectionPausesInsideIt() {
    IterationMarks m = synthetic(0);
    long[] gc = new long[m.ops().length];
    for (int i = 0; i < gc.length; i++) {
      gc[i] = i < 80 ? 0 : 30_000_000L; // one 30 ms pause in iteration 79, one more in iteration 90
      gc[i] += i < 91 ? 0 : 20_000_000L;
    }
    IterationMarks g = new IterationMarks(m.ops(), m.opsIssued(), m.wallNanos(), m.buckets(), m.simulatedNanos(), gc);
    assertThat(g.steady().gcPauseNanosPerOp()).isEqualTo(50_000_000.0 / 250);
    assertThat(g.window(81, 90).gcPauseNanosPerOp()).isZero();
    assertThat(g.window(81, 91).gcPauseNanosPerOp()).isEqualTo(20_000_000.0 / 100);
    assertThat(g.whole().gcPauseNanosPerOp()).isEqualTo(50_000_000.0 / 1000);
    assertThat(m.steady().gcPauseNanosPerOp()).as("marks without readings").isZero();
    // a real run reads the JVM's collectors at every mark: cumulative, so never negative
    RunResult r = run(Mode.AUTO, 40);
    assertThat(r.steadyState().gcPauseNanosPerOp()).isGreaterThanOrEqualTo(0);
    assertThat(r.whole().gcPauseNanosPerOp()).isGreaterThanOrEqualTo(r.steadyState().gcPauseNanosPerOp()
        * r.steadyState().ops() / r.whole().ops());
  }

  private static IterationMarks synthetic(int backlogAt) {
    int n = 101;
    long[] ops = new long[n];
    long[] issued = new long[n];
    long[] wall = new long[n];
    long[][] buckets = new long[n][Bucket.values().length];
    long[] sim = new long[n];
    for (int i = 0; i < n; i++) {
      issued[i] = 10L * i;
      ops[i] = i < backlogAt ? Math.max(0, 10L * i - 40) : 10L * i;
      wall[i] = 100L * i;
      buckets[i][Bucket.OTHER.ordinal()] = 100L * i;
      sim[i] = 1000L * i;
    }
    return new IterationMarks(ops, issued, wall, buckets, sim);
  }
}
