package org.apophenia.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apophenia.sim.machine.ChannelKind;
import org.apophenia.sim.machine.Durations;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.MemoryKind;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;
import org.junit.jupiter.api.Test;

/**
 * The simulated clock saturates at {@link Long#MAX_VALUE} instead of wrapping to a negative time, even
 * on a machine with figures far beyond what a machine file may hold (the builder does not bound them).
 */
class SaturatingClockTest {
  @Test
  void addSaturates() {
    assertEquals(5, Durations.add(2, 3));
    assertEquals(Long.MAX_VALUE, Durations.add(Long.MAX_VALUE - 1, 2));
    assertEquals(Long.MAX_VALUE, Durations.add(Long.MAX_VALUE, Long.MAX_VALUE));
  }

  @Test
  void hugeDurationsEndAtTheEndOfTimeNotBeforeTheStart() {
    Machine.Builder b = Machine.builder("extreme");
    int n = b.node("n0");
    Processor cpu = b.processor(n, "cpu", ProcessorKind.CPU, Double.MIN_NORMAL, Long.MAX_VALUE / 2);
    Memory sys = b.memory(n, "sys", MemoryKind.SYSTEM, 1L << 30);
    Memory other = b.memory(n, "other", MemoryKind.SYSTEM, 1L << 30);
    b.affinity(cpu, sys, 1e9, 0);
    b.channel("sys.local", sys, sys, ChannelKind.LOCAL, Double.MIN_NORMAL, Long.MAX_VALUE - 1);
    b.channel("link", sys, other, ChannelKind.NETWORK, 1e9, Long.MAX_VALUE - 1);
    Simulation sim = Simulation.on(b.build());
    Event t1 = sim.submit(new Operation.Task("t1", cpu, TaskCost.work(1e9, 0), Event.NONE));
    Event t2 = sim.submit(new Operation.Task("t2", cpu, TaskCost.work(1e9, 0), t1));
    Event fill = sim.submit(new Operation.Fill("fill", sys, 1 << 20, t2));
    sim.submit(new Operation.Copy("copy", sys, other, 1 << 20, fill));
    SimulationResult r = sim.drain();
    assertEquals(Long.MAX_VALUE, r.makespanNanos());
  }
}
