package org.apophenia.legion.api;

import java.util.List;
import java.util.Objects;

/**
 * A partition of a logical region into colored subregions (Legion thesis §2.3): disjoint or aliased,
 * complete or not (computed from the subregions' rectangles when made). A region may have several
 * partitions and subregions may be partitioned again. Immutable, thread-safe handle.
 *
 * @param id unique within its runtime (a region-tree node id)
 * @param parent the partitioned region
 * @param subregions by color, 0..n-1
 * @param disjoint no two subregions share a point
 * @param complete every point of the parent is in some subregion
 */
public record Partition(int id, LogicalRegion parent, List<LogicalRegion> subregions, boolean disjoint,
    boolean complete) {
  public Partition {
    Objects.requireNonNull(parent, "parent");
    subregions = List.copyOf(subregions);
  }

  /** The subregion of {@code color}. */
  public LogicalRegion subregion(int color) {
    if (color < 0 || color >= subregions.size()) {
      throw new IndexOutOfBoundsException("partition#" + id + " has colors 0.." + (subregions.size() - 1)
          + ", not " + color);
    }
    return subregions.get(color);
  }

  public int colors() {
    return subregions.size();
  }

  @Override
  public String toString() {
    return "partition#" + id + " of " + parent + " (" + subregions.size() + (disjoint ? " disjoint" : " aliased")
        + (complete ? ", complete" : "") + ")";
  }
}
