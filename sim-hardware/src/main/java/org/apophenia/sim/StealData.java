package org.apophenia.sim;

import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import java.util.List;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.Processor;

/**
 * What a stolen task's data costs (work stealing after mapping, {@link Scheduler.WorkStealing}): the
 * task's instances stay in the memories the runtime mapped them to, so a thief fetches what the task
 * reads into its own memory (the best-bandwidth memory it sees) and sends back what it writes. A thief
 * keeps what it fetched or wrote, by data key and version, and does not fetch a version it already
 * holds: the locality the trace-and-replay lecture's steal replay preserves, when each thief gets the
 * same tasks in every iteration. A version is the count of writes to a key the simulator has seen
 * (tasks' {@link Footprint#WRITE} entries when they start, copies' and fills' {@code writes} when they
 * complete); the dependence analysis orders every write before the later readers of the data, so the
 * count at a reader's steal is the version it reads.
 *
 * <p>Cost: O(footprint entries) hash operations per stolen task and per task with a footprint. Not
 * thread-safe.
 */
final class StealData {
  private final List<Memory> memories;
  /** Per processor, the memory a thief keeps data in: its best-bandwidth visible memory, or -1. */
  private final int[] local;
  private final Long2LongOpenHashMap version = new Long2LongOpenHashMap();
  /** Per processor, the version of each key it holds in its own memory. */
  private final Long2LongOpenHashMap[] held;
  long fetchedBytes;
  long sentBackBytes;
  long heldBytes;

  StealData(Machine machine) {
    memories = machine.memories();
    int n = machine.processors().size();
    local = new int[n];
    held = new Long2LongOpenHashMap[n];
    for (Processor p : machine.processors()) {
      List<Memory> vis = machine.visibleMemories(p);
      local[p.id()] = vis.isEmpty() ? -1 : vis.get(0).id();
      held[p.id()] = new Long2LongOpenHashMap();
      held[p.id()].defaultReturnValue(-1);
    }
  }

  /**
   * What thief {@code r} fetches before running a task touching {@code f}, by source memory (bytes per
   * memory id), or null if nothing; notes what it now holds.
   */
  long[] fetch(Footprint f, int r) {
    long[] from = null;
    int mine = local[r];
    for (int i = 0; i < f.keys.length; i++) {
      if ((f.access[i] & Footprint.READ) == 0 || f.memories[i] == mine) {
        continue;
      }
      long k = f.keys[i];
      long v = version.get(k);
      if (held[r].get(k) == v) {
        heldBytes += f.bytes[i];
        continue;
      }
      held[r].put(k, v);
      if (from == null) {
        from = new long[memories.size()];
      }
      from[f.memories[i]] += f.bytes[i];
      fetchedBytes += f.bytes[i];
    }
    return from;
  }

  /**
   * A task touching {@code f} starts on processor {@code r}: each key it writes gets a new version,
   * which a thief ({@code stolen}) then holds in its own memory.
   */
  void starting(Footprint f, int r, boolean stolen) {
    for (int i = 0; i < f.keys.length; i++) {
      if ((f.access[i] & Footprint.WRITE) != 0) {
        long v = version.addTo(f.keys[i], 1) + 1;
        if (stolen && f.memories[i] != local[r]) {
          held[r].put(f.keys[i], v);
        }
      }
    }
  }

  /** What thief {@code r} sends back after running a task touching {@code f}, by memory, or null. */
  long[] sendBack(Footprint f, int r) {
    long[] to = null;
    for (int i = 0; i < f.keys.length; i++) {
      if ((f.access[i] & (Footprint.WRITE | Footprint.SEND_BACK)) == 0 || f.memories[i] == local[r]) {
        continue;
      }
      if (to == null) {
        to = new long[memories.size()];
      }
      to[f.memories[i]] += f.bytes[i];
      sentBackBytes += f.bytes[i];
    }
    return to;
  }

  /** A copy or fill changed the data of {@code keys}: new versions. */
  void written(long[] keys) {
    for (long k : keys) {
      version.addTo(k, 1);
    }
  }

  /** The memory thief {@code r} keeps data in. */
  Memory localOf(int r) {
    return memories.get(local[r]);
  }
}
