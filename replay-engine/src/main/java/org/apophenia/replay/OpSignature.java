package org.apophenia.replay;

import java.util.List;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.tracing.OpKind;
import org.apophenia.legion.tracing.PendingOp;

/**
 * The exact identity of a trace operation, what a replay compares (ARCHITECTURE.md invariant 3: never
 * a hash): kind, task id and the projected region requirements (region, fields, privilege, coherence,
 * parent) and the value that changes a non-task's data movement (a fill's value, a reduction copy's
 * operator). Task arguments, names and index-launch points are not compared: they do not change the
 * analysis. Immutable.
 *
 * @param kind the operation kind
 * @param taskId the task id, -1 if not a task
 * @param requirements projected requirements
 * @param value {@link PendingOp#value()}: a replay re-issues the recorded data movement, so an operation
 *     whose movement depends on more than its requirements matches only the same value
 */
public record OpSignature(OpKind kind, int taskId, List<RegionRequirement> requirements, long value) {
  public OpSignature {
    requirements = List.copyOf(requirements);
  }

  public OpSignature(OpKind kind, int taskId, List<RegionRequirement> requirements) {
    this(kind, taskId, requirements, 0);
  }

  public static OpSignature of(PendingOp op) {
    return new OpSignature(op.kind(), op.taskId(), op.requirements(), op.value());
  }

  /**
   * Whether {@code op} is this operation. O(requirements); the runtime hands a traced launch's
   * memoized requirements to every instance, so usually the very same list.
   */
  public boolean matches(PendingOp op) {
    return op.kind() == kind && op.taskId() == taskId && op.value() == value
        && RegionRequirement.sameList(requirements, op.requirements());
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder(switch (kind) {
      case TASK -> "task " + taskId;
      case FILL, COPY, REDUCTION_COPY, FENCE -> kind.toString();
    });
    b.append('(');
    for (int i = 0; i < requirements.size(); i++) {
      RegionRequirement q = requirements.get(i);
      b.append(i == 0 ? "" : ", ").append(q.privilege()).append(' ').append(q.region()).append(" fields 0x")
          .append(Long.toHexString(q.fields()));
    }
    b.append(')');
    return value == 0 ? b.toString() : b.append(" value ").append(value).toString();
  }
}
