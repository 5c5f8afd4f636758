package org.apophenia.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * The work-stealing scheduler's laws on random task graphs over a Perlmutter node (four GPUs with a
 * framebuffer each, CPUs sharing the system memory): a task never starts before its preconditions
 * (stealing only moves ready tasks), runs exactly once on a processor of its home's kind, a pinned task
 * runs where it is pinned, exclusive reservation holders never overlap, nothing deadlocks, and the
 * same seed gives the same schedule. Tasks touch a few keys in their home's memory, so steals move data.
 */
class WorkStealingProperties {
  private static final Machine MACHINE = Presets.machine("perlmutter:1");
  private static final List<Processor> GPUS = MACHINE.processors(ProcessorKind.GPU);
  private static final List<Processor> CPUS = MACHINE.processors(ProcessorKind.CPU).subList(0, 4);

  /**
   * One task: on a GPU (else a CPU) of index {@code home}, {@code nanos} long, after earlier tasks
   * {@code pres}, touching keys {@code keys} (even: read, odd: write), pinned to processor index
   * {@code pin} of its kind (-1: not), holding reservation {@code hold} exclusively (-1: none).
   */
  record Spec(boolean gpu, int home, long nanos, List<Integer> pres, List<Integer> keys, int pin, int hold) {}

  record Outcome(Map<Integer, Span> spans, List<Event> events, Simulation sim) {}

  @Provide
  Arbitrary<List<Spec>> graphs() {
    Arbitrary<Spec> s = Combinators.combine(Arbitraries.of(true, true, false), Arbitraries.integers().between(0, 3),
        Arbitraries.longs().between(1_000, 200_000), Arbitraries.integers().between(0, 1_000).list().ofMaxSize(3),
        Arbitraries.integers().between(0, 11).list().ofMaxSize(3),
        Arbitraries.integers().between(-6, 3), Arbitraries.integers().between(-4, 1)).as(Spec::new);
    return s.list().ofMinSize(1).ofMaxSize(50);
  }

  static Outcome run(List<Spec> graph, long seed) {
    Simulation sim = Simulation.on(MACHINE).scheduler(new Scheduler.WorkStealing(seed, false));
    Reservation[] rs = {sim.reservation(), sim.reservation()};
    Map<Integer, Span> spans = new HashMap<>();
    sim.listener(new SimulationListener() {
      @Override
      public void onSpan(Span span) {
        if (span.category() == Category.TASK) {
          assertThat(spans.put(span.op().id(), span)).as("ran once").isNull();
        }
      }
    });
    List<Event> events = new ArrayList<>();
    for (Spec s : graph) {
      List<Processor> kind = s.gpu() ? GPUS : CPUS;
      Processor home = kind.get(s.home());
      int mem = MACHINE.visibleMemories(home).get(0).id();
      Footprint.Builder f = Footprint.builder();
      for (int k : s.keys()) {
        f.add(k, mem, 4_096L * (1 + k), k % 2 == 0 ? Footprint.READ : (byte) (Footprint.READ | Footprint.WRITE));
      }
      List<Event> pre = new ArrayList<>();
      for (int p : s.pres()) {
        if (!events.isEmpty()) {
          pre.add(events.get(p % events.size()));
        }
      }
      List<Reservation.Hold> holds = s.hold() < 0 ? List.of() : List.of(Reservation.Hold.exclusive(rs[s.hold()]));
      Processor pin = s.pin() < 0 ? null : kind.get(s.pin());
      events.add(sim.submit(new Operation.Task("t" + events.size(), home, TaskCost.fixed(s.nanos()), sim.merge(pre),
          null, new TaskAttributes(holds, f.build(), pin))));
    }
    sim.drain();
    return new Outcome(spans, events, sim);
  }

  @Property(tries = 300)
  void stealingNeverRunsATaskBeforeItsDependences(@ForAll("graphs") List<Spec> graph, @ForAll long seed) {
    Outcome o = run(graph, seed);
    assertThat(o.sim().result().pending()).as("nothing deadlocked").isZero();
    for (int i = 0; i < graph.size(); i++) {
      Span s = o.spans().get(o.events().get(i).id());
      assertThat(s).as("task %d ran", i).isNotNull();
      for (int p : graph.get(i).pres()) {
        Event pre = o.events().get(p % Math.max(1, i));
        if (i > 0) {
          assertThat(s.start()).as("task %d starts after its precondition %s", i, pre)
              .isGreaterThanOrEqualTo(o.sim().triggerTime(pre));
        }
      }
    }
  }

  @Property(tries = 300)
  void aTaskRunsOnItsKindAndAPinnedOneWhereItIsPinned(@ForAll("graphs") List<Spec> graph, @ForAll long seed) {
    Outcome o = run(graph, seed);
    long stolen = 0;
    for (int i = 0; i < graph.size(); i++) {
      Spec g = graph.get(i);
      Placement p = o.sim().placement(o.events().get(i));
      Processor ran = (Processor) o.spans().get(o.events().get(i).id()).resource();
      assertThat(p.processor()).isEqualTo(ran);
      assertThat(ran.kind()).isEqualTo(g.gpu() ? ProcessorKind.GPU : ProcessorKind.CPU);
      if (g.pin() >= 0) {
        assertThat(ran).isEqualTo((g.gpu() ? GPUS : CPUS).get(g.pin()));
        assertThat(p.stolen()).isFalse();
      } else {
        assertThat(p.home()).isEqualTo((g.gpu() ? GPUS : CPUS).get(g.home()));
        assertThat(p.stolen()).isEqualTo(!ran.equals(p.home()));
      }
      stolen += p.stolen() ? 1 : 0;
    }
    assertThat(o.sim().stealStats().steals()).isEqualTo(stolen);
  }

  @Property(tries = 200)
  void exclusiveHoldersNeverOverlap(@ForAll("graphs") List<Spec> graph, @ForAll long seed) {
    Outcome o = run(graph, seed);
    for (int i = 0; i < graph.size(); i++) {
      for (int j = i + 1; j < graph.size(); j++) {
        if (graph.get(i).hold() >= 0 && graph.get(i).hold() == graph.get(j).hold()) {
          Span a = o.spans().get(o.events().get(i).id());
          Span b = o.spans().get(o.events().get(j).id());
          assertThat(a.end() <= b.start() || b.end() <= a.start()).as("tasks %d and %d overlap", i, j).isTrue();
        }
      }
    }
  }

  @Property(tries = 100)
  void theSameSeedGivesTheSameSchedule(@ForAll("graphs") List<Spec> graph, @ForAll long seed) {
    Outcome a = run(graph, seed);
    Outcome b = run(graph, seed);
    assertThat(b.spans()).isEqualTo(a.spans());
    assertThat(b.sim().stealStats()).isEqualTo(a.sim().stealStats());
  }
}
