package org.apophenia.legion.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.apophenia.legion.api.Mapper;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.instances.MemorySet;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * A seeded random mapping policy for machines with more than 64 memories: the first task and three
 * later tasks in four run on a node whose memories all have ids of 64 or more, the rest anywhere; each requirement goes, one
 * time in two, to the first visible memory that already holds its data valid (so the valid sets the
 * runtime reports are read back), else to a random visible memory (so data moves between memories
 * on and across nodes). Counts what it saw, for the tests to check the ids above 64 were exercised.
 * One instance per runtime (it caches the machine's processors).
 */
final class ScatterMapper implements Mapper {
  private final SplittableRandom random;
  /** Candidate processors for the variant set last seen (computing them is O(processors x affinities)). */
  private Set<ProcessorKind> kinds;
  private List<Processor> all;
  private List<Processor> high;
  /** Whether a task ran on a processor whose memories all have ids of 64 or more yet. */
  private boolean placedHigh;
  /** Requirements mapped to a memory with id >= 64. */
  int highMemories;
  /** Requirements whose reported valid set held an id >= 64 that was visible and chosen. */
  int highValidChosen;

  ScatterMapper(long seed) {
    this.random = new SplittableRandom(seed);
  }

  @Override
  public Processor selectProcessor(Machine machine, String task, Set<ProcessorKind> variants, int pointIndex,
      int points) {
    if (!variants.equals(kinds)) {
      kinds = variants;
      all = new ArrayList<>();
      high = new ArrayList<>();
      for (Processor p : machine.processors()) {
        if (!variants.contains(p.kind())) {
          continue;
        }
        all.add(p);
        if (machine.visibleMemories(p).stream().allMatch(m -> m.id() >= 64)) {
          high.add(p);
        }
      }
    }
    // the first task always goes high, so that every program with a task uses such memories
    List<Processor> from = !high.isEmpty() && (random.nextInt(4) != 0 || !placedHigh) ? high : all;
    placedHigh |= from == high;
    return from.get(random.nextInt(from.size()));
  }

  @Override
  public Memory selectMemory(Machine machine, Processor processor, RegionRequirement requirement,
      MemorySet validMemories) {
    List<Memory> vis = machine.visibleMemories(processor);
    Memory pick = vis.get(random.nextInt(vis.size()));
    if (random.nextBoolean()) {
      for (Memory m : vis) {
        if (validMemories.contains(m)) {
          pick = m;
          highValidChosen += m.id() >= 64 ? 1 : 0;
          break;
        }
      }
    }
    highMemories += pick.id() >= 64 ? 1 : 0;
    return pick;
  }
}
