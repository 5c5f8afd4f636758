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

  /** Whether {@code op} is this operation. O(requirements). */
  public boolean matches(PendingOp op) {
    List<RegionRequirement> other = op.requirements();
    if (op.kind() != kind || op.taskId() != taskId || other.size() != requirements.size()) {
      return false;
    }
    if (other == requirements) {
      return true; // the runtime hands a traced launch's memoized requirements to every instance
    }
    for (int i = 0; i < other.size(); i++) {
      if (!same(requirements.get(i), other.get(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code a.equals(b)}, cheapest components first and by identity before {@code equals}: the
   * runtime hands out one handle per region, so a replayed op names the very same objects.
   */
  private static boolean same(RegionRequirement a, RegionRequirement b) {
    return a == b || a.fields() == b.fields() && a.coherence() == b.coherence()
        && same(a.privilege(), b.privilege()) && same(a.region(), b.region()) && same(a.parent(), b.parent())
        && same(a.partition(), b.partition()) && same(a.projection(), b.projection());
  }

  private static boolean same(Object a, Object b) {
    return a == b || a != null && a.equals(b);
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
