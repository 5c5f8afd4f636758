package org.apophenia.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apophenia.legion.api.DefaultMapper;
import org.apophenia.legion.api.Mapper;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.instances.MemorySet;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * A deterministic policy for machines with more than 64 memories: every task runs on a GPU whose
 * visible memories all have ids of 64 or more, index-launch points spread over those GPUs across
 * nodes (so ghost data moves between framebuffers and over the network), single tasks on the last
 * one; memories as the {@link DefaultMapper} picks them (the framebuffer, or a valid copy as fast).
 * Deterministic by point, so a replayed trace maps as its recording did; one instance per runtime (it
 * caches the machine's GPUs).
 */
final class HighMemoryMapper implements Mapper {
  private final Mapper memories = new DefaultMapper();
  /** The GPUs above, found on the first call (O(processors x affinities)). */
  private List<Processor> high;

  @Override
  public Processor selectProcessor(Machine machine, String task, Set<ProcessorKind> variants, int pointIndex,
      int points) {
    if (high == null) {
      high = new ArrayList<>();
      for (Processor p : machine.processors()) {
        if (p.kind() == ProcessorKind.GPU && machine.visibleMemories(p).stream().allMatch(m -> m.id() >= 64)) {
          high.add(p);
        }
      }
      if (high.isEmpty()) {
        throw new IllegalArgumentException(machine.name() + " has no GPU whose memories all have ids >= 64");
      }
    }
    // stride 5 is coprime with the GPU counts used (20 on perlmutter:16, 8 on eos:8): points of one
    // launch land on different nodes where there are several
    return high.get(pointIndex < 0 ? high.size() - 1 : pointIndex * 5 % high.size());
  }

  @Override
  public Memory selectMemory(Machine machine, Processor processor, RegionRequirement requirement,
      MemorySet validMemories) {
    return memories.selectMemory(machine, processor, requirement, validMemories);
  }
}
