package org.apophenia.sim.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A machine's affinities are kept per processor (a handful each), not as a processors-by-memories
 * matrix, which for a 10^4-node machine file was gigabytes: {@link Machine#bandwidth} and
 * {@link Machine#visibleMemories} still answer as the affinities say (checked against a scan of all
 * of them, on a random machine), and a duplicate affinity is still refused.
 */
class SparseAffinitiesTest {
  @Test
  void bandwidthAndVisibleMemoriesAreWhatTheAffinitiesSay() {
    Random r = new Random(7);
    Machine.Builder b = Machine.builder("random");
    int nodes = 40;
    for (int n = 0; n < nodes; n++) {
      b.node("n" + n);
    }
    List<Processor> ps = new java.util.ArrayList<>();
    List<Memory> ms = new java.util.ArrayList<>();
    for (int n = 0; n < nodes; n++) {
      for (int k = 0; k < 3; k++) {
        ps.add(b.processor(n, "n" + n + ".p" + k, k == 0 ? ProcessorKind.CPU : ProcessorKind.GPU, 1e9, 0));
        ms.add(b.memory(n, "n" + n + ".m" + k, k == 0 ? MemoryKind.SYSTEM : MemoryKind.FRAMEBUFFER, 1L << 30));
      }
    }
    java.util.Set<Long> pairs = new java.util.HashSet<>();
    for (int i = 0; i < 400; i++) {
      Processor p = ps.get(r.nextInt(ps.size()));
      Memory m = ms.get(r.nextInt(ms.size()));
      if (pairs.add(((long) p.id() << 32) | m.id())) {
        b.affinity(p, m, 1e6 * (1 + r.nextInt(1000)), r.nextInt(100));
      }
    }
    Machine machine = b.build();
    for (Processor p : machine.processors()) {
      double best = -1;
      for (Memory m : machine.memories()) {
        double oracle = 0;
        for (Affinity a : machine.affinities()) {
          if (a.processor() == p.id() && a.memory() == m.id()) {
            oracle = a.bytesPerSecond();
          }
        }
        assertEquals(oracle, machine.bandwidth(p, m), p.name() + " -> " + m.name());
      }
      List<Memory> visible = machine.visibleMemories(p);
      for (Memory m : visible) {
        double bw = machine.bandwidth(p, m);
        if (best >= 0) {
          assertEquals(true, bw <= best, "best bandwidth first at " + p.name());
        }
        best = bw;
      }
      long seen = machine.memories().stream().filter(m -> machine.bandwidth(p, m) > 0).count();
      assertEquals(seen, visible.size(), p.name());
    }
  }

  @Test
  void aDuplicateAffinityIsStillRefused() {
    Machine.Builder b = Machine.builder("dup");
    int n = b.node("n0");
    Processor p = b.processor(n, "cpu", ProcessorKind.CPU, 1e9, 0);
    Memory m = b.memory(n, "sys", MemoryKind.SYSTEM, 1L << 30);
    b.affinity(p, m, 1e9, 0);
    assertThrows(IllegalArgumentException.class, () -> b.affinity(p, m, 2e9, 0));
    assertThrows(IllegalArgumentException.class, () -> b.node("n0"));
  }
}
