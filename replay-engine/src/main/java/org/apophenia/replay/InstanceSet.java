package org.apophenia.replay;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.util.List;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.instances.MemorySet;

/**
 * A set of region instances at the runtime's finest granularity: for each (equivalence atom, field)
 * the memories holding valid data. The value behind {@link Precondition} and
 * {@link Postcondition}. Atom indices are valid for the recorded version of each region tree.
 * Immutable.
 *
 * @param regions for each entry, a region of its tree (how the runtime is asked about the atom)
 * @param atoms atom index of each entry
 * @param fields field id of each entry
 * @param memories valid memories of each entry
 * @param trees one region per tree the set touches, with {@code versions} the recorded tree versions
 * @param versions tree versions, parallel to {@code trees}
 */
public record InstanceSet(List<LogicalRegion> regions, int[] atoms, int[] fields, MemorySet[] memories,
    List<LogicalRegion> trees, int[] versions) {
  public InstanceSet {
    regions = List.copyOf(regions);
    trees = List.copyOf(trees);
  }

  public int size() {
    return atoms.length;
  }

  /** Whether every instance of {@code other} is in this set (same atoms compared by index). O(n + m). */
  public boolean contains(InstanceSet other) {
    Long2ObjectOpenHashMap<MemorySet> mine = new Long2ObjectOpenHashMap<>(size());
    for (int i = 0; i < size(); i++) {
      mine.put(key(regions.get(i).tree(), atoms[i], fields[i]), memories[i]);
    }
    for (int i = 0; i < other.size(); i++) {
      MemorySet have = mine.get(key(other.regions.get(i).tree(), other.atoms[i], other.fields[i]));
      if (have == null || !have.containsAll(other.memories[i])) {
        return false;
      }
    }
    return true;
  }

  static long key(int tree, int atom, int field) {
    return (long) tree << 40 | (long) atom << 8 | field;
  }
}
