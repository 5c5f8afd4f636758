package org.apophenia.legion.api;

import java.util.List;
import java.util.Set;
import org.apophenia.legion.error.LegionException;
import org.apophenia.legion.instances.MemorySet;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.MemoryKind;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * A second policy, to show mappers are pluggable: everything on the CPUs of node 0 (round-robin by
 * point) with every region in node 0's SYSTEM memory, so no copies are ever needed. Needs a CPU
 * variant. Stateless; thread-safe.
 */
public final class HostMapper implements Mapper {
  @Override
  public Processor selectProcessor(Machine machine, String task, Set<ProcessorKind> variants, int pointIndex,
      int points) {
    if (!variants.contains(ProcessorKind.CPU)) {
      throw new LegionException("task " + task + ": HostMapper needs a CPU variant, the task has " + variants);
    }
    List<Processor> ps = machine.processors(0, ProcessorKind.CPU);
    return ps.get(pointIndex < 0 ? 0 : pointIndex % ps.size());
  }

  @Override
  public Memory selectMemory(Machine machine, Processor processor, RegionRequirement requirement,
      MemorySet validMemories) {
    return machine.memories(0, MemoryKind.SYSTEM).get(0);
  }
}
