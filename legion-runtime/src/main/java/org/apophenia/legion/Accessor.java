package org.apophenia.legion;

import org.apophenia.legion.error.PrivilegeException;

/**
 * Typed access to one field of one region requirement inside a task body or an inline mapping. Values
 * are 64-bit; doubles are stored by their raw bits. Enforces the privilege: reading needs READ_ONLY or
 * READ_WRITE, writing needs READ_WRITE or WRITE_DISCARD, {@link #reduce} needs REDUCE; and the point
 * must lie in the region. O(dimensions) per access; valid only during the body; not thread-safe.
 *
 * <p>For loops over a whole tile, {@link #denseRead()} and {@link #denseWrite()} give dense views of
 * the region's points in the instance, checked once per view instead of once per element.
 */
public final class Accessor {
  private final String where;
  private final Rect bounds;
  private final Rect layout;
  private final long[] data;
  private final byte priv;
  private final ReductionOp op;

  Accessor(String where, Rect bounds, Rect layout, long[] data, byte priv, ReductionOp op) {
    this.where = where;
    this.bounds = bounds;
    this.layout = layout;
    this.data = data;
    this.priv = priv;
    this.op = op;
  }

  public Rect bounds() {
    return bounds;
  }

  /**
   * A dense read view of this requirement's points ({@link #bounds()}) in the instance: the privilege
   * (READ_ONLY or READ_WRITE) and the rectangle (inside the instance) are checked here, once; the
   * view's reads are not checked per element (see {@link DoubleTile}). A REDUCE requirement has no
   * dense view (its reduction instance is folded through {@link #reduce}).
   *
   * @throws PrivilegeException if the privilege does not allow reading
   * @throws IndexOutOfBoundsException if the region does not lie inside the instance
   * @throws UnsupportedOperationException for a 3-D region
   */
  public DoubleTile denseRead() {
    if (priv != Privilege.RO && priv != Privilege.RW) {
      throw new PrivilegeException(where + ": a dense read view needs READ_ONLY or READ_WRITE, held " + name(priv));
    }
    return new DoubleTile(data, layout, bounds);
  }

  /**
   * A dense write view of this requirement's points in the instance: the privilege (READ_WRITE or
   * WRITE_DISCARD) and the rectangle are checked here, once (see {@link DoubleTileWriter}).
   *
   * @throws PrivilegeException if the privilege does not allow writing
   * @throws IndexOutOfBoundsException if the region does not lie inside the instance
   * @throws UnsupportedOperationException for a 3-D region
   */
  public DoubleTileWriter denseWrite() {
    if (priv != Privilege.RW && priv != Privilege.WD) {
      throw new PrivilegeException(where + ": a dense write view needs READ_WRITE or WRITE_DISCARD, held "
          + name(priv));
    }
    return new DoubleTileWriter(data, layout, bounds);
  }

  private int at(long[] p) {
    if (!bounds.contains(p)) {
      throw new IndexOutOfBoundsException(where + ": point " + java.util.Arrays.toString(p) + " is outside "
          + bounds);
    }
    return (int) layout.offset(p);
  }

  public long getLong(long... p) {
    if (priv != Privilege.RO && priv != Privilege.RW) {
      throw new PrivilegeException(where + ": reading needs READ_ONLY or READ_WRITE, held " + name(priv));
    }
    return data[at(p)];
  }

  public double getDouble(long... p) {
    return Double.longBitsToDouble(getLong(p));
  }

  public void setLong(long v, long... p) {
    if (priv != Privilege.RW && priv != Privilege.WD) {
      throw new PrivilegeException(where + ": writing needs READ_WRITE or WRITE_DISCARD, held " + name(priv));
    }
    data[at(p)] = v;
  }

  public void setDouble(double v, long... p) {
    setLong(Double.doubleToRawLongBits(v), p);
  }

  /** Folds {@code v} into point p with the requirement's reduction operator. */
  public void reduce(long v, long... p) {
    if (priv != Privilege.RED) {
      throw new PrivilegeException(where + ": reduce needs a REDUCE privilege, held " + name(priv));
    }
    int i = at(p);
    data[i] = op.fold().applyAsLong(data[i], v);
  }

  static String name(byte p) {
    return switch (p) {
      case Privilege.RO -> "READ_ONLY";
      case Privilege.RW -> "READ_WRITE";
      case Privilege.WD -> "WRITE_DISCARD";
      default -> "REDUCE";
    };
  }
}
