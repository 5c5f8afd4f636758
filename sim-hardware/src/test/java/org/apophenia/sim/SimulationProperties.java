package org.apophenia.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Resource;

/**
 * The laws of the simulator on random event graphs: causality, exclusive resources,
 * determinism, and the makespan bounds. Graphs mix tasks, runtime work, copies (one and two hops),
 * fills, merges and fences; "online" graphs also advance time between submissions.
 */
class SimulationProperties {
  private static final Machine MACHINE = TinyMachine.build();
  private static final String[] PROCESSORS = {"cpu0", "cpu1", "gpu0", "util0"};
  private static final String[] MEMORIES = {"sys", "zc", "gpu0.fb"};

  /** One random operation: kind 0 task, 1 runtime work, 2 copy, 3 fill, 4 fence; pres index earlier ops. */
  record OpSpec(int kind, int a, int b, long amount, List<Integer> pres, boolean waitFirst) {}

  /** What a run produced: spans, each op's event and its preconditions. */
  record Outcome(Simulation sim, SimulationResult result, List<Span> spans, List<Event> events,
      List<List<Event>> preconditions) {}

  @Provide
  Arbitrary<List<OpSpec>> graphs() {
    Arbitrary<OpSpec> op = Combinators.combine(
        Arbitraries.integers().between(0, 4).edgeCases(c -> c.includeOnly(0)),
        Arbitraries.integers().between(0, 99),
        Arbitraries.integers().between(0, 99),
        Arbitraries.longs().between(0, 50_000),
        Arbitraries.integers().between(0, 1_000).list().ofMaxSize(3),
        Arbitraries.of(true, false, false, false, false))
        .as(OpSpec::new);
    return op.list().ofMinSize(1).ofMaxSize(60);
  }

  static Outcome run(List<OpSpec> graph, boolean online) {
    return run(graph, online, false);
  }

  /**
   * Runs {@code graph}; {@code fused} submits each operation but a fence with its preconditions as
   * {@link Simulation#submit(Operation, Event[], int) more preconditions} instead of after a merge.
   */
  static Outcome run(List<OpSpec> graph, boolean online, boolean fused) {
    Simulation sim = Simulation.on(MACHINE);
    List<Span> spans = new ArrayList<>();
    sim.listener(new SimulationListener() {
      @Override
      public void onSpan(Span span) {
        spans.add(span);
      }
    });
    List<Event> events = new ArrayList<>();
    List<List<Event>> pres = new ArrayList<>();
    for (OpSpec s : graph) {
      List<Event> mine = new ArrayList<>();
      if (!events.isEmpty()) {
        for (int p : s.pres()) {
          mine.add(events.get(p % events.size()));
        }
        if (online && s.waitFirst()) {
          sim.runUntil(events.get(s.a() % events.size()));
        }
      }
      Event[] more = mine.toArray(new Event[mine.size() + 1]);
      int count = fused && s.kind() != 4 ? mine.size() : 0;
      Event pre = count > 0 ? Event.NONE : sim.merge(mine);
      Event e = switch (s.kind()) {
        case 0 -> sim.submit(new Operation.Task("t", MACHINE.processor(PROCESSORS[s.a() % 3]),
            TaskCost.fixed(s.amount()).with(org.apophenia.sim.machine.ProcessorKind.GPU, Cost.work(s.amount() * 1e3, 0)),
            pre), more, count);
        case 1 -> sim.submit(new Operation.RuntimeWork("w", MACHINE.processor("util0"),
            s.b() % 2 == 0 ? Category.ANALYSIS : Category.REPLAY, s.amount(), pre), more, count);
        case 2 -> sim.submit(new Operation.Copy("c", MACHINE.memory(MEMORIES[s.a() % 3]),
            MACHINE.memory(MEMORIES[s.b() % 3]), s.amount() * 100, pre), more, count);
        case 3 -> sim.submit(new Operation.Fill("f", MACHINE.memory(MEMORIES[s.a() % 3]), s.amount() * 100, pre),
            more, count);
        default -> sim.submit(new Operation.Fence(pre));
      };
      if (s.kind() == 4) {
        mine.addAll(events); // a fence waits for everything before it
      }
      events.add(e);
      pres.add(mine);
    }
    SimulationResult r = sim.drain();
    return new Outcome(sim, r, spans, events, pres);
  }

  private static Map<Event, Long> firstStarts(List<Span> spans) {
    Map<Event, Long> start = new HashMap<>();
    for (Span s : spans) {
      start.merge(s.op(), s.start(), Math::min);
    }
    return start;
  }

  @Property(tries = 300)
  void noOperationStartsBeforeItsPreconditionsTrigger(@ForAll("graphs") List<OpSpec> graph,
      @ForAll boolean online) {
    Outcome o = run(graph, online);
    Map<Event, Long> start = firstStarts(o.spans());
    for (int i = 0; i < o.events().size(); i++) {
      Event e = o.events().get(i);
      assertTrue(o.sim().hasTriggered(e), e + " never triggered");
      long begins = start.getOrDefault(e, o.sim().triggerTime(e));
      for (Event p : o.preconditions().get(i)) {
        assertTrue(begins >= o.sim().triggerTime(p), e + " starts at " + begins + " before " + p + " triggers at "
            + o.sim().triggerTime(p));
      }
    }
  }

  @Property(tries = 300)
  void aResourceNeverRunsTwoOperationsAtOnce(@ForAll("graphs") List<OpSpec> graph, @ForAll boolean online) {
    Outcome o = run(graph, online);
    Map<Resource, List<Span>> byResource = new HashMap<>();
    for (Span s : o.spans()) {
      byResource.computeIfAbsent(s.resource(), r -> new ArrayList<>()).add(s);
    }
    for (List<Span> list : byResource.values()) {
      list.sort(Comparator.comparingLong(Span::start).thenComparingLong(Span::end));
      for (int i = 1; i < list.size(); i++) {
        assertTrue(list.get(i).start() >= list.get(i - 1).end(), "overlap: " + list.get(i - 1) + " and " + list.get(i));
      }
    }
  }

  @Property(tries = 200)
  void theSameGraphAlwaysGivesTheSameTimes(@ForAll("graphs") List<OpSpec> graph, @ForAll boolean online) {
    Outcome first = run(graph, online);
    Outcome second = run(graph, online);
    assertEquals(first.spans(), second.spans());
    for (Event e : first.events()) {
      assertEquals(first.sim().triggerTime(e), second.sim().triggerTime(e));
    }
    assertEquals(first.result().criticalPath(), second.result().criticalPath());
  }

  /**
   * Waiting for several preconditions directly is waiting for their merge: every operation triggers at
   * the same time and the same activities run at the same times on the same resources.
   */
  @Property(tries = 200)
  void morePreconditionsActAsTheirMerge(@ForAll("graphs") List<OpSpec> graph, @ForAll boolean online) {
    Outcome merged = run(graph, online, false);
    Outcome fused = run(graph, online, true);
    for (int i = 0; i < graph.size(); i++) {
      assertEquals(merged.sim().triggerTime(merged.events().get(i)), fused.sim().triggerTime(fused.events().get(i)),
          "operation " + i);
    }
    assertEquals(activities(merged.spans()), activities(fused.spans()));
    assertEquals(merged.result().makespanNanos(), fused.result().makespanNanos());
  }

  /** A precondition of another simulation is refused before anything is built. */
  @Test
  void aForeignPreconditionLeavesNothingHalfBuilt() {
    Simulation sim = Simulation.on(MACHINE);
    Event a = sim.submit(new Operation.Task("a", MACHINE.processor("cpu0"), TaskCost.fixed(5), Event.NONE));
    int before = sim.eventCount();
    Event[] more = {a, new Event(1_000)};
    assertThrows(IllegalArgumentException.class, () -> sim.submit(
        new Operation.Task("b", MACHINE.processor("cpu0"), TaskCost.fixed(5), Event.NONE), more, 2));
    assertEquals(before, sim.eventCount());
    assertThrows(IllegalArgumentException.class, () -> sim.submit(new Operation.Fence(Event.NONE), more, 1));
    assertEquals(sim.submit(new Operation.Task("c", MACHINE.processor("cpu0"), TaskCost.fixed(5), Event.NONE), more, 1)
        .id(), before);
  }

  private static List<String> activities(List<Span> spans) {
    List<String> out = new ArrayList<>();
    for (Span s : spans) {
      out.add(s.category() + " " + s.name() + " on " + s.resource().name() + " " + s.start() + ".." + s.end() + " "
          + s.bytes());
    }
    return out;
  }

  @Property(tries = 300)
  void makespanLiesBetweenTheCriticalPathAndTheSumOfAllDurations(@ForAll("graphs") List<OpSpec> graph) {
    Outcome o = run(graph, false);
    long sum = o.spans().stream().mapToLong(Span::duration).sum();
    long makespan = o.result().makespanNanos();
    assertTrue(o.result().criticalPath().nanos() <= makespan,
        "critical path " + o.result().criticalPath().nanos() + " > makespan " + makespan);
    assertTrue(makespan <= sum, "makespan " + makespan + " > sum of durations " + sum);
  }

  @Property(tries = 200)
  void busyTimeAndBytesAddUpOverTheSpans(@ForAll("graphs") List<OpSpec> graph) {
    Outcome o = run(graph, false);
    Map<Resource, Long> busy = new HashMap<>();
    for (Span s : o.spans()) {
      busy.merge(s.resource(), s.duration(), Long::sum);
    }
    for (var p : MACHINE.processors()) {
      assertEquals(busy.getOrDefault(p, 0L), o.result().busyNanos(p));
    }
    for (var c : MACHINE.channels()) {
      assertEquals(busy.getOrDefault(c, 0L), o.result().busyNanos(c));
      long bytes = o.spans().stream().filter(s -> s.resource().equals(c)).mapToLong(Span::bytes).sum();
      assertEquals(bytes, o.result().bytesMoved(c));
    }
  }
}
