package org.apophenia.sim.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The presets have the node shapes README's "Simulated machines" describes (processors, memories,
 * channels and their figures), and every pair of their memories is connected.
 */
class PresetsTest {
  @Test
  void perlmutterNodeHasOneEpycFourA100sAndSlingshotBetweenNodes() {
    Machine m = Presets.machine("perlmutter:16");
    assertEquals(16, m.nodeCount());
    assertEquals(64, m.processors(3, ProcessorKind.CPU).size() + m.processors(3, ProcessorKind.UTILITY).size());
    assertEquals(4, m.processors(3, ProcessorKind.GPU).size());
    assertEquals(4, m.memories(3, MemoryKind.FRAMEBUFFER).size());
    assertEquals(40L << 30, m.memories(3, MemoryKind.FRAMEBUFFER).get(0).capacityBytes());
    assertEquals(9.7e12, m.processors(0, ProcessorKind.GPU).get(0).flopsPerSecond());
    Channel net = m.channel("net.n0-n15");
    assertEquals(ChannelKind.NETWORK, net.kind());
    assertEquals(25e9, net.bytesPerSecond());
    assertEquals(100e9, m.channel("n0.nvlink.gpu0-gpu1").bytesPerSecond());
  }

  @Test
  void precomputedLookupsAgreeWithTheAffinities() {
    Machine m = Presets.machine("perlmutter:4");
    for (Processor p : m.processors()) {
      List<Affinity> mine = m.affinities().stream().filter(a -> a.processor() == p.id()).toList();
      assertEquals(mine.size(), m.visibleMemories(p).size(), p.name());
      double prev = Double.MAX_VALUE;
      for (Memory mem : m.visibleMemories(p)) {
        double bw = mine.stream().filter(a -> a.memory() == mem.id()).mapToDouble(Affinity::bytesPerSecond).max()
            .orElseThrow();
        assertEquals(bw, m.bandwidth(p, mem), p.name() + " -> " + mem.name());
        assertTrue(bw <= prev, "best bandwidth first from " + p.name());
        prev = bw;
      }
    }
    assertEquals(0, m.bandwidth(m.processor("n0.gpu0"), m.memory("n1.gpu0.fb")));
    assertEquals(16, m.processors(ProcessorKind.GPU).size());
    assertEquals(m.processors().stream().filter(p -> p.kind() == ProcessorKind.CPU).toList(),
        m.processors(ProcessorKind.CPU));
  }

  @Test
  void eosNodeHasTwoXeonsAndEightH100s() {
    Machine m = Presets.machine("eos:2");
    assertEquals(112, m.processors(1, ProcessorKind.CPU).size() + m.processors(1, ProcessorKind.UTILITY).size());
    assertEquals(8, m.processors(1, ProcessorKind.GPU).size());
    assertEquals(80L << 30, m.memory("n1.gpu7.fb").capacityBytes());
    assertEquals(50e9, m.channel("net.n1-n0").bytesPerSecond());
  }

  @Test
  void workstationAndCpuPresets() {
    Machine w = Presets.machine("workstation");
    assertEquals(1, w.nodeCount());
    assertEquals(1, w.processors(0, ProcessorKind.GPU).size());
    assertEquals(16, w.processors(0, ProcessorKind.CPU).size() + w.processors(0, ProcessorKind.UTILITY).size());
    Machine c = Presets.machine("cpu:4");
    assertEquals(0, c.processorCounts().getOrDefault(ProcessorKind.GPU, 0));
    assertEquals(4 * 128, c.processors().size());
  }

  @Test
  void everyMemoryCanReachEveryOther() {
    for (String name : Presets.names()) {
      Machine m = Presets.machine(name.equals("workstation") ? name : name + ":2");
      for (Memory a : m.memories()) {
        for (Memory b : m.memories()) {
          assertTrue(m.route(a, b, 1 << 20).isPresent(), name + ": " + a.name() + " -> " + b.name());
        }
      }
    }
  }

  @Test
  void aRemoteGpuCopyCrossesPcieNetworkAndPcie() {
    Machine m = Presets.machine("perlmutter:2");
    Route r = m.route(m.memory("n0.gpu0.fb"), m.memory("n1.gpu3.fb"), 1 << 20).orElseThrow();
    assertEquals(List.of("n0.gpu0.pcie/reverse", "n0.sys-zc/reverse", "net.n0-n1", "n1.sys-zc", "n1.gpu3.pcie"),
        r.hops().stream().map(Channel::name).toList());
  }

  @Test
  void badSpecsAreRejectedWithTheReason() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Presets.machine("summit"))
        .getMessage().contains("unknown machine 'summit'"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Presets.machine("eos:x"))
        .getMessage().contains("not an integer"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Presets.machine("cpu:0"))
        .getMessage().contains("1..256"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Presets.machine("workstation:2"))
        .getMessage().contains("exactly one node"));
  }
}
