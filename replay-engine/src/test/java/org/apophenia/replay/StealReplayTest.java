package org.apophenia.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.DefaultMapper;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.IndexLauncher;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Projection;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskBody;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.replay.stats.StealReplays;
import org.apophenia.sim.Cost;
import org.apophenia.sim.Scheduler;
import org.apophenia.sim.SimulationListener;
import org.apophenia.sim.Span;
import org.apophenia.sim.TaskCost;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;
import org.junit.jupiter.api.Test;

/**
 * Work-stealing record and replay (the trace-and-replay lecture): an iterative index launch over eight
 * tiles on a node of four GPUs, tile 0 eight times as costly as the others, so that idle GPUs steal
 * from the busy one. Each iteration is a trace. With steal replay, the recording's steals are read
 * once its tasks have run and every later replay runs each task where the recording's ran (pinned,
 * nothing stolen live); a log that no longer applies falls back to live stealing, counted by reason.
 * The data is the same under every scheduler.
 */
class StealReplayTest {
  private static final int ITERATIONS = 12;
  private static final int TILES = 8;

  /** Per iteration, the processor each tile's task ran on; the data; the runtime and engine. */
  private record Run(List<int[]> ranOn, long[] data, LegionRuntime rt, DynamicTracing engine) {}

  private interface Tamper {
    void afterIteration(int iteration, DynamicTracing engine, LegionRuntime rt);
  }

  private static Run run(Scheduler scheduler, Tamper tamper) {
    return run(scheduler, tamper, true);
  }

  /** {@code waits}: the program checks on its progress every third iteration (simulated time advances). */
  private static Run run(Scheduler scheduler, Tamper tamper, boolean waits) {
    LegionRuntime rt = new LegionRuntime(Presets.machine("perlmutter:1"), new DefaultMapper(), CostModel.none(),
        scheduler);
    Span[] current = new Span[1];
    rt.simulation().listener(new SimulationListener() {
      @Override
      public void onSpan(Span s) {
        current[0] = s; // a task's span is reported right before its body runs
      }
    });
    List<int[]> ranOn = new ArrayList<>();
    TaskBody body = ctx -> {
      int it = (Integer) ctx.arg(0);
      while (ranOn.size() <= it) {
        ranOn.add(new int[TILES]);
      }
      ranOn.get(it)[(int) ctx.point()[0]] = ((Processor) current[0].resource()).id();
      Field f = ctx.requirement(0).region().fieldSpace().fields().get(0);
      long first = ctx.point()[0] * 64; // the tile's first point
      ctx.accessor(0, f).setLong(3 * ctx.accessor(0, f).getLong(first) + it + 1, first);
      return null;
    };
    TaskBody sync = ctx -> null;
    rt.registerTask(new TaskDefinition(1, "tile", Map.of(ProcessorKind.GPU, body),
        new TaskCost(Map.of(ProcessorKind.GPU, Cost.fixed(100_000)))));
    rt.registerTask(new TaskDefinition(2, "heavy", Map.of(ProcessorKind.GPU, body),
        new TaskCost(Map.of(ProcessorKind.GPU, Cost.fixed(800_000)))));
    rt.registerTask(new TaskDefinition(3, "sync", Map.of(ProcessorKind.GPU, sync),
        new TaskCost(Map.of(ProcessorKind.GPU, Cost.fixed(1_000)))));
    FieldSpace fs = rt.createFieldSpace();
    Field f = fs.allocate("v", FieldType.LONG);
    Field g = fs.allocate("clock", FieldType.LONG);
    LogicalRegion grid = rt.createRegion(rt.createIndexSpace(Rect.of(0, TILES * 64 - 1)), fs);
    Partition p = rt.partitionEqual(grid, TILES);
    DynamicTracing engine = new DynamicTracing();
    rt.setTraceEngine(engine);
    for (int it = 0; it < ITERATIONS; it++) {
      rt.beginTrace(1);
      // a step that every tile waits for and that waits for every tile before it (the loop's barrier):
      // each iteration's tiles become ready together, so each iteration is as unbalanced as the first
      rt.execute(new org.apophenia.legion.api.TaskLauncher(3, List.of(RegionRequirement.of(grid,
          Privilege.READ_WRITE, grid, g)), List.of(it)));
      // tile 0 on its own, heavy; tiles 1..7 light (round-robin: 1, 5 and the heavy one share GPU 0)
      rt.executeIndex(new IndexLauncher(2, Rect.of(0, 0), List.of(RegionRequirement.projected(p,
          Projection.IDENTITY, Privilege.READ_WRITE, grid, f), RegionRequirement.of(grid, Privilege.READ_ONLY, grid,
          g)), List.of(it), null));
      var done = rt.executeIndex(new IndexLauncher(1, Rect.of(1, TILES - 1), List.of(RegionRequirement.projected(p,
          Projection.IDENTITY, Privilege.READ_WRITE, grid, f), RegionRequirement.of(grid, Privilege.READ_ONLY, grid,
          g)), List.of(it), null));
      rt.endTrace(1);
      if (waits && it % 3 == 2) {
        done.get(); // the program checks on its progress now and then: simulated time advances
      }
      if (tamper != null) {
        tamper.afterIteration(it, engine, rt);
      }
    }
    rt.finish();
    long[] data = new long[TILES];
    var ir = rt.inlineMap(RegionRequirement.of(grid, Privilege.READ_ONLY, grid, f));
    for (int t = 0; t < TILES; t++) {
      data[t] = ir.accessor(f).getLong(t * 64L);
    }
    return new Run(ranOn, data, rt, engine);
  }

  @Test
  void replayedPlacementEqualsTheRecordedOne() {
    Run r = run(new Scheduler.WorkStealing(7, true), null);
    StealReplays s = r.engine().stats().stealReplays();
    assertThat(s.enforced()).as("replays followed a log").isPositive();
    assertThat(s.replayedSteals()).as("and it held steals").isPositive();
    var stats = r.rt().simulation().stealStats();
    assertThat(stats.pinned()).as("every task of a replay that follows the log is pinned, but those placed live")
        .isEqualTo((s.enforced() + s.deferred()) * (TILES + 1) - stats.pinMisses());
    Recording rec = r.engine().recordings(1).get(0);
    StealLog log = rec.stealLog(r.rt().simulation());
    int[] recorded = new int[TILES];
    for (int t = 0; t < TILES; t++) {
      recorded[t] = log.ranOn(1 + t); // positions: the barrier step, the heavy tile, then tiles 1..7
    }
    int matching = 0;
    for (int[] it : r.ranOn()) {
      matching += java.util.Arrays.equals(it, recorded) ? 1 : 0;
    }
    assertThat(matching).as("iterations placed exactly as the recording").isGreaterThanOrEqualTo((int) s.enforced());
  }

  /**
   * A program that never waits: the simulator runs nothing until the end, so no replay knows the
   * recording's steal log when it is issued; each replayed task reads its recorded task's placement when
   * it is ready, and every iteration runs where the recording ran (each tile waits for the barrier step,
   * which waits for the previous iteration's tiles, recording included).
   */
  @Test
  void aReplayIssuedBeforeTheRecordingRanFollowsItWhenItsTasksAreReady() {
    Run r = run(new Scheduler.WorkStealing(7, true), null, false);
    StealReplays s = r.engine().stats().stealReplays();
    assertThat(s.enforced()).as("the log was never known when a replay was issued").isZero();
    assertThat(s.deferred()).isPositive();
    var stats = r.rt().simulation().stealStats();
    assertThat(stats.pinMisses()).as("each recorded task had run when its replayed one was ready").isZero();
    assertThat(stats.pinned()).isEqualTo(s.deferred() * (TILES + 1));
    StealLog log = r.engine().recordings(1).get(0).stealLog(r.rt().simulation());
    assertThat(log.steals()).as("the recording stole").isPositive();
    int[] recorded = new int[TILES];
    for (int t = 0; t < TILES; t++) {
      recorded[t] = log.ranOn(1 + t);
    }
    int matching = 0;
    for (int[] it : r.ranOn()) {
      matching += java.util.Arrays.equals(it, recorded) ? 1 : 0;
    }
    assertThat(matching).as("iterations placed exactly as the recording").isGreaterThanOrEqualTo((int) s.deferred());
    assertThat(r.data()).isEqualTo(run(Scheduler.MAPPED, null, false).data());
  }

  @Test
  void theDataIsTheSameUnderEveryScheduler() {
    long[] mapped = run(Scheduler.MAPPED, null).data();
    Run live = run(new Scheduler.WorkStealing(7, false), null);
    assertThat(live.rt().simulation().stealStats().steals()).as("live stealing stole").isPositive();
    assertThat(live.data()).isEqualTo(mapped);
    assertThat(run(new Scheduler.WorkStealing(7, true), null).data()).isEqualTo(mapped);
  }

  @Test
  void aLogFromAnotherMachineFallsBackToLiveStealing() {
    Run r = run(new Scheduler.WorkStealing(7, true), (it, engine, rt) -> {
      for (Recording rec : engine.recordings(1)) {
        StealLog log = rec.stealLog(rt.simulation());
        if (log != null && log.processors() == rt.machine().processors().size()) {
          rec.stealLog(log.withProcessors(log.processors() + 1));
        }
      }
    });
    StealReplays s = r.engine().stats().stealReplays();
    assertThat(s.otherMachine()).isPositive();
    assertThat(s.enforced()).isZero();
    assertThat(r.rt().simulation().stealStats().steals()).as("stealing live instead").isPositive();
  }

  @Test
  void aLogWhoseHomesDifferFallsBackToLiveStealing() {
    Run r = run(new Scheduler.WorkStealing(7, true), (it, engine, rt) -> {
      for (Recording rec : engine.recordings(1)) {
        StealLog log = rec.stealLog(rt.simulation());
        if (log != null && log.home(2) == rt.machine().processors(ProcessorKind.GPU).get(0).id()) {
          rec.stealLog(log.withHome(2, rt.machine().processors(ProcessorKind.GPU).get(2).id()));
        }
      }
    });
    StealReplays s = r.engine().stats().stealReplays();
    assertThat(s.mismatched()).isPositive();
    assertThat(s.enforced()).isZero();
  }
}
