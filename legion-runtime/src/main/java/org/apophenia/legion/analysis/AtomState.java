package org.apophenia.legion.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.instances.MemorySet;
import org.apophenia.sim.Event;
import org.apophenia.sim.Reservation;
import org.apophenia.sim.Simulation;

/**
 * Physical state of one equivalence atom (Legion thesis ch. 5; dynamic tracing paper §III): per field,
 * the memories holding a valid copy, the event after which each copy is ready, and the pending
 * reductions not yet folded in. Initially every memory holds valid zeros. Not thread-safe.
 *
 * <p>The valid memories of all fields live in one flat array, {@link #words} longs per field, bit
 * {@code m mod 64} of word {@code m / 64} for memory m (the layout of {@link MemorySet#toLongArray}):
 * one array per atom however many memories the machine has, and a machine with at most 64 memories
 * (words = 1) pays one load and mask per test, as a plain {@code long} mask did.
 */
final class AtomState {
  /** {@code valid[field * words + m / 64]} holds memory m's bit. */
  final long[] valid;
  /** Longs per field in {@link #valid}: {@code ceil(memories / 64)}. */
  final int words;
  /** {@code ready[field][memory]}: event id + 1 (0 means no wait). Allocated per field on first write. */
  final int[][] ready = new int[FieldSpace.MAX_FIELDS][];
  @SuppressWarnings("unchecked")
  final ArrayList<Contribution>[] reductions = new ArrayList[FieldSpace.MAX_FIELDS];
  /**
   * Per field, the open group of users sharing an instance ({@link InstanceGroup}), or null; the
   * array is allocated when a non-exclusive user first touches the atom (exclusive programs never do).
   */
  InstanceGroup[] groups;
  /** Per field, the reservation ATOMIC users hold while they run; allocated on first use. */
  Reservation[] reservations;
  private final int memories;

  private AtomState(int memories, long[] valid) {
    this.memories = memories;
    this.words = wordsFor(memories);
    this.valid = valid;
  }

  static int wordsFor(int memories) {
    return Math.max(1, (memories + 63) >>> 6);
  }

  static AtomState initial(int memories) {
    int words = wordsFor(memories);
    long[] valid = new long[FieldSpace.MAX_FIELDS * words];
    long[] all = MemorySet.firstIds(memories).toLongArray();
    for (int f = 0; f < FieldSpace.MAX_FIELDS; f++) {
      System.arraycopy(all, 0, valid, f * words, all.length);
    }
    return new AtomState(memories, valid);
  }

  AtomState copy() {
    AtomState s = new AtomState(memories, valid.clone());
    // a refined atom keeps the group (only its members touched the points) and shares the
    // reservation (a coarser lock than needed, never a finer one)
    s.groups = groups == null ? null : groups.clone();
    s.reservations = reservations == null ? null : reservations.clone();
    for (int f = 0; f < ready.length; f++) {
      s.ready[f] = ready[f] == null ? null : ready[f].clone();
      s.reductions[f] = reductions[f] == null ? null : new ArrayList<>(reductions[f]);
    }
    return s;
  }

  /** The open group of field f, or null. */
  InstanceGroup group(int f) {
    return groups == null ? null : groups[f];
  }

  /** Closes field f's group, if any: a user that is not a member touches the data. */
  void closeGroup(int f) {
    if (groups != null) {
      groups[f] = null;
    }
  }

  void openGroup(int f, InstanceGroup g) {
    if (groups == null) {
      groups = new InstanceGroup[FieldSpace.MAX_FIELDS];
    }
    groups[f] = g;
  }

  /** Field f's reservation, made in {@code sim} on first use. */
  Reservation reservation(int f, Simulation sim) {
    if (reservations == null) {
      reservations = new Reservation[FieldSpace.MAX_FIELDS];
    }
    Reservation r = reservations[f];
    if (r == null) {
      r = reservations[f] = sim.reservation();
    }
    return r;
  }

  /** Whether memory m holds a valid copy of field f. */
  boolean isValid(int f, int m) {
    return (valid[f * words + (m >>> 6)] >>> m & 1) != 0; // >>> m shifts by m mod 64
  }

  /** Adds memory m to field f's valid copies. */
  void addValid(int f, int m) {
    valid[f * words + (m >>> 6)] |= 1L << m;
  }

  /** Rule W: memory m holds the only valid copy of field f. */
  void setOnlyValid(int f, int m) {
    if (words == 1) {
      valid[f] = 1L << m;
    } else {
      setOnlyValidWide(f, m);
    }
  }

  /** {@link #setOnlyValid} on a machine of more than 64 memories (kept apart so the above inlines). */
  private void setOnlyValidWide(int f, int m) {
    int base = f * words;
    Arrays.fill(valid, base, base + words, 0L);
    valid[base + (m >>> 6)] = 1L << m;
  }

  /** Whether field f has pending reductions. */
  boolean reducing(int f) {
    return reductions[f] != null && !reductions[f].isEmpty();
  }

  /** The memories holding a valid copy of field f. */
  MemorySet validSet(int f) {
    return words == 1 ? MemorySet.ofWord(valid[f]) : MemorySet.ofWords(valid, f * words, words);
  }

  /**
   * Field f is valid exactly in {@code set}; IllegalArgumentException if it names a memory the machine
   * does not have (nothing is changed then).
   */
  void setValidSet(int f, MemorySet set) {
    if (set.wordCount() > words || (set.word(words - 1) & ~lastWordMask()) != 0) {
      throw new IllegalArgumentException("memory set " + set + " names a memory beyond the machine's "
          + memories);
    }
    int base = f * words;
    for (int w = 0; w < words; w++) {
      valid[base + w] = set.word(w);
    }
  }

  private long lastWordMask() {
    int r = memories & 63;
    return r == 0 ? -1L : (1L << r) - 1;
  }

  Event ready(int field, int memory) {
    int[] r = ready[field];
    return r == null || r[memory] == 0 ? Event.NONE : new Event(r[memory] - 1);
  }

  void setReady(int field, int memory, Event e) {
    if (ready[field] == null) {
      ready[field] = new int[memories];
    }
    ready[field][memory] = e.id() + 1;
  }

  /** A reduction instance's contribution, complete at {@code event}. */
  record Contribution(ReductionBuffer buffer, Event event) {}
}
