package org.apophenia.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apophenia.sim.machine.Machine;
import org.junit.jupiter.api.Test;

/**
 * Reservations (Realm's, Legion thesis §9.2.1) as the simulator grants them: exclusive holders never
 * overlap, shared holders of one mode may, requests are granted in the order they arrive, and a task
 * waits for its reservations without holding up its processor's other work.
 */
class ReservationTest {
  private static final Machine MACHINE = TinyMachine.build();

  private record Run(Simulation sim, Map<Event, Span> spans) {}

  private static Run run(java.util.function.Consumer<Simulation> program) {
    Simulation sim = Simulation.on(MACHINE);
    Map<Event, Span> spans = new HashMap<>();
    sim.listener(new SimulationListener() {
      @Override
      public void onSpan(Span s) {
        spans.put(s.op(), s);
      }
    });
    program.accept(sim);
    sim.drain();
    return new Run(sim, spans);
  }

  private static Event task(Simulation sim, String proc, long nanos, Event pre, Reservation.Hold... holds) {
    return sim.submit(new Operation.Task("t", MACHINE.processor(proc), TaskCost.fixed(nanos), pre, null,
        new TaskAttributes(List.of(holds), null, null)));
  }

  @Test
  void exclusiveHoldersOnTwoProcessorsRunOneAfterTheOtherInArrivalOrder() {
    List<Event> es = new ArrayList<>();
    Run r = run(sim -> {
      Reservation x = sim.reservation();
      Event late = sim.submit(new Operation.Task("gate", MACHINE.processor("gpu0"), TaskCost.fixed(500), Event.NONE));
      es.add(task(sim, "cpu0", 1_000, late, Reservation.Hold.exclusive(x))); // arrives at 500
      es.add(task(sim, "cpu1", 1_000, Event.NONE, Reservation.Hold.exclusive(x))); // arrives at 0: first
    });
    Span first = r.spans().get(es.get(1));
    Span second = r.spans().get(es.get(0));
    assertThat(first.start()).isZero();
    assertThat(second.start()).as("granted when the first releases").isEqualTo(first.end());
  }

  @Test
  void sharedHoldersOfOneModeOverlapAndAnExclusiveOneWaitsForThemAll() {
    List<Event> es = new ArrayList<>();
    Run r = run(sim -> {
      Reservation x = sim.reservation();
      es.add(task(sim, "cpu0", 1_000, Event.NONE, Reservation.Hold.shared(x, 0)));
      es.add(task(sim, "cpu1", 2_000, Event.NONE, Reservation.Hold.shared(x, 0)));
      es.add(task(sim, "util0", 100, Event.NONE, Reservation.Hold.exclusive(x)));
    });
    assertThat(r.spans().get(es.get(0)).start()).isZero();
    assertThat(r.spans().get(es.get(1)).start()).isZero();
    assertThat(r.spans().get(es.get(2)).start()).isEqualTo(2_000);
  }

  @Test
  void aWaitingWriterIsNotOvertakenByLaterReaders() {
    List<Event> es = new ArrayList<>();
    Run r = run(sim -> {
      Reservation x = sim.reservation();
      es.add(task(sim, "cpu0", 1_000, Event.NONE, Reservation.Hold.shared(x, 0)));
      es.add(task(sim, "util0", 100, Event.NONE, Reservation.Hold.exclusive(x)));
      es.add(task(sim, "cpu1", 100, Event.NONE, Reservation.Hold.shared(x, 0)));
    });
    assertThat(r.spans().get(es.get(1)).start()).isEqualTo(1_000);
    assertThat(r.spans().get(es.get(2)).start()).as("behind the writer").isEqualTo(1_100);
  }

  @Test
  void aTaskWaitingForAReservationLeavesItsProcessorToOthers() {
    List<Event> es = new ArrayList<>();
    Run r = run(sim -> {
      Reservation x = sim.reservation();
      es.add(task(sim, "cpu0", 1_000, Event.NONE, Reservation.Hold.exclusive(x)));
      es.add(task(sim, "cpu1", 1_000, Event.NONE, Reservation.Hold.exclusive(x)));
      es.add(task(sim, "cpu1", 300, Event.NONE));
    });
    assertThat(r.spans().get(es.get(2)).start()).isZero();
    assertThat(r.spans().get(es.get(1)).start()).isEqualTo(1_000);
  }

  @Test
  void holdsOfSeveralReservationsInAnyOrderDoNotDeadlock() {
    List<Event> es = new ArrayList<>();
    Run r = run(sim -> {
      Reservation x = sim.reservation();
      Reservation y = sim.reservation();
      es.add(task(sim, "cpu0", 1_000, Event.NONE, Reservation.Hold.exclusive(y), Reservation.Hold.exclusive(x)));
      es.add(task(sim, "cpu1", 1_000, Event.NONE, Reservation.Hold.exclusive(x), Reservation.Hold.exclusive(y)));
    });
    assertThat(r.sim().result().pending()).isZero();
    assertThat(r.spans().get(es.get(1)).start()).isEqualTo(1_000);
  }

  @Test
  void aReservationOfAnotherSimulationIsRefused() {
    Reservation foreign = Simulation.on(MACHINE).reservation();
    Simulation sim = Simulation.on(MACHINE);
    assertThatThrownBy(() -> task(sim, "cpu0", 1, Event.NONE, Reservation.Hold.exclusive(foreign)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not this simulation's");
  }
}
