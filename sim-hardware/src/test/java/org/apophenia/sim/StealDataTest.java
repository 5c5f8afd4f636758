package org.apophenia.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;
import org.junit.jupiter.api.Test;

/**
 * What a steal moves: a thief fetches what the stolen task reads from the task's memory, sends back
 * what it writes, and does not fetch again a version of the data it already holds (the locality the
 * lecture's steal replay keeps); a write elsewhere makes its copy stale.
 */
class StealDataTest {
  private static final Machine MACHINE = Presets.machine("perlmutter:1");
  private static final List<Processor> GPUS = MACHINE.processors(ProcessorKind.GPU);
  private static final long KIB = 1024;

  private static Event task(Simulation sim, Processor home, long nanos, Event pre, long key, byte access) {
    int mem = MACHINE.visibleMemories(home).get(0).id();
    return sim.submit(new Operation.Task("t", home, TaskCost.fixed(nanos), pre, null,
        new TaskAttributes(List.of(), Footprint.builder().add(key, mem, 64 * KIB, access).build(), null)));
  }

  private static Event pinned(Simulation sim, Processor on, long nanos) {
    return sim.submit(new Operation.Task("busy", on, TaskCost.fixed(nanos), Event.NONE, null,
        new TaskAttributes(List.of(), null, on)));
  }

  @Test
  void aThiefFetchesOnceAVersionItHoldsAndAgainAfterAWrite() {
    Simulation sim = Simulation.on(MACHINE).scheduler(new Scheduler.WorkStealing(1, false));
    Processor home = GPUS.get(0);
    Processor thief = GPUS.get(1);
    // the home and two GPUs are busy (pinned work is never stolen): only 'thief' can steal
    pinned(sim, home, 10_000_000);
    pinned(sim, GPUS.get(2), 100_000_000);
    pinned(sim, GPUS.get(3), 100_000_000);
    sim.runUntil(0);
    Event r1 = task(sim, home, 1_000, Event.NONE, 7, Footprint.READ);
    sim.runUntil(5_000_000);
    assertThat(sim.placement(r1).processor()).isEqualTo(thief);
    assertThat(sim.placement(r1).stealCounter()).isZero();
    assertThat(sim.stealStats().fetchedBytes()).isEqualTo(64 * KIB);

    Event r2 = task(sim, home, 1_000, Event.NONE, 7, Footprint.READ); // the same version
    sim.runUntil(6_000_000);
    assertThat(sim.placement(r2).processor()).isEqualTo(thief);
    assertThat(sim.placement(r2).stealCounter()).isEqualTo(1);
    assertThat(sim.stealStats().fetchedBytes()).as("held, not fetched again").isEqualTo(64 * KIB);
    assertThat(sim.stealStats().heldBytes()).isEqualTo(64 * KIB);

    sim.runUntil(20_000_000); // the home is free again and writes the data itself: a new version
    task(sim, home, 1_000, Event.NONE, 7, (byte) (Footprint.READ | Footprint.WRITE));
    sim.runUntil(21_000_000);
    pinned(sim, home, 10_000_000);
    sim.runUntil(sim.now());
    Event r3 = task(sim, home, 1_000, Event.NONE, 7, Footprint.READ);
    sim.runUntil(25_000_000);
    assertThat(sim.placement(r3).processor()).isEqualTo(thief);
    assertThat(sim.stealStats().fetchedBytes()).as("its copy is stale").isEqualTo(2 * 64 * KIB);
  }

  @Test
  void aStolenWriterSendsItsDataBackBeforeItCompletes() {
    Simulation sim = Simulation.on(MACHINE).scheduler(new Scheduler.WorkStealing(1, false));
    Processor home = GPUS.get(0);
    task(sim, home, 10_000_000, Event.NONE, 99, Footprint.WRITE);
    sim.runUntil(0);
    Event w = task(sim, home, 1_000, Event.NONE, 7, (byte) (Footprint.READ | Footprint.WRITE));
    java.util.Map<Event, Span> spans = new java.util.HashMap<>();
    sim.listener(new SimulationListener() {
      @Override
      public void onSpan(Span span) {
        spans.put(span.op(), span);
      }
    });
    sim.drain();
    assertThat(sim.placement(w).stolen()).isTrue();
    StealStats s = sim.stealStats();
    assertThat(s.fetchedBytes()).isEqualTo(64 * KIB);
    assertThat(s.sentBackBytes()).isEqualTo(64 * KIB);
    assertThat(sim.triggerTime(w)).as("completes after the send-back").isGreaterThan(spans.get(w).end());
  }

  @Test
  void theMappedSchedulerNeverSteals() {
    Simulation sim = Simulation.on(MACHINE);
    Processor home = GPUS.get(0);
    task(sim, home, 10_000_000, Event.NONE, 99, Footprint.WRITE);
    Event r = task(sim, home, 1_000, Event.NONE, 7, Footprint.READ);
    sim.drain();
    assertThat(sim.placement(r).stolen()).isFalse();
    assertThat(sim.placement(r).processor()).isEqualTo(home);
    assertThat(sim.stealStats()).isEqualTo(StealStats.NONE);
  }
}
