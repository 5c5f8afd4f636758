package org.apophenia.legion.api;

/**
 * Coherence of a region requirement (Legion thesis §2.5.1, §9.1): what other operations may do with
 * the data while this one uses it. Privileges say whether two requirements <em>interfere</em> (same
 * data, at least one writer, not both reductions with one operator); coherence says how two
 * interfering requirements are then ordered ({@link #between}):
 * <ul>
 *   <li>{@link #EXCLUSIVE}: program order. The default; one exclusive side is enough.
 *   <li>{@link #ATOMIC}: two atomic requirements are serialisable in any order, never concurrent
 *       (thesis §9.1.1). The runtime adds no dependence between them; each holds a reservation on the
 *       data while it runs, granted in arrival order (thesis §9.4.2, Realm's reservations).
 *   <li>{@link #SIMULTANEOUS}: may run concurrently on one shared instance (thesis §9.1.2): no
 *       dependence, and the runtime maps them to the same instance and copies nothing between them.
 *       With an atomic writer it is ordered, unless it only reads (Legion's rule).
 *   <li>{@link #RELAXED}: no ordering at all with anything but an exclusive requirement, and no
 *       shared-instance guarantee (Legion's {@code LEGION_RELAXED}, "truly relaxed", as its dependence
 *       check intends it).
 * </ul>
 * The constants' order is part of the operation tokens Apophenia hashes; new modes go at the end.
 */
public enum Coherence {
  EXCLUSIVE, ATOMIC, SIMULTANEOUS, RELAXED;

  /** How two interfering requirements are ordered. */
  public enum Order {
    /** The later waits for the earlier (a dependence). */
    PROGRAM,
    /** Either order, never at the same time (both hold a reservation on the data). */
    SERIALISED,
    /** No order: they may run at the same time. */
    CONCURRENT
  }

  private static final Coherence[] BY_CODE = values();

  /** The byte the analysis' hot paths keep per user: the ordinal. */
  public byte code() {
    return (byte) ordinal();
  }

  /** The coherence of code {@code c}. */
  public static Coherence of(byte c) {
    return BY_CODE[c];
  }

  /**
   * How two interfering requirements are ordered: {@code a} of coherence {@code ca} and privilege
   * {@code pa}, and {@code b} likewise. Symmetric. O(1). The table is Legion's dependence check
   * ({@code check_dependence_type}): exclusive on either side orders; two atomics serialise; an atomic
   * and a non-atomic are ordered unless the non-atomic one only reads (or is relaxed, which orders with
   * nothing but exclusive); otherwise (simultaneous and relaxed) concurrent. One deviation: two atomic
   * requirements of which one reduces are ordered. A reduction's contributions go to a reduction
   * instance that is folded into the data in issue order, when the data is next used; its effect thus
   * lands in program order whenever its task runs, and letting the task run first would make the two
   * operations' effects on other data take the opposite order (not serialisable).
   */
  public static Order between(Coherence ca, Privilege pa, Coherence cb, Privilege pb) {
    return between(ca.code(), Privilege.code(pa), cb.code(), Privilege.code(pb));
  }

  /** {@link #between(Coherence, Privilege, Coherence, Privilege)} on codes ({@link Privilege#code}). */
  public static Order between(byte ca, byte pa, byte cb, byte pb) {
    byte ex = 0; // EXCLUSIVE
    byte at = 1; // ATOMIC
    byte rx = 3; // RELAXED
    if (ca == ex || cb == ex) {
      return Order.PROGRAM;
    }
    if (ca == at && cb == at) {
      return pa == Privilege.RED || pb == Privilege.RED ? Order.PROGRAM : Order.SERIALISED;
    }
    if (ca == at || cb == at) {
      byte other = ca == at ? cb : ca;
      byte otherPriv = ca == at ? pb : pa;
      return other == rx || otherPriv == Privilege.RO ? Order.CONCURRENT : Order.PROGRAM;
    }
    return Order.CONCURRENT;
  }
}
