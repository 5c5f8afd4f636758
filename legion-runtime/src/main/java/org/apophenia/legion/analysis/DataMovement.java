package org.apophenia.legion.analysis;

import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.ReductionOp;
import org.apophenia.legion.instances.InstanceData;

/**
 * The movement of real data that the physical analysis's copies, folds and fills stand for, applied
 * when their simulated operations complete ({@link org.apophenia.legion.instances.Effects}): between
 * the instances of a region tree in two memories, from a reduction instance into a normal one, a value
 * into an instance. Stateless.
 */
public final class DataMovement {
  private DataMovement() {}

  static void copyData(RegionTree tree, int f, Rect r, int from, int to) {
    InstanceData src = tree.data(from, f);
    InstanceData dst = tree.data(to, f);
    Rect root = tree.root.rect;
    long[] p = new long[r.dim()];
    long n = r.volume();
    for (long i = 0; i < n; i++) {
      r.point(i, p);
      int o = (int) root.offset(p);
      dst.copy(o, src, o);
    }
  }

  /**
   * A fill's data movement: field {@code f} of {@code node}'s points in memory {@code m} get
   * {@code value}'s bits.
   */
  public static void fillData(RegionNode node, int f, int m, long value) {
    RegionTree tree = node.tree;
    Rect rect = node.rect;
    InstanceData d = tree.data(m, f);
    long[] p = new long[rect.dim()];
    for (long i = 0, n = rect.volume(); i < n; i++) {
      rect.point(i, p);
      d.setBits((int) tree.root.rect.offset(p), value);
    }
  }

  /**
   * An explicit copy's data movement, both instances in memory {@code m}: field {@code df} of
   * {@code dst} gets field {@code sf} of {@code src} on the points {@code common} they share, or folds
   * it in with {@code fold} (a reduction copy) when not null.
   */
  public static void copyRegionData(RegionNode src, int sf, RegionNode dst, int df, Rect common, int m,
      ReductionOp fold) {
    if (common.isEmpty()) {
      return;
    }
    RegionTree st = src.tree;
    RegionTree dt = dst.tree;
    InstanceData s = st.data(m, sf);
    InstanceData d = dt.data(m, df);
    long[] p = new long[common.dim()];
    for (long i = 0, n = common.volume(); i < n; i++) {
      common.point(i, p);
      int di = (int) dt.root.rect.offset(p);
      int si = (int) st.root.rect.offset(p);
      if (fold == null) {
        d.copy(di, s, si);
      } else {
        d.setBits(di, fold.fold().applyAsLong(d.bits(di), s.bits(si)));
      }
    }
  }

  static void foldData(RegionTree tree, int f, Rect r, ReductionBuffer b, int to) {
    InstanceData dst = tree.data(to, f);
    long[] contributions = b.data.values();
    Rect root = tree.root.rect;
    long[] p = new long[r.dim()];
    long n = r.volume();
    for (long i = 0; i < n; i++) {
      r.point(i, p);
      int o = (int) root.offset(p);
      dst.setBits(o, b.op.fold().applyAsLong(dst.bits(o), contributions[(int) b.rect.offset(p)]));
    }
  }
}
