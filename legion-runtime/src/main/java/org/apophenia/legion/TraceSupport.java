package org.apophenia.legion;

import java.util.List;
import org.apophenia.sim.Event;
import org.apophenia.sim.Operation;
import org.apophenia.sim.Simulation;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.Processor;

/**
 * The narrow view of the runtime a {@link TraceEngine} gets: the simulator, the physical state (which
 * memory holds valid data for which region and field), and the few mechanisms needed to replay an
 * operation without analysing it. Only valid on the application thread during engine callbacks.
 */
public interface TraceSupport {
  Simulation simulation();

  /**
   * Memories holding all of {@code region}'s {@code field} valid; empty if none does or reductions are
   * pending on part of it.
   */
  MemorySet validMemories(LogicalRegion region, Field field);

  /**
   * Postcondition: {@code region}'s fields {@code fields} are valid in {@code memory} from {@code ready}
   * on; {@code exclusive} makes it the only valid copy (rule W), else it is added.
   */
  void setValid(LogicalRegion region, long fields, Memory memory, Event ready, boolean exclusive);

  /** Issues a copy of {@code region}'s fields between memories (data moves too); returns its event. */
  Event issueCopy(LogicalRegion region, long fields, Memory from, Memory to, Event precondition);

  /**
   * Runs pending task {@code op} on {@code processor} with requirement i's data in {@code memories.get(i)}
   * after {@code precondition} and the producers of its future arguments: submits the task, runs its
   * real body, completes its future. Does not copy data or update the physical state. A task with
   * REDUCE requirements needs {@link #launch(PendingOp, Processor, List, Object, Event)}
   * (UnsupportedOperationException here).
   */
  default Event launch(PendingOp op, Processor processor, List<Memory> memories, Event precondition) {
    return launch(op, processor, memories, null, precondition);
  }

  /**
   * {@link #launch(PendingOp, Processor, List, Event)} for a task that may have REDUCE requirements:
   * it reduces into {@code reductionInstances} (from {@link #reductionInstances}, recorded for the
   * task at the same position of the trace), which are reset to the operator's identity when it
   * starts (Legion thesis §5.3: a replayed trace reuses its recorded reduction instances). The caller
   * must order the task after every earlier fold reading those instances, and must have the folds the
   * recording issued re-issued ({@link #reissue}), which read the same instances.
   * UnsupportedOperationException if the task has REDUCE requirements and {@code reductionInstances}
   * is null.
   */
  Event launch(PendingOp op, Processor processor, List<Memory> memories, Object reductionInstances,
      Event precondition);

  /**
   * {@link #launch(PendingOp, Processor, List, Object, Event)} waiting for {@code precondition} and
   * the first {@code count} events of {@code more} (read in place), as after their merge but without
   * one: a replay launches every task after a few others.
   */
  default Event launch(PendingOp op, Processor processor, List<Memory> memories, Object reductionInstances,
      Event precondition, Event[] more, int count) {
    return launch(op, processor, memories, reductionInstances, mergeAll(precondition, more, count));
  }

  /**
   * Completes pending fill, copy, reduction copy or execution fence {@code op} that the engine
   * replayed: its recorded commands were re-issued ({@link #reissue}) and the last of them, or for a
   * fence the merge of what it waited for, is {@code done}. The operation is no longer pending and
   * completes at {@code done}; a fence also waits for every operation before it (outside the trace
   * too) and stays the fence every later operation depends on, as when analysed. Returns its
   * completion event. IllegalStateException if {@code op} is not a pending operation of those kinds.
   */
  Event completeReplayed(PendingOp op, Event done);

  /**
   * The reduction instances the analysis inside the open trace made for the REDUCE requirements of
   * task {@code op}, or null if it has none. Opaque: pass it to {@link #launch(PendingOp, Processor,
   * List, Object, Event)}.
   */
  Object reductionInstances(int op);

  /**
   * Registers a summary operation completing at {@code completion} that uses {@code requirements} (as
   * READ_WRITE) in the logical analysis, so that later operations on that data depend on it. Returns
   * its operation id.
   */
  int registerSummary(List<RegionRequirement> requirements, Event completion);

  /** Completion event of an analysed or summarised operation. */
  Event eventOf(int op);

  // ------------------------------------------------------------------ additions for replay-engine

  /**
   * Inputs of {@code merge} if it is a merge event the runtime created while analysing inside the
   * open trace, else the empty list (a primary event, or one from outside the trace). O(1).
   */
  List<Event> mergeInputs(Event merge);

  /**
   * Hands over what the analyses inside the open trace captured so far (merge inputs, data effects,
   * reduction instances: what {@link #mergeInputs}, {@link #dataEffect} and {@link #reductionInstances}
   * answer) as a view that never changes and may be read on any thread; later analyses of the trace
   * start a new capture, so those three methods forget it. O(1).
   */
  CapturedTrace detachCapture();

  /**
   * The data movement (copy, reduction fold or fill of real data) bound to the completion of a command
   * issued by an analysis inside the open trace, or null if none. Opaque: pass it to {@link #reissue}.
   */
  Runnable dataEffect(Event command);

  /**
   * Issues {@code recorded} (a Copy, Fill or RuntimeWork as it was issued by an analysis) again with
   * {@code precondition} instead of its own, and applies {@code effect} (from {@link #dataEffect},
   * may be null) to the real data when it completes. Returns its event.
   */
  Event reissue(Operation recorded, Runnable effect, Event precondition);

  /** {@link #reissue} waiting for {@code precondition} and the first {@code count} events of {@code more}. */
  default Event reissue(Operation recorded, Runnable effect, Event precondition, Event[] more, int count) {
    return reissue(recorded, effect, mergeAll(precondition, more, count));
  }

  /** The merge of {@code precondition} and the first {@code count} events of {@code more}. */
  private Event mergeAll(Event precondition, Event[] more, int count) {
    Event[] all = java.util.Arrays.copyOf(more, count + 1);
    all[count] = precondition;
    return simulation().merge(all);
  }

  /**
   * The equivalence atoms (disjoint pieces of the region tree) covering {@code region}: indices stable
   * until {@link #treeVersion} changes. Returns a shared array: do not modify.
   */
  int[] atomsOf(LogicalRegion region);

  /**
   * Bumped whenever a new subregion refines the atoms of {@code region}'s tree. This and the two
   * atom-state methods below accept destroyed regions: the state belongs to the tree.
   */
  int treeVersion(LogicalRegion region);

  /**
   * Memories holding a valid copy of {@code field} for {@code atom} of {@code region}'s tree; empty if
   * reductions are pending on it (never empty otherwise). O(memories / 64); no allocation when at most
   * one memory below id 64 holds it.
   */
  MemorySet atomValid(LogicalRegion region, int atom, int field);

  /**
   * Postcondition at atom granularity: {@code atom}'s {@code field} is valid exactly in
   * {@code memories} from {@code ready} on; pending reductions are dropped (the replayed work folded them).
   * IllegalArgumentException, with nothing changed, if {@code memories} names a memory the machine does
   * not have.
   */
  void setAtomValid(LogicalRegion region, int atom, int field, MemorySet memories, Event ready);

  /**
   * Folds the reductions pending on {@code atom}'s {@code field} now (rule R2 applied eagerly rather
   * than when the data is next used) into the lowest memory holding it valid, and returns the fold
   * copies issued, in order (empty if none is pending). The result is the same data a later reader
   * would fold: the contributions are folded in the same order into the same values. The folds are
   * registered as a READ_WRITE user of {@code region}'s field in the logical analysis, so that later
   * operations on the data wait for them. For an engine that folds the reductions pending at a trace's
   * boundaries; only while a trace is open (IllegalStateException otherwise).
   */
  List<Issued> foldPending(LogicalRegion region, int atom, int field);

  /**
   * A mapping fence for a replay (dynamic tracing paper §IV-D): registers a READ_WRITE user of
   * {@code requirements} in the logical analysis and returns an event that triggers when every earlier
   * operation using that data has completed; operations on other data are not waited for.
   */
  Event fence(List<RegionRequirement> requirements);

  /**
   * Operations in the dependence graph so far (issued, internal closes, summaries, fences): every
   * operation issued between two traces increases it, so an engine can tell back-to-back traces.
   */
  int operationCount();

  /**
   * Charges the runtime's own work of replaying a trace whose tasks run {@code tasksPerNode[n]} on
   * node {@code n}, after {@code after}: the cost model's replay cost per node (a constant per trace and
   * a cost per task, see {@link LegionCosts}) plus {@code extraNanosPerTask} per task, on each node's
   * utility processors. Returns, per node, the event that node's replayed tasks wait for
   * ({@link Event#NONE} where nothing is charged). Never null; one entry per node of the machine.
   */
  Event[] replayGates(int traceId, int[] tasksPerNode, long extraNanosPerTask, Event after);
}
