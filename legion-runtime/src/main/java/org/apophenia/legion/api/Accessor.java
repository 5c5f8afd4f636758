package org.apophenia.legion.api;

import org.apophenia.legion.error.PrivilegeException;
import org.apophenia.legion.instances.DoubleData;
import org.apophenia.legion.instances.InstanceData;

/**
 * Typed access to one field of one region requirement inside a task body or an inline mapping. Values
 * are 64-bit, and any field reads and writes both as a double and as a raw 64-bit pattern, exactly (a
 * double by its raw bits; {@link FieldType} says how each kind is stored). Enforces the privilege:
 * reading needs READ_ONLY or READ_WRITE, writing needs READ_WRITE or WRITE_DISCARD, {@link #reduce}
 * needs REDUCE (folding raw bits, whatever the field's kind); and the point
 * must lie in the region. O(dimensions) per access; valid only during the body; not thread-safe.
 *
 * <p>For loops over a whole tile, {@link #denseRead()} and {@link #denseWrite()} give dense views of
 * the region's points in a DOUBLE field's instance, checked once per view instead of once per element.
 */
public final class Accessor {
  private final String where;
  private final Rect bounds;
  private final Rect layout;
  private final InstanceData data;
  private final byte priv;
  private final ReductionOp op;

  public Accessor(String where, Rect bounds, Rect layout, InstanceData data, byte priv, ReductionOp op) {
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
   * dense view (its reduction instance is folded through {@link #reduce}), nor does a LONG or INT
   * field (its instance holds 64-bit integers, not doubles).
   *
   * @throws PrivilegeException if the privilege does not allow reading
   * @throws IndexOutOfBoundsException if the region does not lie inside the instance
   * @throws UnsupportedOperationException for a 3-D region or a field that is not DOUBLE
   */
  public DoubleTile denseRead() {
    if (priv != Privilege.RO && priv != Privilege.RW) {
      throw new PrivilegeException(where + ": a dense read view needs READ_ONLY or READ_WRITE, held " + name(priv));
    }
    return new DoubleTile(doubles("a dense read view"), layout, bounds);
  }

  /**
   * A dense write view of this requirement's points in the instance: the privilege (READ_WRITE or
   * WRITE_DISCARD) and the rectangle are checked here, once (see {@link DoubleTileWriter}). Only a
   * DOUBLE field has one.
   *
   * @throws PrivilegeException if the privilege does not allow writing
   * @throws IndexOutOfBoundsException if the region does not lie inside the instance
   * @throws UnsupportedOperationException for a 3-D region or a field that is not DOUBLE
   */
  public DoubleTileWriter denseWrite() {
    if (priv != Privilege.RW && priv != Privilege.WD) {
      throw new PrivilegeException(where + ": a dense write view needs READ_WRITE or WRITE_DISCARD, held "
          + name(priv));
    }
    return new DoubleTileWriter(doubles("a dense write view"), layout, bounds);
  }

  private double[] doubles(String what) {
    if (data instanceof DoubleData d) {
      return d.values();
    }
    throw new UnsupportedOperationException(where + ": " + what + " needs a DOUBLE field; this one holds 64-bit "
        + "integers");
  }

  private int at(long[] p) {
    if (!bounds.contains(p)) {
      throw new IndexOutOfBoundsException(where + ": point " + java.util.Arrays.toString(p) + " is outside "
          + bounds);
    }
    return (int) layout.offset(p);
  }

  public long getLong(long... p) {
    checkRead();
    return data.bits(at(p));
  }

  public double getDouble(long... p) {
    checkRead();
    return data.getDouble(at(p));
  }

  public void setLong(long v, long... p) {
    checkWrite();
    data.setBits(at(p), v);
  }

  public void setDouble(double v, long... p) {
    checkWrite();
    data.setDouble(at(p), v);
  }

  private void checkRead() {
    if (priv != Privilege.RO && priv != Privilege.RW) {
      throw new PrivilegeException(where + ": reading needs READ_ONLY or READ_WRITE, held " + name(priv));
    }
  }

  private void checkWrite() {
    if (priv != Privilege.RW && priv != Privilege.WD) {
      throw new PrivilegeException(where + ": writing needs READ_WRITE or WRITE_DISCARD, held " + name(priv));
    }
  }

  /** Folds {@code v} into point p with the requirement's reduction operator. */
  public void reduce(long v, long... p) {
    if (priv != Privilege.RED) {
      throw new PrivilegeException(where + ": reduce needs a REDUCE privilege, held " + name(priv));
    }
    int i = at(p);
    data.setBits(i, op.fold().applyAsLong(data.bits(i), v));
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
