package org.apophenia.legion.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.RuntimeInternals;
import org.apophenia.legion.analysis.DependenceGraph;
import org.apophenia.legion.analysis.LogicalAnalyzer;
import org.apophenia.legion.analysis.RegionNode;
import org.apophenia.legion.api.Coherence;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.ReductionOp;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.sim.Cost;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.api.Test;

/**
 * Shrunk counterexamples of {@link DependenceProperties#everyEarlierOperationItMustFollowIsAnAncestor},
 * kept as examples. The first three pin the same bug: a task's second requirement closes the subtree holding
 * its own first requirement, whose user had dominated an earlier operation there (thesis §4.3.2); the
 * close cannot wait for the task itself, so it lost the order to that earlier operation, and a later
 * operation that does not interfere with the task (a reader after a reader, a reduction after the same
 * reduction) was left unordered with it. The close now inherits the dominated previous-epoch users.
 * The fourth pins the coherence modes' bug: a non-exclusive user dominated the epoch, and a later user
 * ordered with the dropped previous epoch but not with the dominator lost its order.
 * The tree is the properties' {@link RandomProgram.Tree}: root, disjoint blocks P, ghost partition G
 * (halo 1), and Q, the halves of P[0].
 */
class DependenceExamplesTest {
  private final LegionRuntime rt = new LegionRuntime(Presets.machine("perlmutter:1"));
  private RandomProgram.Tree t;

  {
    rt.registerTask(TaskDefinition.cpu(1, "t", ctx -> null, Cost.fixed(100)));
    rt.registerReduction(ReductionOp.sumLong());
    rt.registerReduction(new ReductionOp("xor", 0, (x, y) -> x ^ y));
  }

  /** Seed 16, shrunk: W(P[0]); R(P[0]) + R(G[0]) closes P; R(Q[1]) must still follow the writer. */
  @Test
  void readerAfterAReaderThatClosedItsOwnSubtreeFollowsTheWriter() {
    t = new RandomProgram.Tree(rt, 27, 3);
    int w = task(req(t.p.subregion(0), Privilege.READ_WRITE));
    task(req(t.p.subregion(0), Privilege.READ_ONLY), req(t.g.subregion(0), Privilege.READ_ONLY));
    int r = task(req(t.q.subregion(1), Privilege.READ_ONLY));
    assertOrdered(w, r);
  }

  /** Seed 21, shrunk: fill P[1]; R(P[1]) + R(root) closes P; R(G[0]) shares point 13 with the fill. */
  @Test
  void readerOfAGhostRegionFollowsTheFillBehindAClosedReader() {
    t = new RandomProgram.Tree(rt, 26, 2);
    int before = RuntimeInternals.graph(rt).size();
    rt.fill(t.p.subregion(1), t.fields[2], 7, t.root);
    int fill = before;
    task(req(t.p.subregion(1), Privilege.READ_ONLY), req(t.root, Privilege.READ_ONLY));
    int r = task(req(t.g.subregion(0), Privilege.READ_ONLY));
    assertOrdered(fill, r);
  }

  /** Seed 36, shrunk: R(G[0]); xor(G[0]) + R(P[2]) closes G; xor(Q[1]) must follow the first reader. */
  @Test
  void reductionAfterTheSameReductionThatClosedItsOwnSubtreeFollowsTheReader() {
    t = new RandomProgram.Tree(rt, 19, 3);
    int r = task(req(t.g.subregion(0), Privilege.READ_ONLY));
    task(req(t.g.subregion(0), Privilege.reduce(1)), req(t.p.subregion(2), Privilege.READ_ONLY));
    int x = task(req(t.q.subregion(1), Privilege.reduce(1)));
    assertOrdered(r, x);
  }

  /**
   * Seed 270 of the mixed programs, reduced: W exclusive; A atomic dominated W; S simultaneous, ordered
   * with A (an atomic writer and a simultaneous writer), dominated A and dropped W; the relaxed reader
   * R is ordered with neither A nor S, but must follow W (exclusive). Only exclusive users dominate now.
   */
  @Test
  void aRelaxedReaderFollowsTheExclusiveWriterBehindAtomicAndSimultaneousOnes() {
    t = new RandomProgram.Tree(rt, 27, 3);
    LogicalRegion x = t.p.subregion(1);
    int w = task(req(x, Privilege.READ_WRITE));
    task(req(x, Privilege.READ_WRITE, Coherence.ATOMIC));
    task(req(x, Privilege.READ_WRITE, Coherence.SIMULTANEOUS));
    int r = task(req(x, Privilege.READ_ONLY, Coherence.RELAXED));
    assertOrdered(w, r);
  }

  private RegionRequirement req(LogicalRegion r, Privilege p) {
    return RegionRequirement.of(r, p, t.root, t.fields[2]);
  }

  private RegionRequirement req(LogicalRegion r, Privilege p, Coherence c) {
    RegionRequirement q = req(r, p);
    return new RegionRequirement(q.region(), null, null, q.fields(), p, c, q.parent());
  }

  /** Issues a single task and returns its node in the dependence graph (the closes it makes come after). */
  private int task(RegionRequirement... reqs) {
    int id = RuntimeInternals.graph(rt).size();
    rt.execute(new TaskLauncher(1, reqs));
    assertThat(RuntimeInternals.graph(rt).kind(id)).isEqualTo(DependenceGraph.NodeKind.TASK);
    return id;
  }

  private void assertOrdered(int earlier, int later) {
    DependenceGraph g = RuntimeInternals.graph(rt);
    BitSet[] anc = DependenceProperties.ancestors(g);
    assertThat(anc[later].get(earlier)).as("%s must be ordered after %s", g.name(later), g.name(earlier)).isTrue();
  }

  /** Many readers of a field nobody writes, then a writer: it waits for all of them, and the list stays short. */
  @Test
  void readersCollapseIntoSummariesThatWritersStillWaitFor() {
    t = new RandomProgram.Tree(rt, 27, 3);
    int[] readers = new int[500];
    for (int i = 0; i < readers.length; i++) {
      readers[i] = task(req(t.g.subregion(1), Privilege.READ_ONLY));
    }
    int w = task(req(t.g.subregion(1), Privilege.READ_WRITE));
    for (int r : readers) {
      assertOrdered(r, w);
    }
    RegionNode node = RuntimeInternals.node(rt, t.g.subregion(1).id());
    assertThat(node.previous.size() + node.current.size()).isLessThan(2 * LogicalAnalyzer.collapseAt);
  }
}
