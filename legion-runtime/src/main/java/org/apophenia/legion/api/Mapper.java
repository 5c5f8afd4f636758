package org.apophenia.legion.api;

import java.util.Set;
import org.apophenia.legion.instances.MemorySet;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * Mapping policy (Legion thesis ch. 8), kept apart from the mechanism: the runtime asks where each task
 * (or index-launch point) runs and in which memory each of its requirements is placed, then enforces
 * and executes the answer. Implementations must be deterministic; they are called on the application
 * thread, one call at a time.
 */
public interface Mapper {
  /**
   * The processor for a task; it must be of one of {@code variants}' kinds.
   *
   * @param pointIndex the point's index in its launch (row-major), or -1 for a single task
   * @param points points in the launch, 1 for a single task
   */
  Processor selectProcessor(Machine machine, String task, Set<ProcessorKind> variants, int pointIndex, int points);

  /**
   * The memory for one requirement; it must be visible from {@code processor}.
   *
   * @param validMemories memories that already hold all of the requirement's data (every field) valid;
   *     empty if none does or reductions are pending on it
   */
  Memory selectMemory(Machine machine, Processor processor, RegionRequirement requirement,
      MemorySet validMemories);
}
