package org.apophenia.legion.api;

import java.util.List;
import java.util.Objects;

/**
 * An index launch (Legion thesis §2.5.3): one point task per point of {@code domain}, each with the
 * requirements projected to its point. The points must not interfere with each other. Futures of the
 * points are reduced with {@code futureReduction} (values must be {@code Long}) if it is not null,
 * else collected in point order. Immutable.
 */
public record IndexLauncher(int taskId, Rect domain, List<RegionRequirement> requirements, List<Object> args,
    ReductionOp futureReduction) {
  public IndexLauncher {
    Objects.requireNonNull(domain, "domain");
    requirements = List.copyOf(requirements);
    args = List.copyOf(args);
  }

  public IndexLauncher(int taskId, Rect domain, RegionRequirement... requirements) {
    this(taskId, domain, List.of(requirements), List.of(), null);
  }
}
