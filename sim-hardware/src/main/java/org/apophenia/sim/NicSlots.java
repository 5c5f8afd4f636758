package org.apophenia.sim;

import java.util.Arrays;
import org.apophenia.sim.machine.Channel;
import org.apophenia.sim.machine.ChannelKind;
import org.apophenia.sim.machine.Machine;

/**
 * Which queue each channel transfers in: its own, except that the NETWORK channels leaving one memory
 * share the first one's, so a node's transfers to different nodes share its NIC's bandwidth one at a
 * time instead of each node pair having a NIC of its own. Stateless.
 */
final class NicSlots {
  private NicSlots() {}

  /** Per channel id of {@code machine}, the id of the channel whose queue it uses. */
  static int[] of(Machine machine) {
    int[] slot = new int[machine.channels().size()];
    int[] nicOf = new int[machine.memories().size()];
    Arrays.fill(nicOf, -1);
    for (Channel c : machine.channels()) {
      slot[c.id()] = c.id();
      if (c.kind() == ChannelKind.NETWORK) {
        if (nicOf[c.from()] < 0) {
          nicOf[c.from()] = c.id();
        }
        slot[c.id()] = nicOf[c.from()];
      }
    }
    return slot;
  }
}
