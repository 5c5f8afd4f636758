package org.apophenia.legion.api;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import org.apophenia.sim.Cost;
import org.apophenia.sim.TaskCost;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * A registered task: an id, a name and one variant per processor kind, each a {@link TaskBody} and a
 * {@link Cost} for the simulator (Legion thesis §2.5, §8.1). Immutable, thread-safe.
 *
 * @param id task id, unique in a runtime
 * @param name for messages and timelines
 * @param bodies the body of each variant
 * @param cost the simulated cost of each variant (same kinds as {@code bodies})
 */
public record TaskDefinition(int id, String name, Map<ProcessorKind, TaskBody> bodies, TaskCost cost) {
  public TaskDefinition {
    Objects.requireNonNull(name, "name");
    bodies = Collections.unmodifiableMap(new EnumMap<>(bodies));
    Objects.requireNonNull(cost, "cost");
    for (ProcessorKind k : bodies.keySet()) {
      if (cost.on(k) == null) {
        throw new IllegalArgumentException("task " + name + ": variant " + k + " has a body but no cost");
      }
    }
    if (bodies.isEmpty()) {
      throw new IllegalArgumentException("task " + name + " has no variant");
    }
  }

  /** A task with a single CPU variant. */
  public static TaskDefinition cpu(int id, String name, TaskBody body, Cost cost) {
    return new TaskDefinition(id, name, Map.of(ProcessorKind.CPU, body), TaskCost.of(ProcessorKind.CPU, cost));
  }

  /** This definition plus a variant for {@code kind}. */
  public TaskDefinition withVariant(ProcessorKind kind, TaskBody body, Cost c) {
    Map<ProcessorKind, TaskBody> b = new EnumMap<>(ProcessorKind.class);
    b.putAll(bodies);
    b.put(kind, body);
    return new TaskDefinition(id, name, b, cost.with(kind, c));
  }
}
