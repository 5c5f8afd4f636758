package org.apophenia.sim.machine;

/**
 * Something the simulator schedules operations on: a {@link Processor} runs tasks and runtime work,
 * a {@link Channel} carries copies and fills. A resource runs one operation at a time.
 *
 * <p>Immutable values; thread-safe.
 */
public sealed interface Resource permits Processor, Channel {
  /** Dense index among resources of the same family in the owning {@link Machine}, from 0. */
  int id();

  /** Unique name within the machine. */
  String name();

  /** Index of the node this resource belongs to (a channel belongs to its source memory's node). */
  int node();
}
