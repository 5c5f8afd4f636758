package org.apophenia.legion;

import org.apophenia.legion.analysis.DependenceGraph;
import org.apophenia.legion.analysis.RegionNode;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.LogicalRegion;

/**
 * What tests of the runtime's rooms read of a {@link LegionRuntime} that the application never sees:
 * its dependence graph, its region-tree nodes, a region's data after the run. A test fixture, here so
 * that the runtime keeps these package-private.
 */
public final class RuntimeInternals {
  private RuntimeInternals() {}

  /** The runtime's dependence graph. */
  public static DependenceGraph graph(LegionRuntime rt) {
    return rt.graph();
  }

  /** The region-tree node with id {@code id} (a region's or partition's {@code id()}). */
  public static RegionNode node(LegionRuntime rt, int id) {
    return rt.node(id);
  }

  /** Field {@code f} of {@code r} as the application reads it after {@link LegionRuntime#finish}. */
  public static long[] snapshot(LegionRuntime rt, LogicalRegion r, Field f) {
    return rt.snapshot(r, f);
  }
}
