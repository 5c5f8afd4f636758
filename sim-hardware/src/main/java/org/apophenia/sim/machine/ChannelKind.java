package org.apophenia.sim.machine;

/** What a {@link Channel} physically is; it only labels the channel, its cost is in the channel. */
public enum ChannelKind {
  /** A copy or fill inside one memory, or between two memories of the same DRAM. */
  LOCAL,
  /** A PCI Express link between host memory and a GPU. */
  PCIE,
  /** An NVLink-style direct GPU-to-GPU link. */
  NVLINK,
  /** The inter-node network (Slingshot, InfiniBand). */
  NETWORK
}
