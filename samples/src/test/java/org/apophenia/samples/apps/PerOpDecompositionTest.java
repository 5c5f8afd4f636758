package org.apophenia.samples.apps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apophenia.autotrace.accounting.Bucket;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.samples.array.ArrayContext;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.samples.array.NdArray;
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

  /** The buckets a mode never enters: Apophenia's three outside {@code auto}, replay without a trace engine. */
  private static Set<Bucket> neverEntered(Mode mode) {
    return switch (mode) {
      case NONE -> EnumSet.of(Bucket.TOKENIZE, Bucket.MATCH, Bucket.INGEST, Bucket.REPLAY);
      case MANUAL -> EnumSet.of(Bucket.TOKENIZE, Bucket.MATCH, Bucket.INGEST);
      case AUTO -> EnumSet.noneOf(Bucket.class);
    };
  }

  @Test
  void bucketsAddUpToTheWallTimeOfTheIssuingThread() {
    for (Mode m : Mode.values()) {
      RunResult r = run(m, 80);
      // at every mark the buckets split the time since the account started, read just before the
      // wall clock, which started just before the account: never more than the wall
      IterationMarks marks = r.marks();
      for (int i = 0; i < marks.ops().length; i++) {
        long sum = 0;
        for (long nanos : marks.buckets()[i]) {
          sum += nanos;
        }
        assertThat(sum).as(m + " buckets at mark " + i).isPositive().isLessThanOrEqualTo(marks.wallNanos()[i]);
      }
      for (IterationMarks.SteadyState s : new IterationMarks.SteadyState[] {r.steadyState(), r.whole()}) {
        assertThat(sum(s)).as(m + " buckets vs wall").isCloseTo(s.wallNanosPerOp(), within(0.10 * s.wallNanosPerOp()));
        for (Bucket b : Bucket.values()) {
          // a bucket the mode never enters holds nothing; every other one is crossed by every
          // iteration of jacobi (its kernels run at the checks' waits, its observer at each op)
          if (neverEntered(m).contains(b)) {
            assertThat(s.nanosPerOp(b)).as(m + " " + b).isZero();
          } else if (b != Bucket.INGEST && (b != Bucket.ANALYSIS || m == Mode.NONE || s == r.whole())) {
            assertThat(s.nanosPerOp(b)).as(m + " " + b).isPositive();
          }
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
  }

  @Test
  void aRealRunsPauseFiguresAreTheJvmsOwnReadings() {
    long before = GcPauses.nanos();
    ForcedCollection sample = new ForcedCollection(35);
    RunResult r = SampleRunner.run(sample, RunOptions.of(Mode.AUTO, 40, Presets.machine("workstation"),
        CostModel.none()).withSize(24).withTiles(3));
    long after = GcPauses.nanos();
    long[] gc = r.marks().gcPauseNanos();
    // each mark is the JVM's cumulative reading at that point: inside the run's bracket, never
    // decreasing, in whole milliseconds (the unit the JVM reports)
    for (int i = 0; i < gc.length; i++) {
      assertThat(gc[i]).as("mark " + i).isBetween(before, after).isGreaterThanOrEqualTo(i == 0 ? before : gc[i - 1]);
      assertThat(gc[i] % 1_000_000L).as("mark " + i).isZero();
    }
    // a window's figure is the JVM's readings at its ends, per operation, and holds the pause the JVM
    // reported for the collection forced in its iteration 35
    IterationMarks.SteadyState s = r.steadyState();
    assertThat(s.fromIteration()).isEqualTo(30);
    long inWindow = gc[40] - gc[30];
    assertThat(s.gcPauseNanosPerOp()).isEqualTo((double) inWindow / s.ops());
    assertThat(inWindow).isGreaterThanOrEqualTo(sample.reportedPause);
    assertThat(r.whole().gcPauseNanosPerOp()).isEqualTo((double) (gc[40] - gc[0]) / r.whole().ops());
  }

  /** Jacobi, with a full collection forced at the end of one iteration and the pause the JVM reported for it. */
  private static final class ForcedCollection implements Sample {
    private final Jacobi jacobi = new Jacobi();
    private final int at;
    long reportedPause = -1;

    ForcedCollection(int at) {
      this.at = at;
    }

    @Override public String name() { return jacobi.name(); }
    @Override public String description() { return jacobi.description(); }
    @Override public int defaultSize() { return jacobi.defaultSize(); }
    @Override public int defaultIterations() { return jacobi.defaultIterations(); }
    @Override public int manualTraceIterations() { return jacobi.manualTraceIterations(); }
    @Override public void setup(ArrayContext np, int size) { jacobi.setup(np, size); }
    @Override public boolean monitor(ArrayContext np, int i) { return jacobi.monitor(np, i); }
    @Override public List<NdArray> results() { return jacobi.results(); }
    @Override public String verify(ArrayContext np) { return jacobi.verify(np); }

    @Override
    public void step(ArrayContext np, int i) {
      jacobi.step(np, i);
      if (i == at) {
        long before = GcPauses.nanos();
        System.gc();
        reportedPause = GcPauses.nanos() - before;
      }
    }
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
