package org.apophenia.legion.analysis;

import java.util.ArrayList;
import java.util.List;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.instances.DoubleData;
import org.apophenia.legion.instances.InstanceData;
import org.apophenia.legion.instances.LongData;

/**
 * One region tree (Legion thesis §4.3.1) and its equivalence atoms: the coarsest set of disjoint
 * rectangles such that every node of the tree is a union of atoms. Atoms are refined when a subregion
 * is created; each atom carries the physical state of its points ({@link AtomState}). This is our
 * stand-in for Legion's equivalence sets; it keeps copies exact for aliased partitions. Not
 * thread-safe.
 *
 * <p>Cost: creating a subregion is O(atoms); a node's atom list is recomputed in O(atoms) after a
 * refinement and cached.
 */
final class RegionTree {
  final RegionNode root;
  final FieldSpace fieldSpace;
  final ArrayList<Rect> atomRects = new ArrayList<>();
  final ArrayList<AtomState> atomStates = new ArrayList<>();
  /** Bumped on every refinement; invalidates the nodes' atom caches. */
  int version;
  /**
   * Whether a non-exclusive user ever touched the tree, so that its atoms may have open
   * {@link InstanceGroup}s: exclusive users of a tree without skip the per-atom test.
   */
  boolean hasGroups;
  /**
   * Instance data: {@code data[memory][field]} over the root rectangle, of the field's storage kind
   * ({@link InstanceData}), allocated on first use.
   */
  final InstanceData[][] data;
  final int memories;

  RegionTree(int id, Rect rect, FieldSpace fs, int memories) {
    this.fieldSpace = fs;
    this.memories = memories;
    this.root = new RegionNode(id, true, null, rect, this);
    this.data = new InstanceData[memories][FieldSpace.MAX_FIELDS];
    atomRects.add(rect);
    atomStates.add(AtomState.initial(memories));
  }

  /** Refines the atoms so that {@code r} is a union of atoms. O(atoms). */
  void refine(Rect r) {
    int n = atomRects.size();
    boolean changed = false;
    for (int i = 0; i < n; i++) {
      Rect a = atomRects.get(i);
      if (!a.intersects(r) || r.contains(a)) {
        continue;
      }
      AtomState s = atomStates.get(i);
      atomRects.set(i, a.intersection(r));
      for (Rect piece : a.subtract(r)) {
        atomRects.add(piece);
        atomStates.add(s.copy());
      }
      changed = true;
    }
    if (changed) {
      version++;
    }
  }

  /** Indices of the atoms covering {@code node}. */
  int[] atoms(RegionNode node) {
    if (node.atomsVersion != version) {
      List<Integer> out = new ArrayList<>();
      for (int i = 0; i < atomRects.size(); i++) {
        if (node.rect.contains(atomRects.get(i))) {
          out.add(i);
        }
      }
      node.atoms = out.stream().mapToInt(Integer::intValue).toArray();
      node.atomsVersion = version;
    }
    return node.atoms;
  }

  InstanceData data(int memory, int field) {
    InstanceData d = data[memory][field];
    if (d == null) {
      int points = Math.toIntExact(root.rect.volume()); // zero-filled, of the field's storage kind
      d = fieldSpace.type(field) == FieldType.DOUBLE ? new DoubleData(new double[points])
          : new LongData(new long[points]);
      data[memory][field] = d;
    }
    return d;
  }
}
