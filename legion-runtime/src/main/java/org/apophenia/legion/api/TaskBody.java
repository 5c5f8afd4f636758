package org.apophenia.legion.api;

/**
 * The Java body of a task variant. Runs on the simulating thread when the task starts in simulated time,
 * over typed accessors of its regions ({@link TaskContext}); returns the task's future value (may be
 * null). Must not block on futures or call the runtime's front door.
 */
@FunctionalInterface
public interface TaskBody {
  Object run(TaskContext ctx);
}
