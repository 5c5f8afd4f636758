package org.apophenia.legion.api;

import java.util.Objects;
import org.apophenia.legion.LegionRuntime;

/**
 * A logical region: an index space crossed with a field space, in one region tree (Legion thesis §2.2).
 * A root region is made by {@link LegionRuntime#createRegion}; subregions come from
 * {@link Partition}s. This is a handle: it names no data, which lives in physical instances the runtime
 * manages. Immutable, thread-safe.
 *
 * @param id unique within its runtime (a region-tree node id)
 * @param tree id of the region tree (the root region's id)
 * @param indexSpace its points
 * @param fieldSpace its fields
 */
public record LogicalRegion(int id, int tree, IndexSpace indexSpace, FieldSpace fieldSpace) {
  public LogicalRegion {
    Objects.requireNonNull(indexSpace, "indexSpace");
    Objects.requireNonNull(fieldSpace, "fieldSpace");
  }

  public Rect bounds() {
    return indexSpace.bounds();
  }

  @Override
  public String toString() {
    return "region#" + id + (id == tree ? "" : "(tree " + tree + ")") + indexSpace.bounds();
  }
}
