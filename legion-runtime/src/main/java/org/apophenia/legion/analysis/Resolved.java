package org.apophenia.legion.analysis;

import org.apophenia.legion.api.Accessor;
import org.apophenia.legion.api.Coherence;
import org.apophenia.legion.api.ReductionOp;
import org.apophenia.legion.api.RegionRequirement;

/**
 * A region requirement resolved against the region forest: the node it names, its field mask, its
 * privilege as a {@link User} code and, for REDUCE, the registered operator. Made by
 * {@link Resolution} after validation; immutable.
 */
public record Resolved(RegionRequirement req, RegionNode node, long mask, byte priv, int redop, ReductionOp op) {

  /** Whether this and {@code b} touch a common point of a common field with interfering privileges. */
  boolean interferes(Resolved b) {
    return node.tree == b.node.tree && (mask & b.mask) != 0 && node.rect.intersects(b.node.rect)
        && User.interfere(priv, redop, b.priv, b.redop);
  }

  /**
   * Whether this and {@code b} interfere and their coherence orders them in program order (what two
   * points of one index launch may not do: they have no program order between them).
   */
  boolean conflicts(Resolved b) {
    return interferes(b) && Coherence.between(coh(), priv, b.coh(), b.priv) == Coherence.Order.PROGRAM;
  }

  /** The requirement's {@link Coherence#code()}. */
  public byte coh() {
    return req.coherence().code();
  }

  /**
   * An accessor for field {@code f} of this requirement in memory {@code mem}, or into the reduction
   * instance {@code buf} when the task reduces into one.
   */
  public Accessor accessor(String where, int f, int mem, ReductionBuffer buf) {
    if (buf != null) {
      return new Accessor(where, node.rect, buf.rect, buf.data, priv, buf.op);
    }
    RegionTree tree = node.tree;
    return new Accessor(where, node.rect, tree.root.rect, tree.data(mem, f), priv, op);
  }
}
