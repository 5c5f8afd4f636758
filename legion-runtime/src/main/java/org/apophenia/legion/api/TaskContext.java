package org.apophenia.legion.api;

import java.util.List;
import org.apophenia.legion.error.FieldException;
import org.apophenia.sim.machine.Processor;

/**
 * What a running task body sees: its point (for index launches), its arguments (futures resolved to
 * their values), the processor it runs on, and accessors for its region requirements. Valid only during
 * the body; not thread-safe.
 */
public final class TaskContext {
  private final String task;
  private final long[] point;
  private final List<Object> args;
  private final Processor processor;
  private final List<RegionRequirement> requirements;
  private final Accessor[][] accessors;

  public TaskContext(String task, long[] point, List<Object> args, Processor processor,
      List<RegionRequirement> requirements, Accessor[][] accessors) {
    this.task = task;
    this.point = point;
    this.args = args;
    this.processor = processor;
    this.requirements = requirements;
    this.accessors = accessors;
  }

  /** The launch point of an index-launch point task; an empty array for a single task. */
  public long[] point() {
    return point.clone();
  }

  public Object arg(int i) {
    return args.get(i);
  }

  public int argCount() {
    return args.size();
  }

  public Processor processor() {
    return processor;
  }

  /** The requirement {@code i} as this point sees it (projected). */
  public RegionRequirement requirement(int i) {
    return requirements.get(i);
  }

  public int requirementCount() {
    return requirements.size();
  }

  /** The accessor for field {@code f} of requirement {@code i}; a FieldException if f was not requested. */
  public Accessor accessor(int i, Field f) {
    Accessor a = accessors[i][f.id()];
    if (a == null || f.space() != requirements.get(i).parent().fieldSpace().id()) {
      throw new FieldException("task " + task + ": requirement " + i + " on " + requirements.get(i).region()
          + " did not request field '" + f.name() + "'");
    }
    return a;
  }
}
