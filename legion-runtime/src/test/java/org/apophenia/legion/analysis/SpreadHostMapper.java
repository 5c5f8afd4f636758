package org.apophenia.legion.analysis;

import java.util.List;
import java.util.Set;
import org.apophenia.legion.api.Mapper;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.error.LegionException;
import org.apophenia.legion.instances.MemorySet;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.MemoryKind;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * Every task on the next CPU of node 0 in turn (single tasks too, unlike {@link
 * org.apophenia.legion.api.HostMapper}), every region in node 0's SYSTEM memory: tasks that the
 * analysis leaves unordered really run at the same time, on one shared instance, which is what the
 * coherence modes' laws need to be tested against. One instance per runtime.
 */
final class SpreadHostMapper implements Mapper {
  private int next;

  @Override
  public Processor selectProcessor(Machine machine, String task, Set<ProcessorKind> variants, int pointIndex,
      int points) {
    if (!variants.contains(ProcessorKind.CPU)) {
      throw new LegionException("task " + task + " has no CPU variant");
    }
    List<Processor> ps = machine.processors(0, ProcessorKind.CPU);
    return ps.get(next++ % Math.min(4, ps.size()));
  }

  @Override
  public Memory selectMemory(Machine machine, Processor processor, RegionRequirement requirement,
      MemorySet validMemories) {
    return machine.memories(0, MemoryKind.SYSTEM).get(0);
  }
}
