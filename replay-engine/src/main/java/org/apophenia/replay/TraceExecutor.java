package org.apophenia.replay;

import java.util.List;
import org.apophenia.legion.tracing.PendingOp;
import org.apophenia.legion.tracing.ReplaySupport;
import org.apophenia.legion.tracing.TraceSupport;
import org.apophenia.replay.template.TraceTemplate;
import org.apophenia.sim.Event;
import org.apophenia.sim.Simulation;

/**
 * Replays a {@link Recording} (dynamic tracing paper §IV-D): binds the events its commands start from
 * (the replay's fence, or the previous back-to-back replay's events), charges the replay's own work,
 * and has its {@link TraceTemplate} execute the commands. No dependence analysis runs. The summary
 * operation and the postcondition are left to the caller, which may delay them (§IV-E): they are
 * registered and applied with the returned completion event.
 *
 * <p>Two forms: a <em>fenced</em> replay issues the fence (a mapping fence on the trace's data); an
 * <em>elided</em> replay (§IV-F) uses the fence-elided commands and binds the previous replay's events
 * instead. Either may be charged a simulated REPLAY cost on a UTILITY processor that the tasks wait for.
 *
 * <p>Cost: O(commands) simulator calls plus O(postcondition). Stateless; thread-safe if the support
 * is used from one thread.
 */
final class TraceExecutor {
  private TraceExecutor() {}

  /** The template a replay of {@code r} uses: fenced, or elided after a previous replay. */
  static TraceTemplate template(Recording r, boolean elided) {
    return elided ? r.elidedTemplate() : r.template();
  }

  /**
   * What a replay leaves for the next back-to-back one.
   *
   * @param recording what was replayed
   * @param own this replay's events, by the original commands' names
   * @param chainFence the fence of the first replay of the chain (Event.NONE if it had none)
   * @param operationsAfter the runtime's operation count after the replay
   * @param completion when every replayed operation has completed (the summary's event): the ready
   *     event of the postcondition
   */
  record Replayed(Recording recording, Event[] own, Event chainFence, int operationsAfter, Event completion) {}

  /**
   * Replays {@code r} for {@code ops}: fenced if {@code previous} is null, else elided after it; each
   * task where the task of event {@code runLike[its position]} ran, if not null (a steal log's
   * placements).
   */
  static Replayed replay(Recording r, List<PendingOp> ops, TraceSupport support, Replayed previous,
      long nanosPerOp, Event[] runLike) {
    Simulation sim = support.simulation();
    ReplaySupport s = support.replay();
    boolean elided = previous != null;
    TraceTemplate p = elided ? r.elidedTemplate() : r.template();
    int n = r.events();
    Event[] ev = new Event[elided ? r.elided().events() : n];
    Event chainFence = Event.NONE;
    if (elided) {
      System.arraycopy(previous.own(), 0, ev, 0, n);
      chainFence = previous.chainFence();
    } else if (p.fenced()) {
      chainFence = s.fence(r.summary());
    }
    // a fenced replay is a mapping fence (thesis §4.5): its replay work starts when the fence triggers;
    // each node replays its own tasks (control replication), so each node's tasks wait for its own work
    Event[] gates = s.replayGates(r.traceId(), p.tasksPerNode(sim.machine().nodeCount()), nanosPerOp,
        elided ? Event.NONE : chainFence);
    Event completion = p.execute(ev, chainFence, gates, ops, s, sim, runLike);
    Event[] own = new Event[n];
    System.arraycopy(ev, elided ? n : 0, own, 0, n);
    return new Replayed(r, own, chainFence, support.operationCount(), completion);
  }
}
