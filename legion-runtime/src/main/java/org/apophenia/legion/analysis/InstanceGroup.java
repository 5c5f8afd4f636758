package org.apophenia.legion.analysis;

import org.apophenia.legion.api.Coherence;
import org.apophenia.legion.api.Privilege;
import org.apophenia.sim.Event;

/**
 * The users of one field of one equivalence atom that share one instance without waiting for each
 * other (Legion thesis §9.4.2: "interference between two users both requesting atomic coherence, or
 * two users both requesting simultaneous coherence is elided" within an instance view). Opened by a
 * non-exclusive user in memory {@code memory}; a later user joins when it maps to the same memory and
 * its coherence orders it with no member ({@link Coherence#between} is not PROGRAM for every member's
 * class that it interferes with). A member waits only for {@link #base}, the data's readiness in the
 * memory before the group opened; any other user closes the group and waits for the data's readiness,
 * which each writing member extends. Invariant: while a group is open, only its members have touched
 * the atom's field, so the data stays valid in its memory. ATOMIC members are kept apart by
 * reservations, not by this. Mutable; not thread-safe.
 */
final class InstanceGroup {
  final int memory;
  final Event base;
  /** The members' classes: bit {@code coherence * 3 + access} (access 0 reads, 1 writes, 2 reduces). */
  private int classes;

  InstanceGroup(int memory, Event base) {
    this.memory = memory;
    this.base = base;
  }

  /** The class bit of a user: its coherence and how it accesses the data. */
  static int classBit(byte coh, byte priv) {
    int access = priv == Privilege.RO ? 0 : priv == Privilege.RED ? 2 : 1;
    return 1 << (coh * 3 + access);
  }

  /**
   * Whether a user of coherence {@code coh} and privilege {@code priv} may join: no member's class
   * interferes with it and orders it in program order. Reductions count as interfering with each other
   * (a group does not tell operators apart), which only closes a group more often. O(classes).
   */
  boolean admits(byte coh, byte priv) {
    int access = priv == Privilege.RO ? 0 : priv == Privilege.RED ? 2 : 1;
    for (int rest = classes; rest != 0; rest &= rest - 1) {
      int bit = Integer.numberOfTrailingZeros(rest);
      byte c = (byte) (bit / 3);
      int a = bit % 3;
      boolean interfere = !(a == 0 && access == 0);
      byte p = a == 0 ? Privilege.RO : a == 2 ? Privilege.RED : Privilege.RW;
      if (interfere && Coherence.between(c, p, coh, priv) == Coherence.Order.PROGRAM) {
        return false;
      }
    }
    return true;
  }

  void join(byte coh, byte priv) {
    classes |= classBit(coh, priv);
  }

  @Override
  public String toString() {
    return "group(memory " + memory + ", base " + base + ", classes " + Integer.toBinaryString(classes) + ")";
  }
}
