package org.apophenia.legion.analysis;

import java.util.List;
import org.apophenia.legion.api.Privilege;
import org.apophenia.sim.Footprint;
import org.apophenia.sim.Reservation;
import org.apophenia.sim.Simulation;

/**
 * What a task's requirements ask of the simulator besides copies, read off the physical state: the
 * shared instance a SIMULTANEOUS requirement is restricted to, the reservations an ATOMIC one holds,
 * and, under a work-stealing scheduler, the data a task touches ({@link Footprint}) and the data a
 * copy or fill changes, by key. Not thread-safe, like the runtime.
 */
public final class TaskNeeds {
  private final Simulation sim;

  public TaskNeeds(Simulation sim) {
    this.sim = sim;
  }

  /**
   * The memory whose instance a SIMULTANEOUS requirement on {@code node}'s fields {@code mask} must
   * share (Legion thesis §9.1.2: the runtime forces later simultaneous users onto the instance the
   * others use): the memory of the groups open on every atom and field of it, if they are all in one
   * memory, hold the data valid and admit the requirement; else -1 (then the mapper decides, and a copy
   * into another memory serialises the requirement after the group, thesis §9.4.2). O(atoms x fields).
   */
  public int sharedInstance(RegionNode node, long mask, byte coh, byte priv) {
    RegionTree tree = node.tree;
    if (!tree.hasGroups) {
      return -1;
    }
    int m = -1;
    for (int a : tree.atoms(node)) {
      AtomState s = tree.atomStates.get(a);
      for (long rest = mask; rest != 0; rest &= rest - 1) {
        int f = Long.numberOfTrailingZeros(rest);
        InstanceGroup g = s.group(f);
        if (g == null || (m >= 0 && g.memory != m) || !s.isValid(f, g.memory) || !g.admits(coh, priv)) {
          return -1;
        }
        m = g.memory;
      }
    }
    return m;
  }

  /**
   * Adds to {@code out} the reservations an ATOMIC requirement holds while its task runs (thesis §9.4.2:
   * reservations mediate atomic access): one per equivalence atom and field, exclusive for a writer,
   * shared by readers (mode 0) and by reductions with one operator (mode {@code 1 + redop}), which do
   * not interfere. A finer grain than Legion's few per instance: atomic tasks on disjoint data never
   * wait for each other. O(atoms x fields).
   */
  public void holds(RegionNode node, long mask, byte priv, int redop, List<Reservation.Hold> out) {
    RegionTree tree = node.tree;
    for (int a : tree.atoms(node)) {
      AtomState s = tree.atomStates.get(a);
      for (long rest = mask; rest != 0; rest &= rest - 1) {
        Reservation r = s.reservation(Long.numberOfTrailingZeros(rest), sim);
        out.add(priv == Privilege.RO ? Reservation.Hold.shared(r, 0) : priv == Privilege.RED
            ? Reservation.Hold.shared(r, 1 + redop) : Reservation.Hold.exclusive(r));
      }
    }
  }

  /**
   * Adds the data a requirement touches to a stolen task's footprint (work stealing): per atom and
   * field, its key ({@link #key}), its instance's memory {@code m}, its bytes, and whether the task
   * reads it, writes it or sends reduction contributions back. O(atoms x fields).
   */
  public void footprint(RegionNode node, long mask, byte priv, int m, Footprint.Builder out) {
    RegionTree tree = node.tree;
    byte how = switch (priv) {
      case Privilege.RO -> Footprint.READ;
      case Privilege.RW -> (byte) (Footprint.READ | Footprint.WRITE);
      case Privilege.WD -> Footprint.WRITE;
      default -> Footprint.SEND_BACK;
    };
    for (int a : tree.atoms(node)) {
      long bytes = tree.atomRects.get(a).volume() * 8;
      for (long rest = mask; rest != 0; rest &= rest - 1) {
        out.add(key(tree, a, Long.numberOfTrailingZeros(rest)), m, bytes, how);
      }
    }
  }

  /** The keys of {@code node}'s fields {@code mask}, one per atom and field, for a copy or fill that writes them. */
  public long[] keys(RegionNode node, long mask) {
    RegionTree tree = node.tree;
    int[] atoms = tree.atoms(node);
    long[] out = new long[atoms.length * Long.bitCount(mask)];
    int i = 0;
    for (int a : atoms) {
      for (long rest = mask; rest != 0; rest &= rest - 1) {
        out[i++] = key(tree, a, Long.numberOfTrailingZeros(rest));
      }
    }
    return out;
  }

  /**
   * The data key of field f of atom a: the tree's root node id, the atom and the field in one long.
   * An atom refined later keeps its index for one of its pieces, whose data is part of the old one's.
   */
  static long key(RegionTree tree, int a, int f) {
    return (long) tree.root.id << 40 | (long) a << 6 | f;
  }
}
