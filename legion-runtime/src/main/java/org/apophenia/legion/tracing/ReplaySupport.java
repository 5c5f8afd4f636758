package org.apophenia.legion.tracing;

import java.util.List;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.sim.Event;
import org.apophenia.sim.Operation;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.Processor;

/**
 * What a {@link TraceEngine} issues instead of having the runtime analyse an operation it handled
 * ({@link TraceEngine.Decision#HANDLED}): the operation's work with fresh events (tasks launched with
 * a recorded mapping, recorded copies, folds and fills re-issued with their data movement, fills,
 * copies and fences completed), the fence a replay waits for, the summary later operations depend on,
 * and the replay's own cost. Only valid on the application thread during engine callbacks.
 */
public interface ReplaySupport {
  /**
   * Runs pending task {@code op} on {@code processor} with requirement i's data in {@code memories.get(i)}
   * after {@code precondition} and the producers of its future arguments: submits the task, runs its
   * real body, completes its future. Does not copy data or update the physical state. A task with
   * REDUCE requirements needs {@link #launch(PendingOp, Processor, List, Object, Event)}
   * (UnsupportedOperationException here).
   */
  default Event launch(PendingOp op, Processor processor, List<Memory> memories, Event precondition) {
    return launch(op, processor, memories, null, precondition, new Event[0], 0);
  }

  /**
   * {@link #launch(PendingOp, Processor, List, Event)} for a task that may have REDUCE requirements:
   * it reduces into {@code reductionInstances} (from {@link TraceAnalysis#reductionInstances}, recorded
   * for the task at the same position of the trace), which are reset to the operator's identity when it
   * starts (Legion thesis §5.3: a replayed trace reuses its recorded reduction instances). The caller
   * must order the task after every earlier fold reading those instances, and must have the folds the
   * recording issued re-issued ({@link #reissue}), which read the same instances.
   * UnsupportedOperationException if the task has REDUCE requirements and {@code reductionInstances}
   * is null.
   */
  default Event launch(PendingOp op, Processor processor, List<Memory> memories, Object reductionInstances,
      Event precondition) {
    return launch(op, processor, memories, reductionInstances, precondition, new Event[0], 0);
  }

  /**
   * {@link #launch(PendingOp, Processor, List, Object, Event)} waiting for {@code precondition} and
   * the first {@code count} events of {@code more} (read in place), as after their merge but without
   * one: a replay launches every task after a few others.
   */
  default Event launch(PendingOp op, Processor processor, List<Memory> memories, Object reductionInstances,
      Event precondition, Event[] more, int count) {
    return launch(op, processor, memories, reductionInstances, precondition, more, count, null);
  }

  /**
   * {@link #launch(PendingOp, Processor, List, Object, Event, Event[], int)} that runs where the task of
   * event {@code runLike} ran, whatever the simulator's scheduler would choose (a steal a recording saw,
   * replayed: the task is mapped to {@code processor} and its data stays there; the simulator moves it
   * as for a steal). The simulator reads that processor when the task is ready to run; if the task of
   * {@code runLike} has not run by then, or {@code runLike} is null, the scheduler places it.
   */
  Event launch(PendingOp op, Processor processor, List<Memory> memories, Object reductionInstances,
      Event precondition, Event[] more, int count, Event runLike);

  /**
   * Issues {@code recorded} (a Copy, Fill or RuntimeWork as it was issued by an analysis) again with
   * {@code precondition} instead of its own, and applies {@code effect} (from
   * {@link TraceAnalysis#dataEffect}, may be null) to the real data when it completes. Returns its event.
   */
  default Event reissue(Operation recorded, Runnable effect, Event precondition) {
    return reissue(recorded, effect, precondition, new Event[0], 0);
  }

  /**
   * {@link #reissue(Operation, Runnable, Event)} waiting for {@code precondition} and the first
   * {@code count} events of {@code more} (read in place).
   */
  Event reissue(Operation recorded, Runnable effect, Event precondition, Event[] more, int count);

  /**
   * Completes pending fill, copy, reduction copy or execution fence {@code op} that the engine
   * replayed: its recorded commands were re-issued ({@link #reissue}) and the last of them, or for a
   * fence the merge of what it waited for, is {@code done}. The operation is no longer pending and
   * completes at {@code done}; a fence also waits for every operation before it (outside the trace
   * too) and stays the fence every later operation depends on, as when analysed. Returns its
   * completion event. IllegalStateException if {@code op} is not a pending operation of those kinds.
   */
  Event completeReplayed(PendingOp op, Event done);

  /** Issues a copy of {@code region}'s fields between memories (data moves too); returns its event. */
  Event issueCopy(LogicalRegion region, long fields, Memory from, Memory to, Event precondition);

  /**
   * A mapping fence for a replay (dynamic tracing paper §IV-D): registers a READ_WRITE user of
   * {@code requirements} in the logical analysis and returns an event that triggers when every earlier
   * operation using that data has completed; operations on other data are not waited for.
   */
  Event fence(List<RegionRequirement> requirements);

  /**
   * Registers a summary operation completing at {@code completion} that uses {@code requirements} (as
   * READ_WRITE) in the logical analysis, so that later operations on that data depend on it. Returns
   * its operation id.
   */
  int registerSummary(List<RegionRequirement> requirements, Event completion);

  /** Completion event of an analysed or summarised operation. */
  Event eventOf(int op);

  /**
   * Charges the runtime's own work of replaying a trace whose tasks run {@code tasksPerNode[n]} on
   * node {@code n}, after {@code after}: the cost model's replay cost per node (a constant per trace and
   * a cost per task, see {@link org.apophenia.legion.cost.LegionCosts}) plus {@code extraNanosPerTask}
   * per task, on each node's utility processors. Returns, per node, the event that node's replayed tasks wait for
   * ({@link Event#NONE} where nothing is charged). Never null; one entry per node of the machine.
   */
  Event[] replayGates(int traceId, int[] tasksPerNode, long extraNanosPerTask, Event after);
}
