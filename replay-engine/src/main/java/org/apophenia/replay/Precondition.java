package org.apophenia.replay;

import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.instances.MemorySet;
import org.apophenia.legion.tracing.ValidInstances;


/**
 * The instances that must be valid for a {@link Recording} to replay the same graph as the analysis
 * did (dynamic tracing paper §IV-B): every instance a trace operation read (rule R1) or copied from
 * (rule R2) before the trace itself made it valid. Recorded per equivalence atom as the memories valid
 * at the trace's first access to it, for accesses that read or reduce (a reduction is folded into the
 * data as it was before the trace, and the replayed folds cover only the trace's own reduction
 * instances, so no reduction may be pending there: {@link #foldPendingThenHolds} folds them first);
 * atoms the trace first overwrites need nothing.
 * Immutable.
 *
 * @param instances the required instances
 */
public record Precondition(InstanceSet instances) {
  /**
   * Whether the runtime's current physical state satisfies this precondition: the region trees are
   * not refined since, and every required instance is valid (with no pending reductions): the
   * memories valid now contain the recorded ones, compared member by member, never by hash.
   * O(size x ceil(memories / 64)).
   */
  public boolean holds(ValidInstances state) {
    if (!sameTrees(instances, state)) {
      return false;
    }
    for (int i = 0; i < instances.size(); i++) {
      MemorySet now = state.atomValid(instances.regions().get(i), instances.atoms()[i], instances.fields()[i]);
      if (now.isEmpty() || !now.containsAll(instances.memories()[i])) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@link #holds}, after folding the reductions pending on the required instances as the recording
   * did before the trace's first access to them ({@link ValidInstances#foldPending}): the data is the
   * same as if the replayed operations' analysis had folded them. Folds only if the trees are the
   * same; stops at the first instance that does not hold. O(size x ceil(memories / 64)) plus the folds.
   */
  public boolean foldPendingThenHolds(ValidInstances state) {
    if (!sameTrees(instances, state)) {
      return false;
    }
    for (int i = 0; i < instances.size(); i++) {
      LogicalRegion r = instances.regions().get(i);
      MemorySet now = state.atomValid(r, instances.atoms()[i], instances.fields()[i]);
      if (now.isEmpty()) {
        state.foldPending(r, instances.atoms()[i], instances.fields()[i]);
        now = state.atomValid(r, instances.atoms()[i], instances.fields()[i]);
      }
      if (now.isEmpty() || !now.containsAll(instances.memories()[i])) {
        return false; // the rest is folded, if need be, by the recording that follows
      }
    }
    return true;
  }

  static boolean sameTrees(InstanceSet s, ValidInstances state) {
    for (int t = 0; t < s.trees().size(); t++) {
      if (state.treeVersion(s.trees().get(t)) != s.versions()[t]) {
        return false;
      }
    }
    return true;
  }
}
