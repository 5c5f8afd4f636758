package org.apophenia.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.DefaultMapper;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.Future;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskBody;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.legion.error.LegionException;
import org.apophenia.legion.error.TraceMarkerException;
import org.apophenia.replay.stats.TracingStatistics;
import org.apophenia.replay.template.Command;
import org.apophenia.sim.TaskCost;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.ProcessorKind;
import org.junit.jupiter.api.Test;

/** Recording, replay, re-recording, STRICT mode, the recording cache and the error cases. */
class EngineBehaviourTest {
  private LegionRuntime rt;
  private LogicalRegion root;
  private Partition p;
  private Field x;

  private DynamicTracing setUp(TracingOptions o) {
    rt = new LegionRuntime(Presets.machine("perlmutter:1"), new DefaultMapper(), CostModel.none());
    TaskBody body = ctx -> {
      var a = ctx.accessor(0, x);
      if (ctx.requirement(0).privilege().writes()) {
        Rect b = ctx.requirement(0).region().bounds();
        for (long i = b.lo(0); i <= b.hi(0); i++) {
          a.setLong(a.getLong(i) * 3 + 1, i);
        }
      }
      return 0L;
    };
    rt.registerTask(new TaskDefinition(1, "t", Map.of(ProcessorKind.GPU, body, ProcessorKind.CPU, body),
        TaskCost.fixed(1000)));
    FieldSpace fs = rt.createFieldSpace();
    x = fs.allocate("x", FieldType.LONG);
    root = rt.createRegion(rt.createIndexSpace(Rect.of(0, 15)), fs);
    p = rt.partitionEqual(root, 2);
    DynamicTracing e = new DynamicTracing(o);
    rt.setTraceEngine(e);
    return e;
  }

  private Future task(LogicalRegion r, Privilege priv) {
    return rt.execute(new TaskLauncher(1, RegionRequirement.of(r, priv, root, x)));
  }

  private void iteration(int id) {
    rt.beginTrace(id);
    task(p.subregion(0), Privilege.READ_WRITE);
    task(p.subregion(1), Privilege.READ_WRITE);
    task(root, Privilege.READ_ONLY);
    rt.endTrace(id);
  }

  @Test
  void recordsOnceThenReplaysWithoutAnalysis() {
    DynamicTracing e = setUp(TracingOptions.defaults());
    for (int i = 0; i < 5; i++) {
      iteration(1);
    }
    long analysed = rt.analysedOperations();
    iteration(1);
    assertThat(rt.analysedOperations()).as("a replay analyses nothing").isEqualTo(analysed);
    TracingStatistics s = e.stats();
    assertThat(s.replays()).isGreaterThanOrEqualTo(4);
    Recording r = e.recordings(1).get(0);
    assertThat(r.ops()).hasSize(3);
    assertThat(r.ops().get(0).requirements().get(0).region()).isEqualTo(p.subregion(0));
    assertThat(r.idempotent()).isTrue();
    assertThat(r.commands()).last().isInstanceOf(Command.Summary.class);
  }

  @Test
  void fenceElisionIsComputedOnlyOnceARecordingIsReplayed() {
    DynamicTracing e = setUp(TracingOptions.defaults().withInlineOptimisation(true));
    for (int i = 0; i < 10 && e.stats().replays() == 0; i++) {
      assertThat(e.recordings(1)).allMatch(Recording::optimised)
          .as("never replayed: no fence elision yet").noneMatch(EngineBehaviourTest::elided);
      iteration(1);
    }
    assertThat(e.stats().replays()).isEqualTo(1);
    assertThat(e.recordings(1)).as("the first (fenced) replay started it").anyMatch(EngineBehaviourTest::elided);
    iteration(1); // back to back: elided
    assertThat(e.stats().elidedReplays()).isEqualTo(1);
    assertThat(e.stats().optimisationWaits()).isZero();
  }

  @Test
  void withoutElisionTheElidedCommandsAreNeverComputed() {
    DynamicTracing e = setUp(TracingOptions.defaults().withInlineOptimisation(true).withFenceElision(false));
    for (int i = 0; i < 6; i++) {
      iteration(1);
    }
    assertThat(e.stats().replays()).isPositive();
    assertThat(e.recordings(1)).anyMatch(Recording::idempotent).noneMatch(EngineBehaviourTest::elided);
  }

  /** Whether the fence-elided commands of an idempotent recording have been computed. */
  private static boolean elided(Recording r) {
    return r.idempotent() && r.elisionReady();
  }

  @Test
  void aDifferentFragmentIsReRecordedAndBothRecordingsAreKept() {
    DynamicTracing e = setUp(TracingOptions.defaults());
    iteration(1);
    rt.beginTrace(1);
    task(p.subregion(1), Privilege.READ_WRITE);
    rt.endTrace(1);
    iteration(1);
    TracingStatistics s = e.stats();
    assertThat(s.mismatches()).isEqualTo(1);
    // the third instance matches the first recording; it replays unless the short trace left a state
    // that fails its precondition, in which case it is recorded again
    assertThat(s.replays() + s.preconditionFailures()).isEqualTo(1);
    assertThat(e.recordings(1)).hasSize((int) (2 + s.preconditionFailures()));
  }

  @Test
  void strictModeNamesTheFirstDivergingOperation() {
    setUp(TracingOptions.defaults().withMode(TracingOptions.Mode.STRICT));
    iteration(4);
    rt.beginTrace(4);
    task(p.subregion(0), Privilege.READ_WRITE);
    assertThatThrownBy(() -> task(p.subregion(0), Privilege.READ_ONLY))
        .isInstanceOf(TraceMismatchException.class)
        .hasMessageContaining("trace 4 diverged from its recording at operation 1")
        .hasMessageContaining("expected task 1(READ_WRITE " + p.subregion(1))
        .hasMessageContaining("got task 1(READ_ONLY " + p.subregion(0))
        .satisfies(t -> assertThat(((TraceMismatchException) t).index()).isEqualTo(1));
  }

  @Test
  void strictModeReportsATraceThatEndsEarly() {
    setUp(TracingOptions.defaults().withMode(TracingOptions.Mode.STRICT));
    iteration(4);
    rt.beginTrace(4);
    task(p.subregion(0), Privilege.READ_WRITE);
    assertThatThrownBy(() -> rt.endTrace(4)).isInstanceOf(TraceMismatchException.class)
        .hasMessageContaining("at operation 1").hasMessageContaining("got tend(4)");
    assertThat(rt.openTrace()).as("the trace is closed even so").isEqualTo(-1);
  }

  @Test
  void theRecordingCacheIsBoundedAndCountsEvictions() {
    DynamicTracing e = setUp(TracingOptions.defaults().withMaxRecordings(2));
    for (int id = 0; id < 5; id++) {
      iteration(id);
    }
    TracingStatistics s = e.stats();
    assertThat(s.cachedRecordings()).isEqualTo(2);
    assertThat(s.evictions()).isEqualTo(3);
    iteration(0); // evicted: recorded again
    assertThat(e.stats().recordings()).isEqualTo(6);
  }

  @Test
  void evictedTraceIdsLeaveTheCachesIndex() {
    DynamicTracing e = setUp(TracingOptions.defaults().withMaxRecordings(2));
    for (int id = 0; id < 40; id++) { // one-off ids, as a trace finder's candidates may be
      iteration(id);
    }
    assertThat(e.stats().evictions()).isEqualTo(38);
    assertThat(e.cache().tracedIds()).as("only the ids with a cached recording are indexed").isEqualTo(2);
    assertThat(e.recordings(0)).isEmpty();
    assertThat(e.recordings(39)).hasSize(1);
  }

  /**
   * A weight bound keeps the cached recordings' weights summing to at most the bound: five one-iteration
   * recordings (the first weighs less, not being idempotent), weighed first in an unbounded cache, do
   * not all fit in 25, far below the default count bound. Which ones stay is Caffeine's policy.
   */
  @Test
  void theCacheCanBeBoundedByWeight() {
    DynamicTracing unbounded = setUp(TracingOptions.defaults());
    long[] weight = new long[5];
    for (int id = 0; id < 5; id++) {
      iteration(id);
      weight[id] = unbounded.recordings(id).get(0).weight();
    }
    long maxWeight = 25;
    assertThat(java.util.Arrays.stream(weight).sum()).as("the five recordings' weight").isGreaterThan(maxWeight);
    DynamicTracing e = setUp(TracingOptions.defaults().withMaxWeight(maxWeight));
    for (int id = 0; id < 5; id++) {
      iteration(id);
    }
    long held = 0;
    int cached = 0;
    for (int id = 0; id < 5; id++) {
      for (Recording r : e.recordings(id)) {
        assertThat(r.weight()).as("trace %d's recording weighs the same in both caches", id).isEqualTo(weight[id]);
        held += r.weight();
        cached++;
      }
    }
    assertThat(held).as("the cached recordings' total weight").isPositive().isLessThanOrEqualTo(maxWeight);
    TracingStatistics s = e.stats();
    assertThat(s.cachedRecordings()).isEqualTo(cached);
    assertThat(s.evictions()).isEqualTo(5 - cached);
  }

  @Test
  void markerErrorsAreTheRuntimes() {
    setUp(TracingOptions.defaults());
    assertThatThrownBy(() -> rt.endTrace(1)).isInstanceOf(TraceMarkerException.class)
        .hasMessageContaining("without a matching tbegin");
    rt.beginTrace(1);
    assertThatThrownBy(() -> rt.beginTrace(2)).isInstanceOf(TraceMarkerException.class)
        .hasMessageContaining("cannot be nested");
    assertThatThrownBy(() -> rt.endTrace(2)).isInstanceOf(TraceMarkerException.class)
        .hasMessageContaining("does not match the open tbegin(1)");
    rt.endTrace(1);
  }

  @Test
  void untraceableOperationsInsideATraceAreRejected() {
    setUp(TracingOptions.defaults());
    Future f = task(root, Privilege.READ_WRITE);
    rt.beginTrace(1);
    task(p.subregion(0), Privilege.READ_WRITE);
    assertThatThrownBy(() -> rt.inlineMap(RegionRequirement.of(root, Privilege.READ_ONLY, root, x)))
        .isInstanceOf(LegionException.class).hasMessageContaining("untraceable").hasMessageContaining("trace 1");
    assertThatThrownBy(f::get).isInstanceOf(LegionException.class).hasMessageContaining("untraceable");
    rt.endTrace(1);
  }

  @Test
  void indexLaunchFuturesOfDeferredPointsCompleteAfterTheReplay() {
    setUp(TracingOptions.defaults());
    Future last = null;
    for (int i = 0; i < 3; i++) {
      rt.beginTrace(2);
      last = rt.executeIndex(new org.apophenia.legion.api.IndexLauncher(1, Rect.of(0, 1), List.of(
          RegionRequirement.projected(p, org.apophenia.legion.api.Projection.IDENTITY, Privilege.READ_WRITE, root, x)),
          List.of(), null));
      rt.endTrace(2);
    }
    assertThat(last.event().isNone()).isFalse();
    assertThat((List<?>) last.get()).hasSize(2);
  }
}
