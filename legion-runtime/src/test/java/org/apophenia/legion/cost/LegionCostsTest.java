package org.apophenia.legion.cost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
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
import org.apophenia.legion.cost.LegionCosts;
import org.apophenia.sim.Cost;
import org.apophenia.sim.SimulationResult;
import org.apophenia.sim.machine.Channel;
import org.apophenia.sim.machine.ChannelKind;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.ProcessorKind;
import org.junit.jupiter.api.Test;

/**
 * The {@code legion} cost model ({@link LegionCosts}) as the simulated machine sees it: the runtime's
 * work on an operation grows with what the analysis does (requirements, points of an index launch), is
 * spread over a node's utility processors by Amdahl's law, and a dependence between nodes costs a
 * message over the network.
 */
class LegionCostsTest {
  private static final LegionCosts COSTS = LegionCosts.defaults();

  /** Utility time charged on all nodes for one index launch of {@code points} points with {@code reqs} requirements. */
  private static long utilityBusy(String machine, int points, int reqs) {
    LegionRuntime rt = new LegionRuntime(Presets.machine(machine), new DefaultMapper(), COSTS);
    FieldSpace fs = rt.createFieldSpace();
    List<Field> fields = new ArrayList<>();
    for (int f = 0; f < reqs; f++) {
      fields.add(fs.allocate("f" + f, FieldType.LONG));
    }
    LogicalRegion root = rt.createRegion(rt.createIndexSpace(Rect.of(0, 8L * points - 1)), fs);
    Partition p = rt.partitionEqual(root, points);
    rt.registerTask(TaskDefinition.cpu(1, "t", ctx -> null, Cost.fixed(1_000))
        .withVariant(ProcessorKind.GPU, ctx -> null, Cost.fixed(1_000)));
    List<RegionRequirement> rs = new ArrayList<>();
    for (Field f : fields) {
      rs.add(RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_WRITE, root, f));
    }
    rt.executeIndex(new IndexLauncher(1, Rect.of(0, points - 1), rs, List.of(), null));
    SimulationResult r = rt.finish();
    long busy = 0;
    for (var u : rt.machine().processors(ProcessorKind.UTILITY)) {
      busy += r.busyNanos(u);
    }
    return busy;
  }

  @Test
  void anOperationCostsMoreWithMoreRequirements() {
    long one = utilityBusy("perlmutter:1", 4, 1);
    long three = utilityBusy("perlmutter:1", 4, 3);
    // two more requirements: 2 x (requirement + 3 region-tree nodes + field) of logical analysis
    long extra = 2 * (COSTS.perRequirementNanos() + 3 * COSTS.perRegionNodeNanos() + COSTS.perFieldNanos());
    assertThat(three - one).isEqualTo(COSTS.onUtilities(extra + COSTS.logicalNanos(1, 3, 1, 4)
        + 4 * COSTS.perPointNanos(), 4) - COSTS.onUtilities(COSTS.logicalNanos(1, 3, 1, 4) + 4 * COSTS.perPointNanos(), 4));
    assertThat(three).isGreaterThan(one);
  }

  @Test
  void anIndexLaunchCostsMoreWithMorePoints() {
    long four = utilityBusy("perlmutter:1", 4, 1);
    long eight = utilityBusy("perlmutter:1", 8, 1);
    assertThat(eight).as("each point's physical analysis and the domain's logical term").isGreaterThan(four);
    assertThat(eight - four).isGreaterThanOrEqualTo(COSTS.onUtilities(4 * COSTS.perPointNanos(), 4));
  }

  @Test
  void theLogicalAnalysisIsReplicatedOnEveryNodeAndGrowsWithTheLaunch() {
    // weak scaling: 4 points per node; every node analyses the launch's logical part, its own points
    long oneNode = utilityBusy("perlmutter:1", 4, 1);
    long twoNodes = utilityBusy("perlmutter:2", 8, 1);
    assertThat(twoNodes).isGreaterThan(2 * oneNode);
  }

  @Test
  void aDependenceAcrossNodesSendsAMessageOverTheNetwork() {
    long free = networkBytes(CostModel.none());
    assertThat(networkBytes(COSTS)).as("the block's data, and one event message").isEqualTo(free + COSTS.messageBytes());
  }

  private static long networkBytes(CostModel model) {
    LegionRuntime rt = new LegionRuntime(Presets.machine("perlmutter:2"), new DefaultMapper(), model);
    FieldSpace fs = rt.createFieldSpace();
    Field x = fs.allocate("x", FieldType.LONG);
    Field y = fs.allocate("y", FieldType.LONG);
    LogicalRegion root = rt.createRegion(rt.createIndexSpace(Rect.of(0, 63)), fs);
    Partition p = rt.partitionEqual(root, 8);
    rt.registerTask(TaskDefinition.cpu(1, "t", ctx -> null, Cost.fixed(1_000))
        .withVariant(ProcessorKind.GPU, ctx -> null, Cost.fixed(1_000)));
    rt.executeIndex(new IndexLauncher(1, Rect.of(0, 7),
        RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_WRITE, root, x)));
    // point 0 (node 0) reads block 4, written on node 1: a dependence across the nodes
    rt.execute(new TaskLauncher(1, List.of(RegionRequirement.of(p.subregion(4), Privilege.READ_ONLY, root, x),
        RegionRequirement.of(p.subregion(0), Privilege.READ_WRITE, root, y)), List.of()));
    SimulationResult r = rt.finish();
    long network = 0;
    for (Channel c : rt.machine().channels()) {
      if (c.kind() == ChannelKind.NETWORK) {
        network += r.bytesMoved(c);
      }
    }
    return network;
  }

  @Test
  void amdahlOverTheUtilityProcessors() {
    assertThat(COSTS.onUtilities(1_000_000, 1)).isEqualTo(1_000_000);
    assertThat(COSTS.onUtilities(1_000_000, 4)).isEqualTo(325_000); // 0.1 + 0.9 / 4
    assertThat(COSTS.onUtilities(1_000_000, 8)).isEqualTo(212_500);
    assertThat(COSTS.replayNanos(10)).isEqualTo(COSTS.replayPerTraceNanos() + 10 * COSTS.replayPerOpNanos());
    assertThat(COSTS.describe()).startsWith("legion (").contains("Amdahl p=0.90");
  }
}
