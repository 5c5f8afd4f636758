package org.apophenia.cli.figures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The figures' steady-state window on made-up simulated clocks: it is the last third of the run in
 * every mode, so two modes that cost the same per iteration there report the same throughput whatever
 * their warm-ups, and a warm-up inside it is reported, not measured around.
 */
class SteadyWindowTest {
  private static final int ITERATIONS = 24;
  private static final long MS = 1_000_000;

  @Test
  void twoModesWithEqualPerIterationCostReportEqualSteadyStateThroughput() {
    // the same cost per iteration in both modes, dearer in the first 10 iterations (the start of a run)
    long[] cost = new long[ITERATIONS];
    Arrays.fill(cost, 0, 10, 100 * MS);
    Arrays.fill(cost, 10, ITERATIONS, 40 * MS);
    SteadyWindow manual = SteadyWindow.of(clock(cost), true, 4);
    SteadyWindow auto = SteadyWindow.of(clock(cost), true, 12);
    SteadyWindow none = SteadyWindow.of(clock(cost), false, -1);

    assertThat(List.of(manual.from(), auto.from(), none.from())).containsOnly(ITERATIONS - ITERATIONS / 3);
    assertThat(manual.iterationsPerSecond()).isEqualTo(auto.iterationsPerSecond()).isEqualTo(none.iterationsPerSecond())
        .isCloseTo(25.0, within(1e-9));
    assertThat(List.of(manual.warm(), auto.warm(), none.warm())).containsOnly(true);
  }

  @Test
  void theWindowDoesNotDependOnTheWarmUpNorTakeTheBacklogChargedAtIt() {
    // manual: 40 ms an iteration throughout; auto: cheap iterations while Apophenia holds operations back,
    // then the backlog charged to the warm-up iteration, then the same 40 ms as manual
    long[] manualCost = new long[ITERATIONS];
    Arrays.fill(manualCost, 40 * MS);
    SteadyWindow manual = SteadyWindow.of(clock(manualCost), true, 2);
    for (int warmup = 0; warmup < ITERATIONS - ITERATIONS / 3; warmup++) {
      long[] autoCost = manualCost.clone();
      Arrays.fill(autoCost, 0, warmup, 5 * MS);
      autoCost[warmup] = 40 * MS + warmup * 35 * MS;
      SteadyWindow auto = SteadyWindow.of(clock(autoCost), true, warmup);
      assertThat(auto.from()).as("window of auto warm at %d", warmup).isEqualTo(manual.from());
      assertThat(auto.iterationsPerSecond()).as("throughput of auto warm at %d", warmup)
          .isCloseTo(manual.iterationsPerSecond(), within(1e-9));
      assertThat(auto.warm()).isTrue();
    }
  }

  @Test
  void aModeWhoseRuntimeLagsTheProgramIsMeasuredOnTheWorkItsRuntimeReceived() {
    // 175 ops an iteration, 21.2 ms each wherever the runtime does them; auto's runtime receives each
    // iteration's ops one iteration late (Apophenia holds the open match) and the rest at the close
    int per = 175;
    long[] issued = new long[ITERATIONS + 1];
    long[] manualOps = new long[ITERATIONS + 1];
    long[] autoOps = new long[ITERATIONS + 1];
    long[] manualClock = new long[ITERATIONS + 1];
    long[] autoClock = new long[ITERATIONS + 1];
    for (int i = 0; i <= ITERATIONS; i++) {
      issued[i] = (long) per * i;
      manualOps[i] = issued[i];
      autoOps[i] = i == ITERATIONS ? issued[i] : Math.max(0, issued[i] - per);
      manualClock[i] = manualOps[i] * 212 * MS / 10 / per;
      autoClock[i] = autoOps[i] * 212 * MS / 10 / per;
    }
    SteadyWindow manual = SteadyWindow.of(manualClock, manualOps, issued, true, 2);
    SteadyWindow auto = SteadyWindow.of(autoClock, autoOps, issued, true, 3);
    assertThat(auto.iterationsPerSecond()).isCloseTo(manual.iterationsPerSecond(), within(1e-9));
    // counted in the program's iterations, the lag taken in at the close lowers auto by a ninth
    SteadyWindow counted = SteadyWindow.of(autoClock, true, 3);
    assertThat(counted.iterationsPerSecond() / manual.iterationsPerSecond()).isCloseTo(8.0 / 9, within(1e-9));
  }

  @Test
  void aWarmUpInsideTheWindowIsMeasuredOverTheSameWindowAndReportedNotWarm() {
    long[] cost = new long[ITERATIONS];
    Arrays.fill(cost, 40 * MS);
    SteadyWindow late = SteadyWindow.of(clock(cost), true, 20);
    SteadyWindow atStart = SteadyWindow.of(clock(cost), true, 16);
    SteadyWindow never = SteadyWindow.of(clock(cost), true, -1);
    SteadyWindow untraced = SteadyWindow.of(clock(cost), false, -1);

    assertThat(List.of(late.from(), never.from(), untraced.from())).containsOnly(16);
    assertThat(late.warm()).isFalse();
    assertThat(late.status(20)).isEqualTo("not warm: warm-up at iteration 20, in the window from 16");
    // the warm-up iteration takes the backlog of the recordings before it: a window starting there is not warm
    assertThat(atStart.warm()).isFalse();
    assertThat(never.warm()).isFalse();
    assertThat(never.status(-1)).isEqualTo("not warm: no steady replay in 24 iterations");
    assertThat(untraced.status(-1)).isEqualTo("ok");
    assertThat(late.iterationsPerSecond()).isCloseTo(25.0, within(1e-9));
  }

  @Test
  void shapeChecksDoNotDecideOnAPointThatIsNotWarm() {
    FigureRun run = new FigureRun("cfd", "small", "auto", "perlmutter", 1, 4, 64, 1, ITERATIONS);
    FigurePoint cold = new FigurePoint(run, 25, 20, 16, 40, "not warm: warm-up at iteration 20, in the window from "
        + "16", false);
    FigurePoint warm = new FigurePoint(run, 25, 4, 16, 40, "ok", true);

    assertThat(ShapeChecks.rate(List.of(cold), "cfd", "small", "auto", 1)).isNaN();
    assertThat(ShapeChecks.rate(List.of(warm), "cfd", "small", "auto", 1)).isEqualTo(25);
    assertThat(FigureOutput.csv(new Figure(6, "test", List.of(cold), List.of(), "")).lines().skip(1).findFirst())
        .hasValueSatisfying(row -> assertThat(row).endsWith(",8,false"));
  }

  /** Simulated time after each iteration, from each iteration's cost. */
  private static long[] clock(long[] cost) {
    long[] t = new long[cost.length + 1];
    for (int i = 0; i < cost.length; i++) {
      t[i + 1] = t[i] + cost[i];
    }
    return t;
  }
}
