package org.apophenia.replay;

import java.util.List;
import org.apophenia.legion.PendingOp;
import org.apophenia.legion.RegionRequirement;

/**
 * The exact identity of a trace operation, what a replay compares (ARCHITECTURE.md invariant 3: never
 * a hash): kind, task id and the projected region requirements (region, fields, privilege, coherence,
 * parent). Arguments, names and index-launch points are not compared: they do not change the analysis.
 * Immutable.
 *
 * @param kind the operation kind
 * @param taskId the task id, -1 if not a task
 * @param requirements projected requirements
 */
public record OpSignature(PendingOp.Kind kind, int taskId, List<RegionRequirement> requirements) {
  public OpSignature {
    requirements = List.copyOf(requirements);
  }

  public static OpSignature of(PendingOp op) {
    return new OpSignature(op.kind(), op.taskId(), op.requirements());
  }

  /**
   * Whether {@code op} is this operation. O(requirements); the runtime hands a traced launch's
   * memoized requirements to every instance, so usually the very same list.
   */
  public boolean matches(PendingOp op) {
    return op.kind() == kind && op.taskId() == taskId && RegionRequirement.sameList(requirements, op.requirements());
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder(kind == PendingOp.Kind.TASK ? "task " + taskId : kind.toString());
    b.append('(');
    for (int i = 0; i < requirements.size(); i++) {
      RegionRequirement q = requirements.get(i);
      b.append(i == 0 ? "" : ", ").append(q.privilege()).append(' ').append(q.region()).append(" fields 0x")
          .append(Long.toHexString(q.fields()));
    }
    return b.append(')').toString();
  }
}
