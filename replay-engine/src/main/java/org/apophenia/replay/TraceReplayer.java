package org.apophenia.replay;

import java.util.List;
import org.apophenia.legion.PendingOp;
import org.apophenia.legion.TraceSupport;
import org.apophenia.sim.Category;
import org.apophenia.sim.Event;
import org.apophenia.sim.Operation;
import org.apophenia.sim.Simulation;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * Replays a {@link Recording} (dynamic tracing paper §IV-D): executes its commands in order, renaming
 * each local event to the simulator event the command produces now, launches the trace's tasks with
 * their recorded mapping, re-issues the recorded copies with their data movement, then registers the
 * summary operation. No dependence analysis runs. The postcondition is left to the caller, which may
 * delay it (§IV-E): it is applied with the returned completion event.
 *
 * <p>Two forms: a <em>fenced</em> replay issues the fence (a mapping fence on the trace's data); an
 * <em>elided</em> replay (§IV-F) uses the fence-elided commands and binds the previous replay's events
 * instead. Either may be charged a simulated REPLAY cost on a UTILITY processor that the tasks wait for.
 *
 * <p>Cost: O(commands) simulator calls plus O(postcondition). Stateless; thread-safe if the support
 * is used from one thread.
 */
final class TraceReplayer {
  private TraceReplayer() {}

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
  static Replayed replay(Recording r, List<PendingOp> ops, TraceSupport s, Replayed previous, long nanosPerOp) {
    Simulation sim = s.simulation();
    boolean elided = previous != null;
    List<Command> commands = elided ? r.elided().commands() : r.commands();
    int n = r.events();
    Event[] ev = new Event[elided ? r.elided().events() : n];
    Event chainFence = Event.NONE;
    if (elided) {
      System.arraycopy(previous.own(), 0, ev, 0, n);
      chainFence = previous.chainFence();
    } else if (commands.stream().anyMatch(c -> c instanceof Command.Fence)) {
      chainFence = s.fence(r.summary());
    }
    // a fenced replay is a mapping fence (thesis §4.5): its replay work starts when the fence triggers
    Event gate = Event.NONE;
    Processor util = nanosPerOp > 0 ? utility(sim) : null;
    if (util != null) {
      gate = sim.submit(new Operation.RuntimeWork("replay trace " + r.traceId(), util, Category.REPLAY,
          nanosPerOp * ops.size(), elided ? Event.NONE : chainFence));
    }
    Event completion = Event.NONE;
    for (Command c : commands) {
      if (c instanceof Command.Fence f) {
        ev[f.result()] = chainFence;
      } else if (c instanceof Command.Merge m) {
        Event[] in = new Event[m.inputs().length];
        for (int i = 0; i < in.length; i++) {
          in[i] = ev[m.inputs()[i]];
        }
        ev[m.result()] = sim.merge(in); // reads the array in place
      } else if (c instanceof Command.Op o) {
        Event pre = o.pre() < 0 ? Event.NONE : ev[o.pre()];
        if (o.work() instanceof Command.Work.Task t) {
          ev[o.result()] = s.launch(ops.get(t.index()), t.processor(), t.memories(), t.reductionInstances(),
              gate.isNone() ? pre : sim.merge(pre, gate));
        } else if (o.work() instanceof Command.Work.Reissue ri) {
          ev[o.result()] = s.reissue(ri.operation(), ri.effect(), pre);
        } else {
          throw new IllegalStateException("cannot replay " + o.work());
        }
      } else {
        Command.Summary sm = (Command.Summary) c;
        Event done = sm.pre() < 0 ? Event.NONE : ev[sm.pre()];
        ev[sm.result()] = done;
        completion = done;
        s.registerSummary(r.summary(), done);
      }
    }
    Event[] own = new Event[n];
    System.arraycopy(ev, elided ? n : 0, own, 0, n);
    return new Replayed(r, own, chainFence, s.operationCount(), completion);
  }

  private static Processor utility(Simulation sim) {
    for (Processor p : sim.machine().processors()) {
      if (p.kind() == ProcessorKind.UTILITY) {
        return p;
      }
    }
    return null;
  }
}
