package org.apophenia.legion.api;

import java.util.List;
import java.util.Set;
import org.apophenia.legion.error.LegionException;
import org.apophenia.legion.instances.MemorySet;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * The default policy: a GPU variant when the task has one and the machine has GPUs, else CPU; index
 * launch points round-robin over all processors of that kind on all nodes, single tasks on the first;
 * each requirement in the best-bandwidth memory visible from the processor, preferring among equally
 * fast ones a memory that already holds the data valid. Stateless; thread-safe.
 */
public final class DefaultMapper implements Mapper {
  @Override
  public Processor selectProcessor(Machine machine, String task, Set<ProcessorKind> variants, int pointIndex,
      int points) {
    ProcessorKind kind = variants.contains(ProcessorKind.GPU) && !machine.processors(ProcessorKind.GPU).isEmpty()
        ? ProcessorKind.GPU : ProcessorKind.CPU;
    if (!variants.contains(kind)) {
      kind = variants.iterator().next();
    }
    List<Processor> ps = machine.processors(kind);
    if (ps.isEmpty()) {
      throw new LegionException("task " + task + ": the machine has no " + kind + " processor for its variants "
          + variants);
    }
    return ps.get(pointIndex < 0 ? 0 : pointIndex % ps.size());
  }

  @Override
  public Memory selectMemory(Machine machine, Processor processor, RegionRequirement requirement,
      MemorySet validMemories) {
    List<Memory> vis = machine.visibleMemories(processor);
    Memory best = vis.get(0);
    double bw = machine.bandwidth(processor, best);
    for (Memory m : vis) {
      if (machine.bandwidth(processor, m) < bw) {
        break;
      }
      if (validMemories.contains(m)) {
        return m;
      }
    }
    return best;
  }
}
