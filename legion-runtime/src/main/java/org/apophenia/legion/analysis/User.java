package org.apophenia.legion.analysis;

import org.apophenia.legion.api.Coherence;
import org.apophenia.legion.api.Privilege;

/**
 * A user record (Legion thesis §4.2): operation {@code op} uses some fields of a region-tree node with a
 * privilege and a coherence. Also used for open-children entries, where {@code op} is the child node id
 * (their coherence is unused). Mutable field mask (epoch lists filter fields out); not thread-safe.
 */
final class User {
  final int op;
  final byte priv;
  final int redop;
  /** {@link Coherence#code()}. */
  final byte coh;
  long mask;

  User(int op, byte priv, int redop, long mask) {
    this(op, priv, redop, (byte) 0, mask);
  }

  User(int op, byte priv, int redop, byte coh, long mask) {
    this.op = op;
    this.priv = priv;
    this.redop = redop;
    this.coh = coh;
    this.mask = mask;
  }

  /**
   * Whether a later requirement ({@code priv}, {@code redop}, coherence {@code coh}) must wait for this
   * user: they interfere and their coherence orders them in program order (thesis §9.1; ATOMIC pairs
   * are serialised by reservations instead, SIMULTANEOUS and RELAXED ones may overlap). O(1).
   */
  boolean orders(byte priv, int redop, byte coh) {
    if (!interfere(this.priv, this.redop, priv, redop)) {
      return false;
    }
    return (this.coh | coh) == 0 // both exclusive: the common case, no table
        || Coherence.between(this.coh, this.priv, coh, priv) == Coherence.Order.PROGRAM;
  }

  /** Whether two privilege codes interfere: not both read-only, not both the same reduction. */
  static boolean interfere(byte p1, int r1, byte p2, int r2) {
    if (p1 == Privilege.RO && p2 == Privilege.RO) {
      return false;
    }
    return !(p1 == Privilege.RED && p2 == Privilege.RED && r1 == r2);
  }

  /** Open mode after adding {@code p} to mode {@code m}: read-only and same reductions stay, else RW. */
  static byte merge(byte m, int rm, byte p, int rp) {
    if (m == p && (m != Privilege.RED || rm == rp)) {
      return m == Privilege.WD ? Privilege.RW : m;
    }
    return Privilege.RW;
  }

  @Override
  public String toString() {
    return "user(op " + op + ", priv " + priv + ", mask " + Long.toHexString(mask) + ")";
  }
}
