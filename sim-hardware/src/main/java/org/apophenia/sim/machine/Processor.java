package org.apophenia.sim.machine;

import java.util.Objects;

/**
 * A processor of the machine: an immutable value.
 *
 * @param id dense index in {@link Machine#processors()}
 * @param name unique name within the machine
 * @param node index of the owning node
 * @param kind CPU, GPU or UTILITY
 * @param flopsPerSecond peak floating-point rate (FP64) used by {@link org.apophenia.sim.Cost.Work}
 * @param launchOverheadNanos fixed time added to every work-costed task (kernel launch, task spawn)
 */
public record Processor(int id, String name, int node, ProcessorKind kind, double flopsPerSecond,
    long launchOverheadNanos) implements Resource {
  public Processor {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(kind, "kind");
    if (!(flopsPerSecond > 0) || Double.isInfinite(flopsPerSecond)) {
      throw new IllegalArgumentException("processor " + name + ": flops must be positive, got " + flopsPerSecond);
    }
    if (launchOverheadNanos < 0) {
      throw new IllegalArgumentException("processor " + name + ": negative launch overhead " + launchOverheadNanos);
    }
  }
}
