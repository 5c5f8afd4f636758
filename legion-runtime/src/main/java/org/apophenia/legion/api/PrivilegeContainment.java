package org.apophenia.legion.api;

import org.apophenia.legion.Context;
import org.apophenia.legion.error.PrivilegeException;

/**
 * Privilege containment (Legion thesis §2.5.1, §4.1): an operation may only request, on a region and
 * set of fields, what the region requirement's parent holds: the requested fields must be among the
 * held ones and the requested privilege must be below the held one in the semi-lattice
 * ({@link Privilege#covers}). Stateless; thread-safe.
 *
 * <p>Used by {@link Context} for launches issued through a context that holds only some privileges,
 * and by the runtime for the top-level context, which holds READ_WRITE on every field of every region
 * it created (so that call can only fail on fields outside the parent's field space). Task bodies do
 * not launch sub-tasks in this runtime; a context is how narrower privileges are handed on.
 */
public final class PrivilegeContainment {
  private PrivilegeContainment() {}

  /**
   * Throws a {@link PrivilegeException} naming {@code where} (the operation), the region, the fields,
   * the privilege held and the one requested, unless {@code req} (fields in {@code fs}) is covered by
   * {@code held} on {@code heldFields}. O(fields).
   */
  public static void check(String where, RegionRequirement req, FieldSpace fs, Privilege held, long heldFields) {
    Object region = req.region() != null ? req.region() : req.partition();
    long missing = req.fields() & ~heldFields;
    if (missing != 0) {
      throw new PrivilegeException(where + ": requested " + req.privilege() + " on " + region + " fields "
          + fs.names(req.fields()) + " but the parent " + req.parent() + " holds no privilege on fields "
          + fs.names(missing) + " (held " + held + " on " + fs.names(heldFields) + ")");
    }
    if (!held.covers(req.privilege())) {
      throw new PrivilegeException(where + ": requested " + req.privilege() + " on " + region + " fields "
          + fs.names(req.fields()) + " but the parent " + req.parent() + " holds only " + held);
    }
  }
}
