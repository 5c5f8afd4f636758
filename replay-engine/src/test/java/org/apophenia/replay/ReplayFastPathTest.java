package org.apophenia.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apophenia.legion.ForwardingTraceEngine;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.DefaultMapper;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.IndexLauncher;
import org.apophenia.legion.api.InlineRegion;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Projection;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskBody;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.legion.error.DestroyedResourceException;
import org.apophenia.legion.error.InterferenceException;
import org.apophenia.legion.tracing.ReplaySupport;
import org.apophenia.legion.tracing.TraceEngine;
import org.apophenia.legion.tracing.TraceSupport;
import org.apophenia.replay.stats.TracingStatistics;
import org.apophenia.sim.TaskCost;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.ProcessorKind;
import org.junit.jupiter.api.Test;

/**
 * The replay fast paths, which skip work only when skipping cannot change the result: the front door's memo of traced launches must fall back to full
 * validation whenever the launch could validate differently (a region destroyed, another partition, a
 * task re-registered), and the delayed postcondition of back-to-back replays must be applied before
 * anything else reads the physical state (an untraced task or inline mapping, another trace, a new
 * partition). Data is compared with the same program run without an engine.
 */
class ReplayFastPathTest {
  private LegionRuntime rt;
  private LogicalRegion root;
  private Partition p;
  private Partition g;
  private Field x;
  private Field y;

  /** A runtime on two nodes (copies between GPUs); task 1 adds 1 to what it writes and 3x what it reads. */
  private void setUp(TraceEngine engine) {
    rt = new LegionRuntime(Presets.machine("perlmutter:2"), new DefaultMapper(), CostModel.none());
    rt.registerTask(new TaskDefinition(1, "step", Map.of(ProcessorKind.GPU, step(1), ProcessorKind.CPU, step(1)),
        TaskCost.fixed(1000)));
    rt.registerTask(new TaskDefinition(2, "host step", Map.of(ProcessorKind.CPU, step(5)), TaskCost.fixed(1000)));
    FieldSpace fs = rt.createFieldSpace();
    x = fs.allocate("x", FieldType.LONG);
    y = fs.allocate("y", FieldType.LONG);
    root = rt.createRegion(rt.createIndexSpace(Rect.of(0, 31)), fs);
    p = rt.partitionEqual(root, 4);
    g = rt.partitionWithGhosts(root, 4, 1);
    rt.setTraceEngine(engine);
  }

  /**
   * Requirement 0 is written: each point becomes {@code 7 * old + delta + sum of requirement 1's
   * points} (if any), so that any missed dependence or stale copy changes the result.
   */
  private static TaskBody step(long delta) {
    return ctx -> {
      RegionRequirement w = ctx.requirement(0);
      long add = 0;
      if (ctx.requirementCount() > 1) {
        RegionRequirement r = ctx.requirement(1);
        Field f = field(ctx, 1);
        Rect b = r.region().bounds();
        for (long i = b.lo(0); i <= b.hi(0); i++) {
          add += ctx.accessor(1, f).getLong(i);
        }
      }
      if (w.privilege().writes()) {
        Field f = field(ctx, 0);
        Rect b = w.region().bounds();
        for (long i = b.lo(0); i <= b.hi(0); i++) {
          ctx.accessor(0, f).setLong(ctx.accessor(0, f).getLong(i) * 7 + delta + add + i, i);
        }
      }
      return 0L;
    };
  }

  private static Field field(org.apophenia.legion.api.TaskContext ctx, int req) {
    long m = ctx.requirement(req).fields();
    return ctx.requirement(req).parent().fieldSpace().fields().get(Long.numberOfTrailingZeros(m));
  }

  /** One Jacobi-like step: x[i] from ghosted y, then y[i] from x[i]; single tasks. */
  private void jacobi() {
    for (int i = 0; i < p.colors(); i++) {
      rt.execute(new TaskLauncher(1, RegionRequirement.of(p.subregion(i), Privilege.READ_WRITE, root, x),
          RegionRequirement.of(g.subregion(i), Privilege.READ_ONLY, root, y)));
    }
    for (int i = 0; i < p.colors(); i++) {
      rt.execute(new TaskLauncher(1, RegionRequirement.of(p.subregion(i), Privilege.READ_WRITE, root, y),
          RegionRequirement.of(p.subregion(i), Privilege.READ_ONLY, root, x)));
    }
  }

  /** The same step as two index launches. */
  private void stencil() {
    Rect dom = Rect.of(0, p.colors() - 1);
    rt.executeIndex(new IndexLauncher(1, dom, List.of(
        RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_WRITE, root, x),
        RegionRequirement.projected(g, Projection.IDENTITY, Privilege.READ_ONLY, root, y)), List.of(), null));
    rt.executeIndex(new IndexLauncher(1, dom, List.of(
        RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_WRITE, root, y),
        RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_ONLY, root, x)), List.of(), null));
  }

  private void traced(int id, Runnable body) {
    rt.beginTrace(id);
    body.run();
    rt.endTrace(id);
  }

  private long[][] data() {
    rt.finish();
    InlineRegion ir = rt.inlineMap(RegionRequirement.of(root, Privilege.READ_ONLY, root, x, y));
    long[][] out = new long[2][32];
    for (int i = 0; i < 32; i++) {
      out[0][i] = ir.accessor(x).getLong(i);
      out[1][i] = ir.accessor(y).getLong(i);
    }
    return out;
  }

  /** Runs {@code program} without an engine and with one; returns the engine. Data must be identical. */
  private DynamicTracing sameDataAsUntraced(Runnable program) {
    setUp(null);
    program.run();
    long[][] want = data();
    DynamicTracing e = new DynamicTracing();
    setUp(e);
    program.run();
    assertThat(data()).as("%s", e.stats()).isDeepEqualTo(want);
    return e;
  }

  @Test
  void backToBackReplaysSkipTheirPostconditionsAndAnUntracedReaderAndWriterSeeTheLastOne() {
    DynamicTracing e = sameDataAsUntraced(() -> {
      for (int i = 0; i < 5; i++) {
        traced(1, this::jacobi);
      }
      // untraced: reads y across the ghost boundaries (copies from the replays' instances), then writes x
      rt.execute(new TaskLauncher(1, RegionRequirement.of(p.subregion(2), Privilege.READ_WRITE, root, y),
          RegionRequirement.of(g.subregion(1), Privilege.READ_ONLY, root, x)));
      rt.execute(new TaskLauncher(1, RegionRequirement.of(root, Privilege.READ_WRITE, root, x)));
      traced(1, this::jacobi);
      traced(1, this::jacobi);
    });
    TracingStatistics s = e.stats();
    assertThat(s.replays()).isGreaterThanOrEqualTo(4);
    assertThat(s.postconditionsSkipped()).as("%s", s).isGreaterThanOrEqualTo(2);
  }

  /**
   * A trace that is not idempotent: it reads x where an untraced host task left it (system memory)
   * and leaves it only in a GPU's memory. Each replay's delayed postcondition must be applied before
   * the next untraced host task is analysed, or that task would read the stale host copy.
   */
  @Test
  void anUntracedOperationAfterAReplayOfANonIdempotentTraceSeesItsPostcondition() {
    DynamicTracing e = sameDataAsUntraced(() -> {
      for (int i = 0; i < 5; i++) {
        rt.execute(new TaskLauncher(2, RegionRequirement.of(root, Privilege.READ_WRITE, root, x)));
        traced(1, () -> rt.execute(new TaskLauncher(1, RegionRequirement.of(root, Privilege.READ_WRITE, root, x))));
      }
      rt.execute(new TaskLauncher(2, RegionRequirement.of(root, Privilege.READ_WRITE, root, x)));
    });
    assertThat(e.stats().replays()).isGreaterThanOrEqualTo(3);
    assertThat(e.recordings(1).get(0).idempotent()).isFalse();
  }

  @Test
  void anotherTraceAndAnInlineMappingAfterReplaysSeeTheDelayedPostcondition() {
    sameDataAsUntraced(() -> {
      for (int i = 0; i < 4; i++) {
        traced(1, this::stencil);
      }
      traced(2, this::jacobi); // a different trace reads what the replays left
      traced(1, this::stencil);
      traced(1, this::stencil);
      InlineRegion ir = rt.inlineMap(RegionRequirement.of(p.subregion(3), Privilege.READ_ONLY, root, x));
      assertThat(ir.accessor(x).getLong(31)).isNotZero();
      traced(1, this::stencil);
    });
  }

  @Test
  void aNewPartitionAfterReplaysRefinesAtomsWithThePostconditionApplied() {
    sameDataAsUntraced(() -> {
      for (int i = 0; i < 4; i++) {
        traced(1, this::jacobi);
      }
      // cuts across the blocks: the atoms the delayed postcondition names are split
      Partition q = rt.partitionWithGhosts(root, 3, 2);
      rt.execute(new TaskLauncher(1, RegionRequirement.of(q.subregion(1), Privilege.READ_WRITE, root, x),
          RegionRequirement.of(q.subregion(0), Privilege.READ_ONLY, root, y)));
      traced(1, this::jacobi);
      traced(1, this::jacobi);
    });
  }

  /**
   * A chain of back-to-back fence-elided replays registers its summary once, when the chain ends (here
   * before an untraced task), not once per replay; a fenced replay registers the one pending before
   * it. The data stays that of the untraced run.
   */
  @Test
  void aChainOfElidedReplaysRegistersOneSummaryWhenItEnds() {
    setUp(null);
    Runnable program = () -> {
      for (int i = 0; i < 6; i++) {
        traced(1, this::jacobi);
      }
      summariesBeforeTheUntracedTask = summaries;
      rt.execute(new TaskLauncher(1, RegionRequirement.of(root, Privilege.READ_WRITE, root, y)));
      summariesAfterTheUntracedTask = summaries;
      traced(1, this::jacobi);
      traced(2, this::stencil);
    };
    program.run();
    long[][] want = data();
    DynamicTracing engine = new DynamicTracing();
    setUp(countingSummaries(engine));
    summaries = 0;
    program.run();
    assertThat(data()).isDeepEqualTo(want);
    TracingStatistics s = engine.stats();
    // instance 2 is recorded again (the first one's precondition named host memory), 3 is a fenced
    // replay, 4-6 are elided
    assertThat(s.elidedReplays()).as("%s", s).isEqualTo(3);
    assertThat(summariesBeforeTheUntracedTask).as("registered during the chain").isZero();
    assertThat(summariesAfterTheUntracedTask).as("registered before the untraced task").isEqualTo(1);
  }

  private int summaries;
  private int summariesBeforeTheUntracedTask;
  private int summariesAfterTheUntracedTask;

  /** {@code engine}, counting the summaries it registers through the runtime's support. */
  private TraceEngine countingSummaries(DynamicTracing engine) {
    return new ForwardingTraceEngine(engine) {
      @Override
      protected TraceSupport handOn(TraceSupport s) {
        return proxy(TraceSupport.class, s, m -> m.getName().equals("replay"));
      }

      /**
       * {@code target} behind a proxy of {@code type} that counts registerSummary calls and wraps what
       * the methods {@code wraps} accepts return (the replay support) the same way.
       */
      private <T> T proxy(Class<T> type, T target, java.util.function.Predicate<java.lang.reflect.Method> wraps) {
        return type.cast(java.lang.reflect.Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
            (proxy, m, args) -> {
              if (m.getName().equals("registerSummary")) {
                summaries++;
              }
              try {
                Object r = m.invoke(target, args);
                return wraps.test(m) ? proxy(ReplaySupport.class, (ReplaySupport) r, x -> false) : r;
              } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause();
              }
            }));
      }
    };
  }

  @Test
  void aDestroyedPartitionIsReportedInsideTheTraceAsWithoutTracing() {
    setUp(new DynamicTracing());
    for (int i = 0; i < 3; i++) {
      traced(1, this::jacobi);
    }
    rt.destroyPartition(g);
    rt.beginTrace(1);
    // the very launch the trace began with, which its last instance validated
    assertThatThrownBy(() -> rt.execute(new TaskLauncher(1,
        RegionRequirement.of(p.subregion(0), Privilege.READ_WRITE, root, x),
        RegionRequirement.of(g.subregion(0), Privilege.READ_ONLY, root, y))))
        .isInstanceOf(DestroyedResourceException.class).hasMessageContaining("has been destroyed")
        .hasMessageContaining("task step requirement 1");
  }

  @Test
  void aDestroyedRegionIsReportedForAnIndexLaunchThatWasReplayed() {
    setUp(new DynamicTracing());
    for (int i = 0; i < 3; i++) {
      traced(1, this::stencil);
    }
    rt.destroyRegion(p.subregion(2));
    rt.beginTrace(1);
    assertThatThrownBy(this::stencil).isInstanceOf(DestroyedResourceException.class)
        .hasMessageContaining("index task step point [2]").hasMessageContaining("has been destroyed");
  }

  @Test
  void anotherPartitionAtTheSamePositionIsValidatedAgain() {
    setUp(new DynamicTracing());
    for (int i = 0; i < 3; i++) {
      traced(1, this::stencil);
    }
    rt.beginTrace(1);
    // the ghost partition is aliased: writing it from every point interferes
    assertThatThrownBy(() -> rt.executeIndex(new IndexLauncher(1, Rect.of(0, 3), List.of(
        RegionRequirement.projected(g, Projection.IDENTITY, Privilege.READ_WRITE, root, x),
        RegionRequirement.projected(g, Projection.IDENTITY, Privilege.READ_ONLY, root, y)), List.of(), null)))
        .isInstanceOf(InterferenceException.class).hasMessageContaining("interfere");
  }

  @Test
  void aTaskRegisteredAgainRunsItsNewBodyOnReplay() {
    List<long[][]> results = new ArrayList<>();
    for (DynamicTracing engine : new DynamicTracing[] {null, new DynamicTracing()}) {
      setUp(engine);
      for (int i = 0; i < 3; i++) {
        traced(1, this::jacobi);
      }
      rt.registerTask(new TaskDefinition(1, "step", Map.of(ProcessorKind.GPU, step(1000), ProcessorKind.CPU,
          step(1000)), TaskCost.fixed(1000)));
      for (int i = 0; i < 3; i++) {
        traced(1, this::jacobi);
      }
      results.add(data());
      if (engine != null) {
        assertThat(engine.stats().replays()).isGreaterThanOrEqualTo(3);
      }
    }
    assertThat(results.get(1)).isDeepEqualTo(results.get(0));
  }
}
