package org.apophenia.legion.api;

/**
 * What an operation may do to the fields of a region (Legion thesis §2.5.1, the semi-lattice of
 * Figure 2.2): read, read and write, write everything without reading ({@code WRITE_DISCARD}), or
 * fold values in with a registered {@link ReductionOp}. A closed family. Immutable values.
 *
 * <p>Two privileges <em>interfere</em> unless both are {@link ReadOnly} or both are {@link Reduce} with
 * the same operator (thesis §4.1; dynamic tracing paper §III).
 */
public sealed interface Privilege {
  Privilege READ_ONLY = new ReadOnly();
  Privilege READ_WRITE = new ReadWrite();
  Privilege WRITE_DISCARD = new WriteDiscard();

  /** Reduction with the operator registered under {@code redop}. */
  static Privilege reduce(int redop) {
    return new Reduce(redop);
  }

  /** Whether an operation holding this privilege may modify data. */
  default boolean writes() {
    return !(this instanceof ReadOnly);
  }

  /** Whether an operation holding this privilege observes the data's previous values. */
  default boolean reads() {
    return this instanceof ReadOnly || this instanceof ReadWrite;
  }

  /** Whether this and {@code o} interfere on common data. O(1). */
  default boolean interferesWith(Privilege o) {
    if (this instanceof ReadOnly && o instanceof ReadOnly) {
      return false;
    }
    return !(this instanceof Reduce a && o instanceof Reduce b && a.redop() == b.redop());
  }

  /** Whether holding this privilege allows requesting {@code requested} (the semi-lattice order). */
  default boolean covers(Privilege requested) {
    if (this instanceof ReadWrite) {
      return true;
    }
    if (this instanceof WriteDiscard) {
      return !(requested instanceof ReadOnly) && !(requested instanceof ReadWrite);
    }
    return this.equals(requested);
  }

  byte RO = 0;
  byte RW = 1;
  byte WD = 2;
  byte RED = 3;

  /** A compact code for the analysis' hot paths: RO, RW, WD or RED. */
  static byte code(Privilege p) {
    if (p instanceof ReadOnly) {
      return RO;
    } else if (p instanceof ReadWrite) {
      return RW;
    } else if (p instanceof WriteDiscard) {
      return WD;
    }
    return RED;
  }

  /** May read. */
  record ReadOnly() implements Privilege {
    @Override
    public String toString() {
      return "READ_ONLY";
    }
  }

  /** May read and write. */
  record ReadWrite() implements Privilege {
    @Override
    public String toString() {
      return "READ_WRITE";
    }
  }

  /** Will overwrite every point: previous values need not be made valid. */
  record WriteDiscard() implements Privilege {
    @Override
    public String toString() {
      return "WRITE_DISCARD";
    }
  }

  /** May fold values in with the reduction operator {@code redop}; reads nothing. */
  record Reduce(int redop) implements Privilege {
    @Override
    public String toString() {
      return "REDUCE(" + redop + ")";
    }
  }
}
