package org.apophenia.legion.tracing;

import java.util.List;
import org.apophenia.legion.api.RegionRequirement;

/**
 * An operation as issued, before analysis: what a {@link TraceEngine} compares against a recording.
 * For an index launch there is one pending op per point, requirements already projected. Immutable.
 *
 * @param op its id in the dependence graph (dense, in issue order)
 * @param kind what it is
 * @param name for messages
 * @param taskId the task id, -1 if not a task
 * @param point the index-launch point, empty for single operations
 * @param requirements region requirements (projected to regions)
 * @param value what else changes the operation's effect on the data: a fill's value; 0 otherwise. A
 *     replay compares it like the requirements (a fill recorded with another value writes other data)
 */
public record PendingOp(int op, OpKind kind, String name, int taskId, long[] point,
    List<RegionRequirement> requirements, long value) {
  public PendingOp {
    requirements = List.copyOf(requirements);
  }

  /** An operation whose effect the requirements alone determine ({@code value} 0). */
  public PendingOp(int op, OpKind kind, String name, int taskId, long[] point, List<RegionRequirement> requirements) {
    this(op, kind, name, taskId, point, requirements, 0);
  }
}
