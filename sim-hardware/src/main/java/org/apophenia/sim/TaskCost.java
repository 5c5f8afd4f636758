package org.apophenia.sim;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * What a task costs, as it declares it: one {@link Cost} per processor kind it has a variant for (a
 * task with only a GPU cost cannot run on a CPU). Immutable; thread-safe.
 *
 * @param costs the cost for each kind with a variant; non-empty
 */
public record TaskCost(Map<ProcessorKind, Cost> costs) {
  public TaskCost {
    if (costs.isEmpty()) {
      throw new IllegalArgumentException("a task cost needs at least one processor kind");
    }
    costs = Collections.unmodifiableMap(new EnumMap<>(costs));
  }

  /** The same fixed duration on every kind of processor. */
  public static TaskCost fixed(long nanos) {
    Map<ProcessorKind, Cost> m = new EnumMap<>(ProcessorKind.class);
    for (ProcessorKind k : ProcessorKind.values()) {
      m.put(k, Cost.fixed(nanos));
    }
    return new TaskCost(m);
  }

  /** The same roofline work on every kind of processor (each kind's speed then differs). */
  public static TaskCost work(double flops, double bytes) {
    Map<ProcessorKind, Cost> m = new EnumMap<>(ProcessorKind.class);
    for (ProcessorKind k : ProcessorKind.values()) {
      m.put(k, Cost.work(flops, bytes));
    }
    return new TaskCost(m);
  }

  /** A task with a variant for {@code kind} only. */
  public static TaskCost of(ProcessorKind kind, Cost cost) {
    return new TaskCost(Map.of(kind, cost));
  }

  /** These costs plus (or replacing) the variant for {@code kind}. */
  public TaskCost with(ProcessorKind kind, Cost cost) {
    Map<ProcessorKind, Cost> m = new EnumMap<>(ProcessorKind.class);
    m.putAll(costs);
    m.put(Objects.requireNonNull(kind), Objects.requireNonNull(cost));
    return new TaskCost(m);
  }

  /** The cost on {@code kind}, or null if the task has no variant for it. */
  public Cost on(ProcessorKind kind) {
    return costs.get(kind);
  }
}
