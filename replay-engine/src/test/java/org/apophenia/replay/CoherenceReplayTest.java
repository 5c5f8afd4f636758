package org.apophenia.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.Coherence;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.InlineRegion;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Mapper;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskBody;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.legion.instances.MemorySet;
import org.apophenia.sim.Cost;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.MemoryKind;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;
import org.junit.jupiter.api.Test;

/**
 * A trace holding atomic, simultaneous and relaxed tasks (Legion thesis §9.1), recorded and replayed:
 * the data is bit-identical to the untraced run, and every replayed iteration runs its tasks in the recording's
 * pattern: the atomic task issued second runs first (the first waits for a slow producer), never
 * alongside the other, the two simultaneous tasks overlap, and the relaxed reader of the producer's
 * data still waits for it (exclusive on one side orders). The replay issues no dependence between
 * them (none was recorded) and the atomic tasks hold their reservations again. The atomic updates
 * commute (additions), as atomic coherence is meant for: any serial order gives the same data, so the
 * untraced run, whose timing differs (no replay fences), must give the same bits.
 */
class CoherenceReplayTest {
  private static final int ITERATIONS = 8;
  private static final long SLOW = 1_000_000;
  private static final long FAST = 100_000;

  /** A task body's run: iteration, task, simulated start. */
  private record Ran(int iteration, String task, long start) {}

  private record Result(long[] data, List<Ran> ran, DynamicTracing engine) {}

  /** Each task on the next of six CPUs of node 0 (one per task of an iteration) (so that only the analysis orders them), data in SYSTEM. */
  private static final class SixCpus implements Mapper {
    private int next;

    @Override
    public Processor selectProcessor(Machine m, String task, Set<ProcessorKind> v, int pointIndex, int points) {
      return m.processors(0, ProcessorKind.CPU).get(next++ % 6);
    }

    @Override
    public Memory selectMemory(Machine m, Processor p, RegionRequirement r, MemorySet valid) {
      return m.memories(0, MemoryKind.SYSTEM).get(0);
    }
  }

  private static Result run(DynamicTracing engine) {
    LegionRuntime rt = new LegionRuntime(Presets.machine("perlmutter:1"), new SixCpus(), CostModel.none());
    FieldSpace fs = rt.createFieldSpace();
    Field f = fs.allocate("v", FieldType.LONG);
    LogicalRegion x = rt.createRegion(rt.createIndexSpace(Rect.of(0, 0)), fs);
    LogicalRegion y = rt.createRegion(rt.createIndexSpace(Rect.of(0, 0)), fs);
    LogicalRegion z = rt.createRegion(rt.createIndexSpace(Rect.of(0, 1)), fs);
    LogicalRegion w = rt.createRegion(rt.createIndexSpace(Rect.of(0, 0)), fs);
    List<Ran> ran = new ArrayList<>();
    register(rt, 1, "produce", SLOW, ran, (c, it) -> c.accessor(0, f).setLong(it + 5, 0));
    register(rt, 2, "twice", FAST, ran, (c, it) -> c.accessor(0, f).setLong(c.accessor(0, f).getLong(0)
        + 3 * c.accessor(1, f).getLong(0), 0));
    register(rt, 3, "add", FAST, ran, (c, it) -> c.accessor(0, f).setLong(c.accessor(0, f).getLong(0) + 10, 0));
    // the simultaneous tasks share z; each writes its own point
    register(rt, 4, "s0", FAST, ran, (c, it) -> c.accessor(0, f).setLong(3 * c.accessor(0, f).getLong(0) + 1, 0));
    register(rt, 5, "s1", FAST, ran, (c, it) -> c.accessor(0, f).setLong(c.accessor(0, f).getLong(1) + 7, 1));
    // a relaxed reader of y (ordered only by y's exclusive producer) accumulating into its own w
    register(rt, 6, "peek", FAST, ran, (c, it) -> c.accessor(1, f).setLong(c.accessor(1, f).getLong(0)
        + c.accessor(0, f).getLong(0), 0));
    rt.setTraceEngine(engine);
    for (int it = 0; it < ITERATIONS; it++) {
      rt.beginTrace(3);
      launch(rt, 1, it, req(y, f, Privilege.READ_WRITE, Coherence.EXCLUSIVE));
      launch(rt, 2, it, req(x, f, Privilege.READ_WRITE, Coherence.ATOMIC), req(y, f, Privilege.READ_ONLY,
          Coherence.EXCLUSIVE));
      launch(rt, 3, it, req(x, f, Privilege.READ_WRITE, Coherence.ATOMIC));
      launch(rt, 4, it, req(z, f, Privilege.READ_WRITE, Coherence.SIMULTANEOUS));
      launch(rt, 5, it, req(z, f, Privilege.READ_WRITE, Coherence.SIMULTANEOUS));
      launch(rt, 6, it, req(y, f, Privilege.READ_ONLY, Coherence.RELAXED), req(w, f, Privilege.READ_WRITE,
          Coherence.EXCLUSIVE));
      rt.endTrace(3);
    }
    rt.finish();
    long[] data = new long[4];
    int i = 0;
    for (LogicalRegion r : List.of(x, y, z, w)) {
      InlineRegion ir = rt.inlineMap(RegionRequirement.of(r, Privilege.READ_ONLY, r, f));
      data[i++] = ir.accessor(f).getLong(r == z ? 1 : 0) * 31 + ir.accessor(f).getLong(0);
    }
    return new Result(data, ran, engine);
  }

  private interface Body {
    void run(org.apophenia.legion.api.TaskContext c, int iteration);
  }

  private static void register(LegionRuntime rt, int id, String name, long nanos, List<Ran> ran, Body b) {
    TaskBody body = c -> {
      int it = (Integer) c.arg(0);
      ran.add(new Ran(it, name, rt.simulation().now()));
      b.run(c, it);
      return null;
    };
    rt.registerTask(TaskDefinition.cpu(id, name, body, Cost.fixed(nanos)));
  }

  private static void launch(LegionRuntime rt, int task, int iteration, RegionRequirement... reqs) {
    rt.execute(new TaskLauncher(task, List.of(reqs), List.of(iteration)));
  }

  private static RegionRequirement req(LogicalRegion r, Field f, Privilege p, Coherence c) {
    return new RegionRequirement(r, null, null, f.bit(), p, c, r);
  }

  private static long start(List<Ran> ran, int iteration, String task) {
    return ran.stream().filter(r -> r.iteration() == iteration && r.task().equals(task)).findFirst().orElseThrow()
        .start();
  }

  @Test
  void aTraceOfAtomicAndSimultaneousTasksReplaysBitIdenticalInTheRecordingsPattern() {
    Result untraced = run(null);
    Result traced = run(new DynamicTracing());
    assertThat(traced.data()).isEqualTo(untraced.data());
    assertThat(traced.engine().replays()).as("recorded (maybe twice: the first precondition), then replayed")
        .isGreaterThanOrEqualTo(ITERATIONS - 2);
    for (int it = 0; it < ITERATIONS; it++) { // the recording's iterations and the replays alike
      long twice = start(traced.ran(), it, "twice");
      long add = start(traced.ran(), it, "add");
      assertThat(add + FAST).as("iteration %d: add, issued second, runs first and alone", it)
          .isLessThanOrEqualTo(twice);
      assertThat(twice).as("iteration %d: twice waits for the producer", it)
          .isGreaterThanOrEqualTo(start(traced.ran(), it, "produce") + SLOW);
      long s0 = start(traced.ran(), it, "s0");
      long s1 = start(traced.ran(), it, "s1");
      assertThat(Math.abs(s0 - s1)).as("iteration %d: the simultaneous tasks overlap", it).isLessThan(FAST);
      assertThat(start(traced.ran(), it, "peek")).as("iteration %d: the relaxed reader waits for y's exclusive "
          + "producer", it).isGreaterThanOrEqualTo(start(traced.ran(), it, "produce") + SLOW);
    }
  }

  /** Two launches that differ only in coherence are different operations: no shared recording. */
  @Test
  void aTraceWhoseCoherenceChangesIsRecordedAgain() {
    LegionRuntime rt = new LegionRuntime(Presets.machine("perlmutter:1"), new SixCpus(), CostModel.none());
    FieldSpace fs = rt.createFieldSpace();
    Field f = fs.allocate("v", FieldType.LONG);
    LogicalRegion x = rt.createRegion(rt.createIndexSpace(Rect.of(0, 0)), fs);
    rt.registerTask(TaskDefinition.cpu(1, "t", c -> null, Cost.fixed(FAST)));
    DynamicTracing engine = new DynamicTracing();
    rt.setTraceEngine(engine);
    for (Coherence c : List.of(Coherence.EXCLUSIVE, Coherence.EXCLUSIVE, Coherence.ATOMIC, Coherence.ATOMIC)) {
      rt.beginTrace(1);
      rt.execute(new TaskLauncher(1, List.of(req(x, f, Privilege.READ_WRITE, c)), List.of()));
      rt.execute(new TaskLauncher(1, List.of(req(x, f, Privilege.READ_WRITE, c)), List.of()));
      rt.endTrace(1);
    }
    rt.finish();
    assertThat(engine.stats().mismatches()).as("the atomic trace did not match the exclusive recording")
        .isPositive();
    assertThat(engine.recordings(1)).extracting(r -> r.ops().get(0).requirements().get(0).coherence())
        .contains(Coherence.EXCLUSIVE, Coherence.ATOMIC);
  }
}
