package org.apophenia.replay;

import org.apophenia.legion.tracing.ValidInstances;
import org.apophenia.sim.Event;

/**
 * The instances valid after a {@link Recording} replays (dynamic tracing paper §IV-B, D step 3): for
 * every equivalence atom and field the trace touched, exactly the memories valid at the end of the
 * recorded analysis (rule W: a write leaves its instance the only valid one; copies add instances).
 * Immutable.
 *
 * @param instances the valid instances after the trace
 */
public record Postcondition(InstanceSet instances) {
  /** Makes exactly these instances valid, ready at {@code ready}, invalidating the others. O(size). */
  public void apply(ValidInstances state, Event ready) {
    for (int i = 0; i < instances.size(); i++) {
      state.setAtomValid(instances.regions().get(i), instances.atoms()[i], instances.fields()[i],
          instances.memories()[i], ready);
    }
  }

  /** Idempotence (§IV-E): whether this postcondition implies {@code pre}. */
  public boolean implies(Precondition pre) {
    return instances.contains(pre.instances());
  }
}
