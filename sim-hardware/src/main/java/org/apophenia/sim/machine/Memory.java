package org.apophenia.sim.machine;

import java.util.Objects;

/**
 * A memory of the machine: an immutable value.
 *
 * @param id dense index in {@link Machine#memories()}
 * @param name unique name within the machine
 * @param node index of the owning node
 * @param kind SYSTEM, FRAMEBUFFER or ZERO_COPY
 * @param capacityBytes size in bytes, positive
 */
public record Memory(int id, String name, int node, MemoryKind kind, long capacityBytes) {
  public Memory {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(kind, "kind");
    if (capacityBytes <= 0) {
      throw new IllegalArgumentException("memory " + name + ": capacity must be positive, got " + capacityBytes);
    }
  }
}
