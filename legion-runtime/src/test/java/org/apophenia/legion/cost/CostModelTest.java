package org.apophenia.legion.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
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
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.sim.Cost;
import org.apophenia.sim.SimulationResult;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;
import org.junit.jupiter.api.Test;

/**
 * The fixed, measured and none {@link CostModel}s (the legion one: LegionCostsTest) as the simulated machine
 * sees them (ARCHITECTURE.md, "two kinds of time"): the analysis of each operation is charged to a UTILITY processor
 * (a task's on its mapped node, fills and copies on node 0), and a task waits for its own analysis.
 */
class CostModelTest {
  private static final int TASKS = 20;

  private record Outcome(LegionRuntime rt, SimulationResult result, Processor utility) {
    long utilityBusy() {
      return result.busyNanos(utility);
    }
  }

  /** One fill and TASKS short independent tasks on the four blocks of a region. */
  private static Outcome run(CostModel model) {
    LegionRuntime rt = new LegionRuntime(Presets.machine("perlmutter:1"), new DefaultMapper(), model);
    FieldSpace fs = rt.createFieldSpace();
    Field x = fs.allocate("x", FieldType.LONG);
    LogicalRegion root = rt.createRegion(rt.createIndexSpace(Rect.of(0, 63)), fs);
    Partition p = rt.partitionEqual(root, 4);
    rt.registerTask(TaskDefinition.cpu(1, "t", ctx -> null, Cost.fixed(1_000)));
    rt.fill(root, x, 0, root);
    for (int i = 0; i < TASKS; i++) {
      rt.execute(new TaskLauncher(1, List.of(RegionRequirement.of(p.subregion(i % 4), Privilege.READ_ONLY, root, x)),
          List.of()));
    }
    SimulationResult r = rt.finish();
    return new Outcome(rt, r, rt.machine().processors(0, ProcessorKind.UTILITY).get(0));
  }

  @Test
  void noneChargesNothing() {
    Outcome o = run(CostModel.none());
    assertThat(o.rt().analysedOperations()).isEqualTo(TASKS + 1);
    assertThat(o.utilityBusy()).isZero();
    assertThat(o.result().makespanNanos()).as("tasks of 1 µs, no analysis").isLessThan(1_000_000);
  }

  @Test
  void fixedChargesItsCostPerAnalysedOperation() {
    Outcome o = run(CostModel.fixed(1_000_000));
    long ops = o.rt().analysedOperations();
    assertThat(ops).isEqualTo(TASKS + 1);
    assertThat((double) o.utilityBusy()).isCloseTo(1e6 * ops, within(0.01 * 1e6 * ops));
    assertThat(o.result().makespanNanos()).as("one utility processor analyses the operations one after another")
        .isGreaterThanOrEqualTo(1_000_000L * ops);
  }

  @Test
  void measuredChargesTheScaledRealAnalysisTime() {
    double scale = 10;
    Outcome o = run(CostModel.measured(scale));
    assertThat(o.utilityBusy()).isPositive()
        .as("charged before mapping and physical analysis finish, so at most the scaled total")
        .isLessThanOrEqualTo(Math.round(scale * o.rt().analysisNanos()));
    assertThat(CostModel.measured(2.5).simulatedNanos(1_000)).isEqualTo(2_500);
    assertThat(CostModel.fixed(1_000_000).simulatedNanos(7)).isEqualTo(1_000_000);
    assertThat(CostModel.none().simulatedNanos(1_000_000)).isZero();
  }

  @Test
  void aTaskIsAnalysedOnTheNodeItRunsOn() {
    // an index launch over 8 points on two nodes: the default mapper spreads the points over both
    // nodes' GPUs, and each node's utility processor analyses its own points (sharded analysis)
    LegionRuntime rt = new LegionRuntime(Presets.machine("perlmutter:2"), new DefaultMapper(),
        CostModel.fixed(1_000_000));
    FieldSpace fs = rt.createFieldSpace();
    Field x = fs.allocate("x", FieldType.LONG);
    LogicalRegion root = rt.createRegion(rt.createIndexSpace(Rect.of(0, 63)), fs);
    Partition p = rt.partitionEqual(root, 8);
    rt.registerTask(TaskDefinition.cpu(1, "t", ctx -> null, Cost.fixed(1_000))
        .withVariant(ProcessorKind.GPU, ctx -> null, Cost.fixed(1_000)));
    rt.executeIndex(new IndexLauncher(1, Rect.of(0, 7),
        RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_WRITE, root, x)));
    SimulationResult r = rt.finish();
    long node0 = r.busyNanos(rt.machine().processors(0, ProcessorKind.UTILITY).get(0));
    long node1 = r.busyNanos(rt.machine().processors(1, ProcessorKind.UTILITY).get(0));
    assertThat(node0 + node1).isEqualTo(8 * 1_000_000L);
    assertThat(node0).as("node 0's share").isEqualTo(4 * 1_000_000L);
    assertThat(node1).as("node 1's share").isEqualTo(4 * 1_000_000L);
    assertThat(r.makespanNanos()).as("the two nodes analyse in parallel").isLessThan(8 * 1_000_000L);
  }
}
