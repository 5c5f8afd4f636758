package org.apophenia.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;
import org.junit.jupiter.api.Test;

/**
 * A task pinned like another ({@link TaskAttributes#pinnedLike}, a replayed steal issued before the
 * recording ran): it runs where that task ran if that task has run when it is ready, else the scheduler
 * places it and the miss is counted.
 */
class PinnedLikeTest {
  private static final Machine MACHINE = Presets.machine("perlmutter:1");
  private static final List<Processor> GPUS = MACHINE.processors(ProcessorKind.GPU);

  private static Event task(Simulation sim, Processor home, long nanos, Event pre, Processor pin, Event like) {
    return sim.submit(new Operation.Task("t", home, TaskCost.fixed(nanos), pre, null,
        new TaskAttributes(List.of(), null, pin, like)));
  }

  @Test
  void itRunsWhereTheOtherRanOnceThatOneHasRun() {
    Simulation sim = Simulation.on(MACHINE).scheduler(new Scheduler.WorkStealing(1, false));
    task(sim, GPUS.get(0), 10_000_000, Event.NONE, GPUS.get(0), null); // GPU 0 busy (pinned work is never stolen)
    sim.runUntil(0);
    Event stolen = task(sim, GPUS.get(0), 1_000, Event.NONE, null, null); // taken by an idle GPU
    Event later = task(sim, GPUS.get(0), 1_000, stolen, null, stolen); // ready after it ran
    sim.drain();
    Processor thief = sim.placement(stolen).processor();
    assertThat(thief).isNotEqualTo(GPUS.get(0));
    assertThat(sim.placement(later).processor()).isEqualTo(thief);
    assertThat(sim.stealStats().pinned()).as("the busy task and this one").isEqualTo(2);
    assertThat(sim.stealStats().pinMisses()).isZero();
  }

  @Test
  void itIsPlacedLiveIfTheOtherHasNotRunWhenItIsReady() {
    Simulation sim = Simulation.on(MACHINE).scheduler(new Scheduler.WorkStealing(1, false));
    Event gate = task(sim, GPUS.get(1), 5_000_000, Event.NONE, null, null);
    Event slow = task(sim, GPUS.get(0), 1_000, gate, null, null); // runs after 5 ms
    Event eager = task(sim, GPUS.get(0), 1_000, Event.NONE, null, slow); // ready at once
    sim.drain();
    assertThat(sim.stealStats().pinMisses()).isEqualTo(1);
    assertThat(sim.stealStats().pinned()).isZero();
    assertThat(sim.placement(eager)).isNotNull();
  }

  @Test
  void onlyATaskCanBeTheModelAndNotWithAProcessorToo() {
    Simulation sim = Simulation.on(MACHINE).scheduler(new Scheduler.WorkStealing(1, false));
    Event user = sim.userEvent();
    assertThatThrownBy(() -> task(sim, GPUS.get(0), 1_000, Event.NONE, null, user))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a task");
    Event t = task(sim, GPUS.get(0), 1_000, Event.NONE, null, null);
    assertThatThrownBy(() -> new TaskAttributes(List.of(), null, GPUS.get(1), t))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not both");
  }
}
