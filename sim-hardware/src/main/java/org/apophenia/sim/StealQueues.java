package org.apophenia.sim;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * The per-processor deques of a work-stealing scheduler ({@link Scheduler.WorkStealing}): the owner
 * pushes and pops at the bottom (newest first), thieves take from the top (oldest first), as in the
 * Arora-Blumofe-Plaxton deque the lecture's runtimes use. Tasks given a processor
 * ({@link TaskAttributes#pinnedTo}) wait apart, in a ready-time heap the owner serves first, and are
 * never stolen. Victims are processors of the thief's kind (only they have the task's variant), tried
 * in a random order drawn from the scheduler's seed.
 *
 * <p>Cost: O(1) push and pop, O(processors of a kind) per steal attempt (the shuffle). Not
 * thread-safe.
 */
final class StealQueues {
  private final IntArrayList[] deques;
  /** Per deque, the index of its top (the oldest task not taken). */
  private final int[] top;
  private final ReadyQueue[] pinned;
  /** Per processor, the other processors of its kind; empty for UTILITY processors. */
  private final int[][] victims;
  /** Per processor, whether it is a CPU or GPU (utility processors run the runtime's work, never stolen). */
  private final boolean[] participates;
  private final SplittableRandom random;
  private long failedAttempts;

  StealQueues(Machine machine, long seed) {
    List<Processor> ps = machine.processors();
    int n = ps.size();
    deques = new IntArrayList[n];
    top = new int[n];
    pinned = new ReadyQueue[n];
    victims = new int[n][];
    participates = new boolean[n];
    for (Processor p : ps) {
      participates[p.id()] = p.kind() != ProcessorKind.UTILITY;
      deques[p.id()] = new IntArrayList();
      pinned[p.id()] = new ReadyQueue();
      List<Processor> same = p.kind() == ProcessorKind.UTILITY ? List.of() : machine.processors(p.kind());
      victims[p.id()] = same.stream().mapToInt(Processor::id).filter(i -> i != p.id()).toArray();
    }
    random = new SplittableRandom(seed);
  }

  /** Whether processor {@code r} takes part (a CPU or GPU). */
  boolean participates(int r) {
    return participates[r];
  }

  /** The processors that may steal from {@code r} (and that {@code r} may steal from). */
  int[] peers(int r) {
    return victims[r];
  }

  void push(int r, int op) {
    deques[r].add(op);
  }

  void pushPinned(int r, int op, long[] ready) {
    pinned[r].push(op, ready);
  }

  /** The owner's next task: a pinned one first (earliest ready), else its newest; -1 if none. */
  int own(int r, long[] ready) {
    if (!pinned[r].isEmpty()) {
      return pinned[r].pop(ready);
    }
    if (isEmpty(r)) {
      return -1;
    }
    IntArrayList d = deques[r];
    int op = d.removeInt(d.size() - 1);
    compact(r);
    return op;
  }

  /** Steals for idle {@code thief} the oldest task of the first victim in a random order; -1 if none has one. */
  int steal(int thief) {
    int[] v = victims[thief].clone();
    for (int i = v.length - 1; i > 0; i--) { // Fisher-Yates
      int j = random.nextInt(i + 1);
      int t = v[i];
      v[i] = v[j];
      v[j] = t;
    }
    for (int victim : v) {
      if (isEmpty(victim)) {
        failedAttempts++;
        continue;
      }
      int op = deques[victim].getInt(top[victim]++);
      compact(victim);
      return op;
    }
    return -1;
  }

  /** Victims found with nothing to steal, so far. */
  long failedAttempts() {
    return failedAttempts;
  }

  private boolean isEmpty(int r) {
    return top[r] >= deques[r].size();
  }

  /** Drops the taken top once the deque is empty (keeps the list from growing without bound). */
  private void compact(int r) {
    if (isEmpty(r)) {
      deques[r].clear();
      top[r] = 0;
    }
  }
}
