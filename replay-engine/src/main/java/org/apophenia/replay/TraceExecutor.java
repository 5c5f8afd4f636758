package org.apophenia.replay;

import java.util.List;
import org.apophenia.legion.tracing.PendingOp;
import org.apophenia.legion.tracing.ReplaySupport;
import org.apophenia.legion.tracing.TraceSupport;
import org.apophenia.sim.Event;
import org.apophenia.sim.Simulation;

/**
 * Replays a {@link Recording} (dynamic tracing paper §IV-D): executes its commands in order (as a
 * {@link TraceTemplate}), renaming each local event to the simulator event the command produces now,
 * launches the trace's tasks with their recorded mapping, re-issues the recorded copies and fills with
 * their data movement, and completes the trace's fills, copies and fences in the runtime. No dependence analysis runs. The summary operation and the postcondition are left to the caller, which may delay
 * them (§IV-E): they are registered and applied with the returned completion event.
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

  /** Replays {@code r} for {@code ops}: fenced if {@code previous} is null, else elided after it. */
  static Replayed replay(Recording r, List<PendingOp> ops, TraceSupport support, Replayed previous,
      long nanosPerOp) {
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
    } else if (p.fenced) {
      chainFence = s.fence(r.summary());
    }
    // a fenced replay is a mapping fence (thesis §4.5): its replay work starts when the fence triggers;
    // each node replays its own tasks (control replication), so each node's tasks wait for its own work
    Event[] gates = s.replayGates(r.traceId(), p.tasksPerNode(sim.machine().nodeCount()), nanosPerOp,
        elided ? Event.NONE : chainFence);
    Event[] pre = new Event[p.maxPres + 1]; // an operation's preconditions, and the gate
    Event completion = Event.NONE;
    byte[] instructions = p.instructions;
    int[] result = p.result;
    int[] preStart = p.preStart;
    int[] pres = p.pres;
    for (int i = 0, steps = instructions.length; i < steps; i++) {
      int from = preStart[i];
      int k = preStart[i + 1] - from;
      ev[result[i]] = switch (Instruction.of(instructions[i])) {
        case FENCE -> chainFence;
        case MERGE -> merged(sim, ev, pres, from, k);
        case TASK -> {
          copy(ev, pres, from, k, pre);
          Command.Work.Task t = (Command.Work.Task) p.work[i];
          Event gate = gates[t.processor().node()];
          if (!gate.isNone()) {
            pre[k++] = gate; // the replay's own work (tasks only: copies were never charged it)
          }
          yield s.launch(ops.get(t.index()), t.processor(), t.memories(), t.reductionInstances(), Event.NONE, pre,
              k);
        }
        case REISSUE -> {
          copy(ev, pres, from, k, pre);
          Command.Work.Reissue ri = (Command.Work.Reissue) p.work[i];
          yield s.reissue(ri.operation(), ri.effect(), Event.NONE, pre, k);
        }
        case COMPLETE -> {
          Event done = k == 0 ? Event.NONE : k == 1 ? ev[pres[from]] : merged(sim, ev, pres, from, k);
          Command.Work.Complete c = (Command.Work.Complete) p.work[i];
          yield s.completeReplayed(ops.get(c.index()), done);
        }
        case SUMMARY -> { // the caller registers it (see the class notes)
          completion = k == 0 ? Event.NONE : ev[pres[from]];
          yield completion;
        }
      };
    }
    Event[] own = new Event[n];
    System.arraycopy(ev, elided ? n : 0, own, 0, n);
    return new Replayed(r, own, chainFence, support.operationCount(), completion);
  }

  /** The events named by {@code pres[from .. from + k - 1]}, into {@code out}. */
  private static void copy(Event[] ev, int[] pres, int from, int k, Event[] out) {
    for (int j = 0; j < k; j++) {
      out[j] = ev[pres[from + j]];
    }
  }

  /** The merge of the events named by {@code pres[from .. from + k - 1]}, in a new array (merge reads it in place). */
  private static Event merged(Simulation sim, Event[] ev, int[] pres, int from, int k) {
    Event[] in = new Event[k];
    for (int j = 0; j < k; j++) {
      in[j] = ev[pres[from + j]];
    }
    return sim.merge(in);
  }

}
