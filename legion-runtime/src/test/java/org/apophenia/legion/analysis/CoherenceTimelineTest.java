package org.apophenia.legion.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.RuntimeInternals;
import org.apophenia.legion.api.Coherence;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Mapper;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.legion.instances.MemorySet;
import org.apophenia.sim.Category;
import org.apophenia.sim.Cost;
import org.apophenia.sim.SimulationListener;
import org.apophenia.sim.Span;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.MemoryKind;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;
import org.junit.jupiter.api.Test;

/**
 * The four coherence modes on the simulated timeline (Legion thesis §9.1), asserted on simulated start
 * and end times: two atomic tasks run in the order they become ready, not the order they were issued,
 * and never at once; two simultaneous tasks overlap on one shared instance, with no copy between them
 * even when the mapper asks for another memory; a relaxed task overlaps an atomic writer; exclusive
 * ones run in program order. Each task runs on its own CPU of a Perlmutter node (data in the system
 * memory), so only the analysis and the reservations order them.
 */
class CoherenceTimelineTest {
  private static final long SLOW = 1_000_000;
  private static final long FAST = 100_000;

  private LegionRuntime rt;
  private LogicalRegion x;
  private LogicalRegion y;
  private Field fx;
  private Field fy;
  /** Task spans by completion event; every copy's span. */
  private final Map<Integer, Span> taskSpans = new HashMap<>();
  private final List<Span> copies = new ArrayList<>();
  /** Task spans in issue order, filled by {@link #finish}. */
  private final List<Span> byIssue = new ArrayList<>();

  /** Each task on the next CPU of node 0, every requirement in the system memory. */
  private static class OwnCpuMapper implements Mapper {
    private int next;

    @Override
    public Processor selectProcessor(Machine m, String task, Set<ProcessorKind> variants, int pointIndex,
        int points) {
      return m.processors(0, ProcessorKind.CPU).get(next++);
    }

    @Override
    public Memory selectMemory(Machine m, Processor p, RegionRequirement r, MemorySet valid) {
      return m.memories(0, MemoryKind.SYSTEM).get(0);
    }
  }

  /** As {@link OwnCpuMapper}, but the second requirement it maps goes to the zero-copy memory. */
  private static final class ZeroCopyForTheSecond extends OwnCpuMapper {
    private int calls;

    @Override
    public Memory selectMemory(Machine m, Processor p, RegionRequirement r, MemorySet valid) {
      return m.memories(0, calls++ == 0 ? MemoryKind.SYSTEM : MemoryKind.ZERO_COPY).get(0);
    }
  }

  private void setUp(Mapper mapper) {
    rt = new LegionRuntime(Presets.machine("perlmutter:1"), mapper, CostModel.none());
    rt.simulation().listener(new SimulationListener() {
      @Override
      public void onSpan(Span s) {
        if (s.category() == Category.TASK) {
          taskSpans.put(s.op().id(), s);
        } else if (s.category() == Category.COPY) {
          copies.add(s);
        }
      }
    });
    FieldSpace fs = rt.createFieldSpace();
    fx = fs.allocate("x", FieldType.LONG);
    fy = fs.allocate("y", FieldType.LONG);
    x = rt.createRegion(rt.createIndexSpace(Rect.of(0, 0)), fs);
    y = rt.createRegion(rt.createIndexSpace(Rect.of(0, 0)), fs);
    // produce: y = 5, slowly; twice: x = 2x + 1; add: x = x + 10; read: nothing
    rt.registerTask(TaskDefinition.cpu(1, "produce", ctx -> {
      ctx.accessor(0, fy).setLong(5, 0);
      return null;
    }, Cost.fixed(SLOW)));
    rt.registerTask(TaskDefinition.cpu(2, "twice", ctx -> {
      ctx.accessor(0, fx).setLong(2 * ctx.accessor(0, fx).getLong(0) + 1, 0);
      return null;
    }, Cost.fixed(FAST)));
    rt.registerTask(TaskDefinition.cpu(3, "add", ctx -> {
      ctx.accessor(0, fx).setLong(ctx.accessor(0, fx).getLong(0) + 10, 0);
      return null;
    }, Cost.fixed(FAST)));
  }

  private RegionRequirement on(LogicalRegion r, Field f, Privilege p, Coherence c) {
    return new RegionRequirement(r, null, null, f.bit(), p, c, r);
  }

  private void run(int task, RegionRequirement... reqs) {
    rt.execute(new TaskLauncher(task, List.of(reqs), List.of()));
  }

  /** The span of the i-th task issued. */
  private Span span(int i) {
    return byIssue.get(i);
  }

  private void finish() {
    rt.finish();
    DependenceGraph g = RuntimeInternals.graph(rt);
    for (int op = 0; op < g.size(); op++) { // graph ops are in issue order
      if (g.kind(op) == DependenceGraph.NodeKind.TASK) {
        byIssue.add(taskSpans.get(g.event(op).id()));
      }
    }
  }

  private long x() {
    return RuntimeInternals.snapshot(rt, x, fx)[0];
  }

  @Test
  void atomicTasksRunInTheOrderTheyBecomeReadyNeverAtOnce() {
    setUp(new OwnCpuMapper());
    run(1, on(y, fy, Privilege.READ_WRITE, Coherence.EXCLUSIVE));
    // issued first, but it also reads y: it waits for the slow producer
    run(2, on(x, fx, Privilege.READ_WRITE, Coherence.ATOMIC), on(y, fy, Privilege.READ_ONLY,
        Coherence.EXCLUSIVE));
    run(3, on(x, fx, Privilege.READ_WRITE, Coherence.ATOMIC));
    finish();
    Span twice = span(1);
    Span add = span(2);
    assertThat(add.start()).as("the later-issued atomic task runs first").isLessThan(twice.start());
    assertThat(add.end()).as("never at once").isLessThanOrEqualTo(twice.start());
    assertThat(twice.start()).isGreaterThanOrEqualTo(span(0).end());
    assertThat(x()).as("serialised as it ran: add, then twice").isEqualTo(2 * (0 + 10) + 1);
  }

  @Test
  void exclusiveTasksRunInProgramOrder() {
    setUp(new OwnCpuMapper());
    run(1, on(y, fy, Privilege.READ_WRITE, Coherence.EXCLUSIVE));
    run(2, on(x, fx, Privilege.READ_WRITE, Coherence.EXCLUSIVE), on(y, fy, Privilege.READ_ONLY,
        Coherence.EXCLUSIVE));
    run(3, on(x, fx, Privilege.READ_WRITE, Coherence.EXCLUSIVE));
    finish();
    assertThat(span(2).start()).isGreaterThanOrEqualTo(span(1).end());
    assertThat(x()).isEqualTo(2 * 0 + 1 + 10);
  }

  @Test
  void simultaneousTasksOverlapOnOneInstance() {
    setUp(new OwnCpuMapper());
    run(2, on(x, fx, Privilege.READ_WRITE, Coherence.SIMULTANEOUS));
    run(3, on(x, fx, Privilege.READ_WRITE, Coherence.SIMULTANEOUS));
    finish();
    assertThat(span(1).start()).as("they overlap").isLessThan(span(0).end());
    assertThat(copies).as("no copy between them").isEmpty();
  }

  /** Whatever memory the mapper asks for, later simultaneous users share the first one's instance. */
  @Test
  void simultaneousTasksAreRestrictedToTheSharedInstance() {
    setUp(new ZeroCopyForTheSecond());
    run(2, on(x, fx, Privilege.READ_WRITE, Coherence.SIMULTANEOUS));
    run(3, on(x, fx, Privilege.READ_WRITE, Coherence.SIMULTANEOUS));
    finish();
    assertThat(span(1).start()).isLessThan(span(0).end());
    assertThat(copies).as("restricted to the system memory instance: nothing copied to zero-copy").isEmpty();
  }

  /** The same two tasks exclusive: the second waits, and the mapper's zero-copy instance needs a copy. */
  @Test
  void withoutSimultaneousCoherenceTheSecondWaitsAndItsInstanceIsCopied() {
    setUp(new ZeroCopyForTheSecond());
    run(2, on(x, fx, Privilege.READ_WRITE, Coherence.EXCLUSIVE));
    run(3, on(x, fx, Privilege.READ_WRITE, Coherence.EXCLUSIVE));
    finish();
    assertThat(span(1).start()).isGreaterThanOrEqualTo(span(0).end());
    assertThat(copies).isNotEmpty();
  }

  @Test
  void aRelaxedTaskOverlapsAnAtomicWriterASimultaneousOneDoesNot() {
    setUp(new OwnCpuMapper());
    run(2, on(x, fx, Privilege.READ_WRITE, Coherence.ATOMIC));
    run(3, on(x, fx, Privilege.READ_WRITE, Coherence.RELAXED));
    run(3, on(x, fx, Privilege.READ_WRITE, Coherence.SIMULTANEOUS));
    finish();
    assertThat(span(1).start()).as("relaxed: no order with the atomic writer").isLessThan(span(0).end());
    assertThat(span(2).start()).as("simultaneous: ordered after the atomic writer")
        .isGreaterThanOrEqualTo(span(0).end());
  }
}
