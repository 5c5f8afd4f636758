package org.apophenia.legion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.Future;
import org.apophenia.legion.api.IndexLauncher;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Projection;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.legion.error.DestroyedResourceException;
import org.apophenia.legion.tracing.PendingOp;
import org.apophenia.legion.tracing.TraceEngine;
import org.apophenia.legion.tracing.TraceSupport;
import org.apophenia.sim.Cost;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.api.Test;

/**
 * The front door's memo of traced launches ({@link TraceLaunches}): look-up and put, interleaved ids,
 * eviction and divergence; and, through a runtime with an engine, that a
 * memoized launch still fails the way an unmemoized one does once a region it names is destroyed.
 */
class TraceLaunchesTest {
  /** A runtime with {@code engine}, task 1 (returns 3) and a region of 16 cells in {@code pieces}. */
  private static final class Grid {
    final LegionRuntime rt = new LegionRuntime(Presets.machine("perlmutter:1"));
    final Field a;
    final LogicalRegion root;
    final Partition p;

    Grid(TraceEngine engine, int pieces) {
      rt.setTraceEngine(engine);
      rt.registerTask(TaskDefinition.cpu(1, "t", ctx -> 3L, Cost.fixed(1_000)));
      FieldSpace fs = rt.createFieldSpace();
      a = fs.allocate("a", FieldType.LONG);
      root = rt.createRegion(rt.createIndexSpace(Rect.of(0, 15)), fs);
      p = rt.partitionEqual(root, pieces);
    }

    /** Task 1 on piece 0. */
    TaskLauncher task(Privilege privilege) {
      return new TaskLauncher(1, RegionRequirement.of(p.subregion(0), privilege, root, a));
    }

    /** Task 1 over every piece. */
    IndexLauncher index(Privilege privilege) {
      return new IndexLauncher(1, Rect.of(0, p.colors() - 1), List.of(
          RegionRequirement.projected(p, Projection.IDENTITY, privilege, root, a)), List.of(), null);
    }
  }

  private static TraceLaunches.Launch launch(String name) {
    return new TraceLaunches.Launch(null, null, List.of(), 0, null, null, null, new String[] {name}, null);
  }

  @Test
  void everyInstanceIsMemoizedTheFirstIncluded() {
    TraceLaunches m = new TraceLaunches();
    assertThat(m.get(7, 0)).isNull();
    TraceLaunches.Launch a = launch("a");
    TraceLaunches.Launch b = launch("b");
    m.put(7, 0, a);
    m.put(7, 1, b);
    assertThat(m.get(7, 0)).isSameAs(a);
    assertThat(m.get(7, 1)).isSameAs(b);
    assertThat(m.get(7, 2)).isNull();
  }

  @Test
  void launchesOfInterleavedTracesGoToTheirOwnIds() {
    TraceLaunches m = new TraceLaunches();
    m.put(1, 0, launch("1a"));
    m.put(2, 0, launch("2a"));
    assertThat(m.get(1, 0).names()).containsExactly("1a");
    m.put(2, 1, launch("2b")); // after a look-up of another id
    m.put(1, 1, launch("1b"));
    assertThat(m.get(2, 1).names()).containsExactly("2b");
    assertThat(m.get(1, 1).names()).containsExactly("1b");
    assertThat(m.get(2, 0).names()).containsExactly("2a");
  }

  @Test
  void aDivergingInstanceDropsWhatFollowedInTheOldOne() {
    TraceLaunches m = new TraceLaunches();
    m.put(1, 0, launch("a"));
    m.put(1, 1, launch("b"));
    m.put(1, 2, launch("c"));
    TraceLaunches.Launch d = launch("d");
    m.put(1, 1, d);
    assertThat(m.get(1, 1)).isSameAs(d);
    assertThat(m.get(1, 2)).isNull();
    assertThat(m.get(1, 0).names()).containsExactly("a");
  }

  @Test
  void atMostMaxTracesIdsAreKeptLeastRecentlyUsedFirstOut() {
    TraceLaunches m = new TraceLaunches();
    for (int t = 0; t <= TraceLaunches.MAX_TRACES; t++) {
      m.put(t, 0, launch("t" + t));
    }
    assertThat(m.get(0, 0)).as("the oldest is evicted").isNull();
    assertThat(m.get(1, 0).names()).containsExactly("t1");
    assertThat(m.get(TraceLaunches.MAX_TRACES, 0).names()).containsExactly("t" + TraceLaunches.MAX_TRACES);
    m.put(0, 0, launch("again")); // evicts the least recently used: 2 (1 was just looked up)
    assertThat(m.get(0, 0).names()).containsExactly("again");
    assertThat(m.get(2, 0)).isNull();
    assertThat(m.get(1, 0).names()).containsExactly("t1");
  }

  @Test
  void everyInstanceOfATraceHandsTheEngineTheFirstInstancesRequirementLists() {
    // an engine records the first instance and compares later ones with it, by identity first: a
    // memo that skipped the first instance cost every replayed task its identity match
    List<List<RegionRequirement>> seen = new java.util.ArrayList<>();
    Grid g = new Grid(new AnalyzeAll() {
      @Override
      public Decision onOperation(int traceId, PendingOp op, TraceSupport support) {
        seen.add(op.requirements());
        return Decision.ANALYZE;
      }
    }, 2);
    LegionRuntime rt = g.rt;
    for (int i = 0; i < 3; i++) {
      rt.beginTrace(4);
      rt.execute(g.task(Privilege.READ_WRITE));
      rt.executeIndex(g.index(Privilege.READ_ONLY));
      rt.endTrace(4);
    }
    assertThat(seen).hasSize(9); // 1 task and 2 points per instance
    for (int i = 3; i < 9; i++) {
      assertThat(seen.get(i)).as("op %d of instance %d", i % 3, i / 3).isSameAs(seen.get(i % 3));
    }
  }

  @Test
  void aMemoizedLaunchOfADestroyedRegionFailsAsAnUnmemoizedOne() {
    Grid g = new Grid(new AnalyzeAll(), 2);
    LegionRuntime rt = g.rt;
    for (int i = 0; i < 3; i++) { // the later instances run from the memo
      rt.beginTrace(5);
      rt.execute(g.task(Privilege.READ_WRITE));
      rt.endTrace(5);
    }
    rt.destroyPartition(g.p);
    rt.beginTrace(5);
    assertThatThrownBy(() -> rt.execute(g.task(Privilege.READ_WRITE)))
        .isInstanceOf(DestroyedResourceException.class);
  }

  @Test
  void theRuntimesTracedLaunchesGiveTheSameFuturesNamesMemoizedOrNot() {
    Grid g = new Grid(new AnalyzeAll(), 4);
    LegionRuntime rt = g.rt;
    for (int i = 0; i < 3; i++) {
      rt.beginTrace(9);
      Future f = rt.executeIndex(g.index(Privilege.READ_WRITE));
      rt.endTrace(9);
      assertThat(f.get()).as("instance %d", i).isEqualTo(List.of(3L, 3L, 3L, 3L));
    }
  }
}
