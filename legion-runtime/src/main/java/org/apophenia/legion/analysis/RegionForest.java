package org.apophenia.legion.analysis;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.IndexSpace;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.ReductionOp;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.error.DestroyedResourceException;
import org.apophenia.legion.error.LegionException;
import org.apophenia.legion.error.PartitionException;

/**
 * The runtime's region forest (Legion thesis §2.2): index and field spaces, region trees and their
 * partitions, indexed by node id, with the registered tasks and reduction operators that requirements
 * name. Creating a partition refines its tree's equivalence atoms; destroying a region or partition
 * marks its subtree, and the destruction count tells memoized validations they are stale.
 * Not thread-safe, like the runtime.
 */
public final class RegionForest {
  private final int memories;
  private final ArrayList<RegionNode> nodes = new ArrayList<>();
  private final ArrayList<ReductionOp> reductions = new ArrayList<>();
  private final Int2ObjectOpenHashMap<TaskDefinition> tasks = new Int2ObjectOpenHashMap<>();
  private int indexSpaces;
  private int fieldSpaces;
  /** Regions and partitions destroyed so far (calls): a memoized validation is stale once it changes. */
  private long destructions;

  /** A forest whose region trees keep data in {@code memories} memories. */
  public RegionForest(int memories) {
    this.memories = memories;
  }

  public IndexSpace createIndexSpace(Rect bounds) {
    return new IndexSpace(indexSpaces++, bounds);
  }

  public FieldSpace createFieldSpace() {
    return new FieldSpace(fieldSpaces++);
  }

  public LogicalRegion createRegion(IndexSpace is, FieldSpace fs) {
    int id = nodes.size();
    RegionTree tree = new RegionTree(id, is.bounds(), fs, memories);
    LogicalRegion r = new LogicalRegion(id, id, is, fs);
    tree.root.handle = r;
    nodes.add(tree.root);
    return r;
  }

  public void markDestroyed(RegionNode n) {
    destructions++;
    markSubtree(n);
  }

  private static void markSubtree(RegionNode n) {
    n.destroyed = true;
    for (RegionNode c : n.children) {
      markSubtree(c);
    }
  }

  public long destructions() {
    return destructions;
  }

  /** Blocks of {@code r} along dimension 0, each widened by {@code halo} and clipped to {@code r}. */
  public static List<Rect> blocks(LogicalRegion r, int pieces, int halo) {
    Rect b = r.bounds();
    long n = b.hi(0) - b.lo(0) + 1;
    if (pieces < 1 || pieces > n) {
      throw new PartitionException("cannot cut " + r + " into " + pieces + " blocks along dimension 0 (extent " + n
          + ")");
    }
    List<Rect> rects = new ArrayList<>();
    for (int i = 0; i < pieces; i++) {
      long lo = b.lo(0) + n * i / pieces - halo;
      long hi = b.lo(0) + n * (i + 1) / pieces - 1 + halo;
      long[] l = new long[b.dim()];
      long[] h = new long[b.dim()];
      for (int d = 0; d < b.dim(); d++) {
        l[d] = b.lo(d);
        h[d] = b.hi(d);
      }
      l[0] = Math.max(lo, b.lo(0));
      h[0] = Math.min(hi, b.hi(0));
      rects.add(Rect.of(l, h));
    }
    return rects;
  }

  /**
   * A partition of {@code r} with one subregion per rectangle, after {@code beforeChange} (which may
   * read the atoms a new subregion refines). PartitionException, with nothing changed, if a rectangle
   * is not a non-empty part of {@code r}'s index space. O(n^2) in the number of subregions.
   */
  public Partition partition(LogicalRegion r, List<Rect> rects, Runnable beforeChange) {
    RegionNode parent = regionNode(r, "partition");
    beforeChange.run();
    for (int i = 0; i < rects.size(); i++) {
      Rect s = rects.get(i);
      if (s.dim() != r.bounds().dim() || !r.bounds().contains(s) || s.isEmpty()) {
        throw new PartitionException("subregion " + i + " " + s + " is not a non-empty part of the index space "
            + r.bounds() + " of " + r);
      }
    }
    boolean disjoint = true;
    for (int i = 0; i < rects.size() && disjoint; i++) {
      for (int j = i + 1; j < rects.size(); j++) {
        if (rects.get(i).intersects(rects.get(j))) {
          disjoint = false;
          break;
        }
      }
    }
    List<Rect> left = new ArrayList<>(List.of(r.bounds()));
    for (Rect s : rects) {
      List<Rect> next = new ArrayList<>();
      for (Rect piece : left) {
        next.addAll(piece.subtract(s));
      }
      left = next;
    }
    RegionNode pn = new RegionNode(nodes.size(), false, parent, parent.rect, parent.tree);
    pn.disjoint = disjoint;
    nodes.add(pn);
    parent.children.add(pn);
    List<LogicalRegion> subs = new ArrayList<>();
    for (Rect s : rects) {
      RegionNode sn = new RegionNode(nodes.size(), true, pn, s, parent.tree);
      nodes.add(sn);
      pn.children.add(sn);
      LogicalRegion lr = new LogicalRegion(sn.id, r.tree(), createIndexSpace(s), r.fieldSpace());
      sn.handle = lr;
      subs.add(lr);
      parent.tree.refine(s);
    }
    Partition p = new Partition(pn.id, r, subs, disjoint, left.isEmpty());
    pn.handle = p;
    return p;
  }

  public int registerReduction(ReductionOp op) {
    reductions.add(Objects.requireNonNull(op));
    return reductions.size() - 1;
  }

  /** Registered reduction operators so far. */
  public int reductionCount() {
    return reductions.size();
  }

  public ReductionOp reduction(int redop) {
    return reductions.get(redop);
  }

  public void registerTask(TaskDefinition def) {
    tasks.put(def.id(), def);
  }

  /** The registered task (LegionException if none). */
  public TaskDefinition task(int id) {
    TaskDefinition d = tasks.get(id);
    if (d == null) {
      throw new LegionException("no task registered with id " + id);
    }
    return d;
  }

  /** The registered task, or null. */
  public TaskDefinition taskOrNull(int id) {
    return tasks.get(id);
  }

  /** The node of {@code r}: LegionException if it is not a region of this runtime, or destroyed. */
  public RegionNode regionNode(LogicalRegion r, String where) {
    RegionNode n = anyRegionNode(r, where);
    if (n.destroyed) {
      throw new DestroyedResourceException(where + ": " + r + " has been destroyed");
    }
    return n;
  }

  /**
   * The node of {@code r}, destroyed or not: the physical state of its atoms belongs to its tree,
   * which outlives it (a trace engine may bring it up to date after a subregion was destroyed).
   */
  RegionNode anyRegionNode(LogicalRegion r, String where) {
    if (r == null || r.id() >= nodes.size() || !nodes.get(r.id()).isRegion
        || r != nodes.get(r.id()).handle && !r.equals(nodes.get(r.id()).handle)) { // the handle itself, usually
      throw new LegionException(where + ": " + r + " is not a region of this runtime");
    }
    return nodes.get(r.id());
  }

  public RegionNode partitionNode(Partition p, String where) {
    if (p == null || p.id() >= nodes.size() || nodes.get(p.id()).isRegion) {
      throw new LegionException(where + ": " + p + " is not a partition of this runtime");
    }
    RegionNode n = nodes.get(p.id());
    if (n.destroyed) {
      throw new DestroyedResourceException(where + ": " + p + " has been destroyed");
    }
    return n;
  }

  public RegionNode node(int id) {
    return nodes.get(id);
  }

  public LogicalRegion rootOf(LogicalRegion r) {
    return (LogicalRegion) nodes.get(r.tree()).handle;
  }
}
