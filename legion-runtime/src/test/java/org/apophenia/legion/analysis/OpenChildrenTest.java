package org.apophenia.legion.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.RuntimeInternals;
import org.apophenia.legion.analysis.RegionNode;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.sim.Cost;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.api.Test;

/**
 * The open-children bookkeeping of a wide aliased partition (thesis §4.3.4), where the analysis leaves
 * emptied entries in the parent's list instead of removing them at once (LogicalAnalyzer.open and
 * close): the list must stay proportional to the partition's width, and the state consistent.
 */
class OpenChildrenTest {
  private static final int W = 64;

  /**
   * Sweeps of readers then writers over the ghost regions G[i]: each writer closes its neighbours,
   * which were open read-only, emptying their entries at G in place; the next sweep reopens them. Without
   * compaction G's list grew by W entries per sweep.
   */
  @Test
  void emptiedEntriesOfAnAliasedPartitionAreCompacted() {
    LegionRuntime rt = new LegionRuntime(Presets.machine("perlmutter:1"));
    rt.registerTask(TaskDefinition.cpu(1, "t", ctx -> null, Cost.fixed(100)));
    FieldSpace fs = rt.createFieldSpace();
    Field f = fs.allocate("f", FieldType.LONG);
    LogicalRegion root = rt.createRegion(rt.createIndexSpace(Rect.of(0, 4L * W - 1)), fs);
    Partition g = rt.partitionWithGhosts(root, W, 1);
    RegionNode gNode = RuntimeInternals.node(rt, RuntimeInternals.node(rt, g.subregion(0).id()).parent.id);
    int[] writer0 = new int[40]; // the writer of G[0] in each sweep
    int[] reader1 = new int[40]; // the reader of G[1] in each sweep (they share a point)
    for (int sweep = 0; sweep < 40; sweep++) {
      for (int i = 0; i < W; i++) {
        int r = task(rt, RegionRequirement.of(g.subregion(i), Privilege.READ_ONLY, root, f));
        reader1[sweep] = i == 1 ? r : reader1[sweep];
      }
      for (int i = 0; i < W; i += 2) {
        int w = task(rt, RegionRequirement.of(g.subregion(i), Privilege.READ_WRITE, root, f));
        writer0[sweep] = i == 0 ? w : writer0[sweep];
      }
      LogicalStateLaws.check(RuntimeInternals.node(rt, root.id()));
      assertThat(gNode.open.size()).as("open entries at G after sweep %d", sweep).isLessThanOrEqualTo(2 * W + 16);
    }
    // and the closes still order each sweep's reader of G[1] after the writer of G[0] before it
    BitSet[] anc = DependenceProperties.ancestors(RuntimeInternals.graph(rt));
    for (int sweep = 1; sweep < 40; sweep++) {
      assertThat(anc[reader1[sweep]].get(writer0[sweep - 1])).as("sweep %d", sweep).isTrue();
    }
  }

  private static int task(LegionRuntime rt, RegionRequirement r) {
    int id = RuntimeInternals.graph(rt).size();
    rt.execute(new TaskLauncher(1, r));
    return id;
  }
}
