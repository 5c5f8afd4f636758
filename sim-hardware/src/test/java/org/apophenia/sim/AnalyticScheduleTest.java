package org.apophenia.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apophenia.sim.machine.Machine;
import org.junit.jupiter.api.Test;

/** Small graphs whose schedule can be worked out by hand; every expected time is exact. */
class AnalyticScheduleTest {
  private final Machine m = TinyMachine.build();
  private final Simulation sim = Simulation.on(m);
  private final List<Span> spans = new ArrayList<>();

  AnalyticScheduleTest() {
    sim.listener(new SimulationListener() {
      @Override
      public void onSpan(Span span) {
        spans.add(span);
      }
    });
  }

  private Event task(String name, String proc, long nanos, Event pre) {
    return sim.submit(new Operation.Task(name, m.processor(proc), TaskCost.fixed(nanos), pre));
  }

  @Test
  void aChainRunsBackToBack() {
    Event a = task("a", "cpu0", 10_000, Event.NONE);
    Event b = task("b", "cpu1", 20_000, a);
    Event c = task("c", "cpu0", 30_000, b);
    SimulationResult r = sim.drain();
    assertEquals(10_000, sim.triggerTime(a));
    assertEquals(30_000, sim.triggerTime(b));
    assertEquals(60_000, sim.triggerTime(c));
    assertEquals(60_000, r.makespanNanos());
    assertEquals(60_000, r.criticalPath().nanos());
    assertEquals(List.of(a, b, c), r.criticalPath().operations());
    assertEquals(40_000, r.busyNanos(m.processor("cpu0")));
    assertEquals(2.0 / 3, r.utilisation(m.processor("cpu0")), 1e-12);
  }

  @Test
  void latestTriggerTimeCoversTheEventsCreatedInARange() {
    Event a = task("a", "cpu0", 10_000, Event.NONE);
    Event b = task("b", "cpu1", 40_000, Event.NONE);
    int mark = sim.eventCount();
    Event c = task("c", "cpu0", 5_000, a);
    Event never = sim.userEvent();
    sim.drain();
    assertEquals(40_000, sim.latestTriggerTime(0, mark));
    assertEquals(10_000, sim.latestTriggerTime(a.id(), a.id() + 1));
    assertEquals(15_000, sim.latestTriggerTime(c.id(), sim.eventCount())); // the untriggered user event is skipped
    assertEquals(-1, sim.latestTriggerTime(never.id(), never.id() + 1));
    assertEquals(-1, sim.latestTriggerTime(mark, mark));
    assertThrows(IndexOutOfBoundsException.class, () -> sim.latestTriggerTime(0, sim.eventCount() + 1));
    assertEquals(40_000, sim.triggerTime(b));
  }

  @Test
  void watchedEventsAreReportedOnceInTriggerOrder() {
    Event slow = task("slow", "cpu0", 30_000, Event.NONE);
    Event fast = task("fast", "cpu1", 10_000, Event.NONE);
    Event unwatched = task("u", "cpu1", 1_000, fast);
    sim.watch(slow);
    sim.watch(fast);
    it.unimi.dsi.fastutil.ints.IntArrayList got = new it.unimi.dsi.fastutil.ints.IntArrayList();
    assertTrue(sim.pollWatched(got).isEmpty(), "nothing has triggered yet");
    sim.runUntil(fast);
    assertEquals(List.of(fast.id()), sim.pollWatched(got));
    got.clear();
    sim.drain();
    assertEquals(List.of(slow.id()), sim.pollWatched(got));
    got.clear();
    assertTrue(sim.pollWatched(got).isEmpty(), "each watch reports once");
    sim.watch(unwatched); // already triggered: reported by the next poll
    assertEquals(List.of(unwatched.id()), sim.pollWatched(got));
    assertThrows(IllegalArgumentException.class, () -> sim.watch(Event.NONE));
  }

  @Test
  void forkJoinWaitsForTheSlowerBranch() {
    Event a = task("a", "cpu0", 10_000, Event.NONE);
    Event b = task("b", "cpu0", 20_000, a);
    Event c = task("c", "cpu1", 30_000, a);
    Event d = task("d", "cpu0", 5_000, sim.merge(b, c));
    SimulationResult r = sim.drain();
    assertEquals(30_000, sim.triggerTime(b));
    assertEquals(40_000, sim.triggerTime(c));
    assertEquals(45_000, sim.triggerTime(d));
    assertEquals(45_000, r.makespanNanos());
    assertEquals(List.of(a, c, d), r.criticalPath().operations());
  }

  @Test
  void twoTasksReadyTogetherOnOneProcessorRunInSubmissionOrder() {
    Event a = task("a", "cpu0", 7_000, Event.NONE);
    Event b = task("b", "cpu0", 3_000, Event.NONE);
    sim.drain();
    assertEquals(7_000, sim.triggerTime(a));
    assertEquals(10_000, sim.triggerTime(b));
  }

  @Test
  void twoCopiesContendForOneChannel() {
    // 1 MB over 1 GB/s with 1 µs latency: 1,001,000 ns each; the second waits for the first.
    Event x = sim.submit(new Operation.Copy("x", m.memory("zc"), m.memory("gpu0.fb"), 1_000_000, Event.NONE));
    Event y = sim.submit(new Operation.Copy("y", m.memory("zc"), m.memory("gpu0.fb"), 1_000_000, Event.NONE));
    SimulationResult r = sim.drain();
    assertEquals(1_001_000, sim.triggerTime(x));
    assertEquals(2_002_000, sim.triggerTime(y));
    assertEquals(2_000_000, r.bytesMoved(m.channel("pcie")));
    assertEquals(0, r.bytesMoved(m.channel("pcie/reverse")));
    assertEquals(1.0, r.utilisation(m.channel("pcie")), 1e-12);
    // The critical path ignores contention: one copy.
    assertEquals(1_001_000, r.criticalPath().nanos());
  }

  @Test
  void aGpuTaskWaitsForItsHostToDeviceCopy() {
    Event h2d = sim.submit(new Operation.Copy("h2d", m.memory("zc"), m.memory("gpu0.fb"), 1_000_000, Event.NONE));
    // 1e9 flop at 1 TFLOP/s = 1 ms, plus 5 µs launch overhead.
    Event k = sim.submit(new Operation.Task("kernel", m.processor("gpu0"),
        TaskCost.of(org.apophenia.sim.machine.ProcessorKind.GPU, Cost.work(1e9, 0)), h2d));
    sim.drain();
    assertEquals(1_001_000, sim.triggerTime(h2d));
    assertEquals(1_001_000 + 1_005_000, sim.triggerTime(k));
  }

  @Test
  void aCopyFromSystemMemoryStagesThroughZeroCopy() {
    // sys→zc at 10 GB/s (100 µs for 1 MB), then zc→fb over PCIe (1,001,000 ns).
    Event c = sim.submit(new Operation.Copy("c", m.memory("sys"), m.memory("gpu0.fb"), 1_000_000, Event.NONE));
    SimulationResult r = sim.drain();
    assertEquals(1_101_000, sim.triggerTime(c));
    assertEquals(1_000_000, r.bytesMoved(m.channel("sys-zc")));
    assertEquals(1_000_000, r.bytesMoved(m.channel("pcie")));
    assertEquals(List.of("sys-zc", "pcie"), spans.stream().map(s -> s.resource().name()).toList());
  }

  @Test
  void aFillUsesTheMemorysLocalChannel() {
    Event f = sim.submit(new Operation.Fill("f", m.memory("sys"), 2_000_000, Event.NONE));
    sim.drain();
    assertEquals(1_000_000, sim.triggerTime(f));
  }

  @Test
  void rooflineTakesTheSlowerOfComputeAndMemory() {
    // 1 MFLOP at 1 GFLOP/s = 1 ms; 3 MB at 1 GB/s = 3 ms: memory bound.
    Event t = sim.submit(new Operation.Task("t", m.processor("cpu0"), TaskCost.work(1e6, 3e6), Event.NONE));
    sim.drain();
    assertEquals(3_000_000, sim.triggerTime(t));
  }

  @Test
  void aBarrierTriggersAfterItsLastArrival() {
    Barrier bar = sim.barrier(2);
    Event a = task("a", "cpu0", 10_000, Event.NONE);
    Event b = task("b", "cpu1", 25_000, Event.NONE);
    sim.submit(new Operation.Arrive(bar, a));
    sim.submit(new Operation.Arrive(bar, b));
    Event after = task("after", "cpu0", 1_000, bar.event());
    sim.drain();
    assertEquals(25_000, sim.triggerTime(bar.event()));
    assertEquals(26_000, sim.triggerTime(after));
    assertThrows(IllegalArgumentException.class, () -> sim.submit(new Operation.Arrive(bar, Event.NONE)));
  }

  @Test
  void aFenceWaitsForEverythingSubmittedBeforeIt() {
    task("a", "cpu0", 10_000, Event.NONE);
    task("b", "cpu1", 40_000, Event.NONE);
    Event f = sim.submit(new Operation.Fence(Event.NONE));
    Event c = task("c", "cpu0", 1_000, f);
    Event g = sim.submit(new Operation.Fence(Event.NONE));
    sim.drain();
    assertEquals(40_000, sim.triggerTime(f));
    assertEquals(41_000, sim.triggerTime(c));
    assertEquals(41_000, sim.triggerTime(g));
  }

  @Test
  void runtimeWorkIsChargedToAUtilityProcessor() {
    Event w = sim.submit(new Operation.RuntimeWork("analyse", m.processor("util0"), Category.ANALYSIS, 1_000_000,
        Event.NONE));
    Event t = task("t", "cpu0", 500, w);
    SimulationResult r = sim.drain();
    assertEquals(1_000_500, sim.triggerTime(t));
    assertEquals(1_000_000, r.busyNanos(m.processor("util0")));
    assertEquals(Category.ANALYSIS, spans.get(0).category());
    assertThrows(IllegalArgumentException.class, () -> sim.submit(
        new Operation.RuntimeWork("bad", m.processor("cpu0"), Category.ANALYSIS, 1, Event.NONE)));
  }

  @Test
  void aTaskWithoutAVariantForTheProcessorKindIsRejected() {
    TaskCost gpuOnly = TaskCost.of(org.apophenia.sim.machine.ProcessorKind.GPU, Cost.fixed(1));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> sim.submit(new Operation.Task("k", m.processor("cpu0"), gpuOnly, Event.NONE)));
    assertTrue(e.getMessage().contains("no CPU variant"), e.getMessage());
  }

  @Test
  void onlineSubmissionNeverStartsInThePastAndFutureWaitsAdvanceTime() {
    Event a = task("a", "cpu0", 10_000, Event.NONE);
    assertEquals(10_000, sim.runUntil(a));
    // Submitted at 10 µs with a triggered precondition: starts at 10 µs, not 0.
    Event b = task("b", "cpu1", 1_000, Event.NONE);
    assertEquals(11_000, sim.runUntil(b));
    sim.runUntil(50_000);
    Event c = task("c", "cpu1", 1_000, a);
    assertEquals(51_000, sim.runUntil(c));
  }

  @Test
  void bodiesRunAtStartInSimulatedOrderAndMaySubmitWork() {
    List<String> log = new ArrayList<>();
    Event[] child = new Event[1];
    Event a = sim.submit(new Operation.Task("a", m.processor("cpu0"), TaskCost.fixed(10_000), Event.NONE,
        () -> {
          log.add("a@" + sim.now());
          child[0] = sim.submit(new Operation.Task("child", m.processor("cpu1"), TaskCost.fixed(5_000), Event.NONE,
              () -> log.add("child@" + sim.now())));
        }));
    sim.submit(new Operation.Task("b", m.processor("cpu0"), TaskCost.fixed(1_000), a, () -> log.add("b@" + sim.now())));
    sim.drain();
    assertEquals(List.of("a@0", "child@0", "b@10000"), log);
    assertEquals(5_000, sim.triggerTime(child[0]));
  }

  @Test
  void userEventsGateWorkAndAWaitThatCanNeverEndFails() {
    Event u = sim.userEvent();
    Event t = task("t", "cpu0", 1_000, u);
    sim.runUntil(3_000);
    assertFalse(sim.hasTriggered(t));
    sim.trigger(u);
    assertEquals(4_000, sim.runUntil(t));
    Event never = sim.userEvent();
    Event stuck = task("stuck", "cpu0", 1, never);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> sim.runUntil(stuck));
    assertTrue(e.getMessage().contains("can never trigger"), e.getMessage());
    assertEquals(2, sim.drain().pending());
  }

  @Test
  void aLongChainOfMergesDoesNotOverflowTheStack() {
    Event u = sim.userEvent();
    Event e = u;
    for (int i = 0; i < 200_000; i++) {
      e = sim.merge(e, u);
    }
    sim.trigger(u);
    assertTrue(sim.hasTriggered(e));
  }
}
