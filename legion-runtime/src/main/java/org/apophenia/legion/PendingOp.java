package org.apophenia.legion;

import java.util.List;

/**
 * An operation as issued, before analysis: what a {@link TraceEngine} compares against a recording.
 * For an index launch there is one pending op per point, requirements already projected. Immutable.
 *
 * @param op its id in the dependence graph (dense, in issue order)
 * @param kind TASK, FILL, COPY or FENCE
 * @param name for messages
 * @param taskId the task id, -1 if not a task
 * @param point the index-launch point, empty for single operations
 * @param requirements region requirements (projected to regions)
 */
public record PendingOp(int op, Kind kind, String name, int taskId, long[] point,
    List<RegionRequirement> requirements) {
  public PendingOp {
    requirements = List.copyOf(requirements);
  }

  /** Operation kinds a trace can contain. */
  public enum Kind {
    TASK, FILL, COPY, FENCE
  }
}
