package org.apophenia.legion.api;

import java.util.List;
import java.util.Objects;
import org.apophenia.legion.error.FieldException;

/**
 * What an operation asks of one region (Legion thesis §2.5.1): the fields, the privilege and coherence,
 * and the parent region whose privileges it derives from. For an index launch the requirement names a
 * {@link Partition} and a {@link Projection} instead of a region; each point then uses
 * {@code partition.subregion(projection.color(point))}. Immutable, thread-safe.
 *
 * @param region the region, or null for a projection requirement
 * @param partition the partition of a projection requirement, else null
 * @param projection the projection functor of a projection requirement, else null
 * @param fields field mask over the region's field space (bit {@link Field#id()})
 * @param privilege requested privilege
 * @param coherence requested coherence
 * @param parent the region the privilege comes from: the region itself or an ancestor
 */
public record RegionRequirement(LogicalRegion region, Partition partition, Projection projection, long fields,
    Privilege privilege, Coherence coherence, LogicalRegion parent) {
  public RegionRequirement {
    Objects.requireNonNull(privilege, "privilege");
    Objects.requireNonNull(coherence, "coherence");
    Objects.requireNonNull(parent, "parent");
    if ((region == null) == (partition == null)) {
      throw new IllegalArgumentException("a requirement names either a region or a partition with a projection");
    }
    if (partition != null && projection == null) {
      throw new IllegalArgumentException("a partition requirement needs a projection");
    }
  }

  /**
   * A requirement on {@code region} for {@code fields}, exclusive, with the privilege from {@code parent}.
   * A {@link FieldException} naming the field and the region if a field is not in the region's field
   * space (a field mask alone cannot tell fields of two spaces apart, so this is where it is checked).
   */
  public static RegionRequirement of(LogicalRegion region, Privilege privilege, LogicalRegion parent,
      Field... fields) {
    if (region != null) {
      checkFields(region.fieldSpace(), region, fields);
    }
    return new RegionRequirement(region, null, null, mask(fields), privilege, Coherence.EXCLUSIVE, parent);
  }

  /** A projection requirement for index launches; FieldException as in {@link #of}. */
  public static RegionRequirement projected(Partition partition, Projection projection, Privilege privilege,
      LogicalRegion parent, Field... fields) {
    if (partition != null) {
      checkFields(partition.parent().fieldSpace(), partition, fields);
    }
    return new RegionRequirement(null, partition, projection, mask(fields), privilege, Coherence.EXCLUSIVE, parent);
  }

  private static void checkFields(FieldSpace fs, Object where, Field... fields) { // named only on error
    for (Field f : fields) {
      if (!fs.has(f)) {
        throw new FieldException("requirement on " + where + ": field '" + f.name() + "' (field space " + f.space()
            + ") is not in the field space of " + where + ", " + fs);
      }
    }
  }

  /** This requirement for one point of an index launch: the projected subregion. */
  public RegionRequirement forPoint(long[] point) {
    if (partition == null) {
      return this;
    }
    return new RegionRequirement(partition.subregion(projection.color(point)), null, null, fields, privilege,
        coherence, parent);
  }

  /**
   * The record's equality (every component equal), cheapest components first and by identity before
   * {@code equals}: the runtime hands out one handle per region, so a repeated operation names the
   * very same objects. The hash code is the record's own, consistent with it.
   */
  @Override
  public boolean equals(Object o) {
    return o == this || o instanceof RegionRequirement b && fields == b.fields && coherence == b.coherence
        && same(privilege, b.privilege) && same(region, b.region) && same(parent, b.parent)
        && same(partition, b.partition) && same(projection, b.projection);
  }

  private static boolean same(Object a, Object b) {
    return a == b || a != null && a.equals(b);
  }

  /**
   * Whether {@code a} and {@code b} hold equal requirements in the same order: what decides that an
   * operation repeats one seen before, in the front door's memo of traced launches and in a replay's
   * match. The very same list first; no iterator. O(requirements).
   */
  public static boolean sameList(List<RegionRequirement> a, List<RegionRequirement> b) {
    if (a == b) {
      return true;
    }
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0, n = a.size(); i < n; i++) {
      if (!a.get(i).equals(b.get(i))) {
        return false;
      }
    }
    return true;
  }

  static long mask(Field... fields) {
    long m = 0;
    for (Field f : fields) {
      m |= f.bit();
    }
    return m;
  }
}
