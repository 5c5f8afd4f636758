package org.apophenia.legion;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
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
    ProcessorKind kind = variants.contains(ProcessorKind.GPU) && has(machine, ProcessorKind.GPU)
        ? ProcessorKind.GPU : ProcessorKind.CPU;
    if (!variants.contains(kind)) {
      kind = variants.iterator().next();
    }
    List<Processor> ps = new ArrayList<>();
    for (Processor p : machine.processors()) {
      if (p.kind() == kind) {
        ps.add(p);
      }
    }
    if (ps.isEmpty()) {
      throw new LegionException("task " + task + ": the machine has no " + kind + " processor for its variants "
          + variants);
    }
    return ps.get(pointIndex < 0 ? 0 : pointIndex % ps.size());
  }

  private static boolean has(Machine m, ProcessorKind k) {
    for (Processor p : m.processors()) {
      if (p.kind() == k) {
        return true;
      }
    }
    return false;
  }

  @Override
  public Memory selectMemory(Machine machine, Processor processor, RegionRequirement requirement,
      MemorySet validMemories) {
    List<Memory> vis = machine.visibleMemories(processor);
    Memory best = vis.get(0);
    double bw = bandwidth(machine, processor, best);
    for (Memory m : vis) {
      if (bandwidth(machine, processor, m) < bw) {
        break;
      }
      if (validMemories.contains(m)) {
        return m;
      }
    }
    return best;
  }

  private static double bandwidth(Machine machine, Processor p, Memory m) {
    for (var a : machine.affinities()) {
      if (a.processor() == p.id() && a.memory() == m.id()) {
        return a.bytesPerSecond();
      }
    }
    return 0;
  }
}
