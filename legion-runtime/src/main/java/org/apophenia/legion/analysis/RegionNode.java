package org.apophenia.legion.analysis;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import java.util.ArrayList;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Rect;

/**
 * A node of a region tree (Legion thesis §4.3.1): a logical region or a partition; levels alternate.
 * Holds the node's logical state (epoch lists and open children, §4.3.2–4.3.4) for the one context
 * the runtime analyses, and a cache of the node's equivalence atoms for the physical analysis.
 * Not thread-safe.
 */
public final class RegionNode {
  final int id;
  final boolean isRegion;
  final RegionNode parent;
  /** The points: a region's index space; a partition's parent region. */
  final Rect rect;
  final int depth;
  final RegionTree tree;
  final ArrayList<RegionNode> children = new ArrayList<>();
  /** For a partition: whether its subregions are pairwise disjoint. */
  boolean disjoint;
  boolean destroyed;
  Object handle;

  /** Users in the current and previous epoch (thesis §4.3.2), one entry per user and field set. */
  final ArrayList<User> current = new ArrayList<>();
  final ArrayList<User> previous = new ArrayList<>();
  /**
   * Supersets of the fields held by a user other than a reader in {@link #current} and in
   * {@link #previous}. A read-only requirement whose fields miss them interferes with no user here and
   * dominates none, so the analysis appends it without scanning the lists (readers pile up, up to
   * {@link #collapseAt}, on a halo or coefficient field nobody writes). Adding a user widens them;
   * every rewrite of a list (strip, domination) recomputes them exactly.
   */
  long currentNonRead;
  long previousNonRead;
  /** Size of {@link #current} at which the analysis collapses its readers (LogicalAnalyzer). */
  int collapseAt = LogicalAnalyzer.collapseAt;
  /**
   * Children opened below this node, with their fields and mode (thesis §4.3.4). May hold emptied
   * entries (mask 0), which every reader skips: a child that changes mode leaves one behind, and
   * removing it at once scanned a width-W list; they are compacted once they are half the list.
   */
  final ArrayList<User> open = new ArrayList<>();
  /** Emptied entries in {@link #open} (an upper bound; the list is compacted when it reaches half). */
  private int openEmptied;
  /**
   * This node's own entries in its parent's {@link #open} list, at most one per mode (a reduction
   * mode per operator): {@code LogicalAnalyzer.open} finds them here in O(modes) instead of searching
   * a list of width W. Every live (nonzero mask) entry of this child in the parent's list is here;
   * an emptied entry keeps its slot until the child is opened in a mode it has no entry for.
   */
  final ArrayList<User> openAtParent = new ArrayList<>(2);
  /**
   * Supersets of the fields open below this node in any mode, and in a mode other than read-only: a
   * requirement whose fields miss them needs no scan of {@link #open} for conflicting children (a
   * partition of width W has up to W entries). Entries only ever gain bits through
   * {@code LogicalAnalyzer.open}, which widens these; a close makes them stale supersets, recomputed
   * on the next use (a mode change moves bits between entries and only widens, so it needs neither).
   */
  private long openAny;
  private long openNonRead;
  private boolean openMasksStale;

  /** The tree's atoms covering this node, valid while {@code atomsVersion == tree.version}. */
  int[] atoms;
  int atomsVersion = -1;

  RegionNode(int id, boolean isRegion, RegionNode parent, Rect rect, RegionTree tree) {
    this.id = id;
    this.isRegion = isRegion;
    this.parent = parent;
    this.rect = rect;
    this.tree = tree;
    this.depth = parent == null ? 0 : parent.depth + 1;
  }

  /** Children by node id, rebuilt when a child was added (children are only ever appended). */
  private final Int2ObjectOpenHashMap<RegionNode> childById = new Int2ObjectOpenHashMap<>();

  /**
   * The child with node id {@code id}; IllegalStateException if there is none. O(1) amortised: the
   * open-children entries name children by id and the analysis looks them up on every traversal, so a
   * linear search made a partition of width W cost O(W^2) per task.
   */
  RegionNode child(int id) {
    if (childById.size() != children.size()) {
      for (RegionNode c : children) {
        childById.put(c.id, c);
      }
    }
    RegionNode c = childById.get(id);
    if (c == null) {
      throw new IllegalStateException("node " + id + " is not a child of " + this);
    }
    return c;
  }

  /** Records that fields {@code mask} were opened below this node in mode {@code priv}. */
  void widenOpen(long mask, byte priv) {
    openAny |= mask;
    if (priv != Privilege.RO) {
      openNonRead |= mask;
    }
  }

  /** Marks the open masks stale after entries lost fields. */
  void openShrank() {
    openMasksStale = true;
  }

  /**
   * Notes that an entry of {@link #open} was emptied in place; compacts the list once emptied
   * entries may be half of it, so that compaction is amortised O(1) per emptied entry.
   */
  void openEmptied() {
    if (++openEmptied > 8 && 2 * openEmptied > open.size()) {
      open.removeIf(e -> e.mask == 0);
      openEmptied = 0;
    }
  }

  /** Notes that {@link #open} was compacted by its owner (no emptied entries left). */
  void openCompacted() {
    openEmptied = 0;
  }

  /** Fields open below in a mode that may conflict with {@code priv}: a superset. Amortised O(1). */
  long openConflicting(byte priv) {
    if (openMasksStale) {
      openAny = 0;
      openNonRead = 0;
      for (User e : open) {
        widenOpen(e.mask, e.priv);
      }
      openMasksStale = false;
    }
    return priv == Privilege.RO ? openNonRead : openAny;
  }

  /**
   * Whether this node is {@code other} or below it. O(1) when {@code other} is a tree's root (the
   * usual parent of a requirement, checked for every requirement of every task), else O(depth).
   */
  boolean isUnder(RegionNode other) {
    if (other.parent == null) {
      return tree == other.tree;
    }
    for (RegionNode n = this; n != null && n.depth >= other.depth; n = n.parent) {
      if (n == other) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether two children of this node may share points: two partitions of a region always may (a
   * deliberate imprecision, see LogicalAnalyzer); two subregions of a partition do when the partition is
   * aliased and their rectangles intersect.
   */
  boolean childrenMayAlias(RegionNode a, RegionNode b) {
    if (a == b) {
      return true;
    }
    if (isRegion) {
      return true;
    }
    return !disjoint && a.rect.intersects(b.rect);
  }

  /** The node's points: a region's index space, a partition's parent region's. */
  public Rect rect() {
    return rect;
  }

  /** Levels below the tree's root (a root region is 0, its partitions 1, their subregions 2, ...). */
  public int depth() {
    return depth;
  }

  @Override
  public String toString() {
    return (isRegion ? "region#" : "partition#") + id + rect;
  }
}
