package org.apophenia.sim.machine;

/** The kinds of memory the model distinguishes (thesis §8.1.1 names these and more). */
public enum MemoryKind {
  /** Host DRAM of one node, directly accessible by its CPU and utility processors. */
  SYSTEM,
  /** The on-package memory (HBM/GDDR) of one GPU. */
  FRAMEBUFFER,
  /** Pinned host memory of one node, visible to the node's CPUs and (over PCIe) its GPUs. */
  ZERO_COPY
}
