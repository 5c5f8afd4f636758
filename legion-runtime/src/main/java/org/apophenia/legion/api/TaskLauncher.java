package org.apophenia.legion.api;

import java.util.List;

/**
 * A single task launch: the task id, its region requirements and its arguments. An argument that is
 * a {@link Future} makes the task wait for the future's producer and receive its value. Immutable.
 */
public record TaskLauncher(int taskId, List<RegionRequirement> requirements, List<Object> args) {
  public TaskLauncher {
    requirements = List.copyOf(requirements);
    args = List.copyOf(args);
  }

  public TaskLauncher(int taskId, RegionRequirement... requirements) {
    this(taskId, List.of(requirements), List.of());
  }
}
