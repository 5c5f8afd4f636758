package org.apophenia.sim;

import org.apophenia.sim.machine.Resource;

/**
 * One stretch of time during which a resource ran (part of) an operation: a task or runtime work on a
 * processor, or one hop of a copy or fill on a channel. What {@link SimulationListener}s and the
 * timelines see. Immutable value.
 *
 * @param op the operation's completion event
 * @param category what it was for
 * @param name the operation's name
 * @param resource the processor or channel
 * @param start simulated start, nanoseconds
 * @param end simulated end, nanoseconds, {@code >= start}
 * @param bytes bytes moved (copies and fills), else 0
 */
public record Span(Event op, Category category, String name, Resource resource, long start, long end, long bytes) {
  /** {@code end - start}. */
  public long duration() {
    return end - start;
  }
}
