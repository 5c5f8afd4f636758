package org.apophenia.sim.machine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The structural half of {@link MachineFile}'s promise that a valid file is a machine the runtime can
 * simulate to the end (the figures' ranges are the other half): memories per node, a host memory, a
 * processor that runs tasks, an affinity per processor, and channels for the fills and copies the
 * runtime may issue between the memories processors use. Stateless.
 */
final class Simulable {
  private Simulable() {}

  /** Throws {@link MachineFileException} naming the first rule {@code m} breaks. */
  static void check(Machine m) {
    BitSet withMemory = new BitSet(m.nodeCount()); // one pass: a scan per node is quadratic in the nodes
    for (Memory x : m.memories()) {
      withMemory.set(x.node());
    }
    int bare = withMemory.nextClearBit(0);
    if (bare < m.nodeCount()) {
      throw new MachineFileException("$.nodes[" + bare + "].memories",
          "node '" + m.nodeName(bare) + "' has no memory (every node needs one)");
    }
    if (m.memories(0, MemoryKind.SYSTEM).isEmpty()) {
      throw new MachineFileException("$.nodes[0].memories",
          "the first node needs a SYSTEM memory (the runtime keeps host data there)");
    }
    if (m.processors(ProcessorKind.CPU).isEmpty() && m.processors(ProcessorKind.GPU).isEmpty()) {
      throw new MachineFileException("$.nodes",
          "no CPU or GPU processor (UTILITY processors only run the runtime's own work, not tasks)");
    }
    for (Processor p : m.processors()) {
      if (m.visibleMemories(p).isEmpty()) {
        throw new MachineFileException("$.affinities", "processor '" + p.name()
            + "' has no affinity to any memory (its tasks' data must live somewhere)");
      }
    }
    // The memories data may live in: any a processor reaches directly, and the host memory.
    BitSet used = new BitSet();
    used.set(m.memories(0, MemoryKind.SYSTEM).get(0).id());
    for (Affinity a : m.affinities()) {
      used.set(a.memory());
    }
    BitSet local = new BitSet();
    for (Channel c : m.channels()) {
      if (c.from() == c.to()) {
        local.set(c.from());
      }
    }
    for (int i = used.nextSetBit(0); i >= 0; i = used.nextSetBit(i + 1)) {
      if (!local.get(i)) {
        throw new MachineFileException("$.channels", "memory '" + m.memory(i).name()
            + "' has no LOCAL channel to itself (the runtime fills and copies data inside it)");
      }
    }
    int root = used.nextSetBit(0);
    BitSet forward = reach(m, root, false);
    BitSet backward = reach(m, root, true);
    for (int i = used.nextSetBit(0); i >= 0; i = used.nextSetBit(i + 1)) {
      if (!forward.get(i)) {
        throw new MachineFileException("$.channels", "no chain of channels from memory '" + m.memory(root).name()
            + "' to '" + m.memory(i).name() + "' (data must be able to move between the memories processors use)");
      }
      if (!backward.get(i)) {
        throw new MachineFileException("$.channels", "no chain of channels from memory '" + m.memory(i).name()
            + "' to '" + m.memory(root).name() + "' (data must be able to move between the memories processors use)");
      }
    }
  }

  /** Memories reachable from {@code start} along channels (against their direction if {@code reverse}). O(M + C). */
  private static BitSet reach(Machine m, int start, boolean reverse) {
    int n = m.memories().size();
    List<List<Integer>> next = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      next.add(new ArrayList<>());
    }
    for (Channel c : m.channels()) {
      if (reverse) {
        next.get(c.to()).add(c.from());
      } else {
        next.get(c.from()).add(c.to());
      }
    }
    BitSet seen = new BitSet(n);
    ArrayDeque<Integer> todo = new ArrayDeque<>();
    seen.set(start);
    todo.add(start);
    while (!todo.isEmpty()) {
      for (int j : next.get(todo.poll())) {
        if (!seen.get(j)) {
          seen.set(j);
          todo.add(j);
        }
      }
    }
    return seen;
  }
}
