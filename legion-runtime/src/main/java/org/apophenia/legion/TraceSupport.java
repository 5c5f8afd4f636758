package org.apophenia.legion;

import java.util.List;
import org.apophenia.sim.Event;
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

  /** Bit mask (by memory id) of memories holding all of {@code region}'s field valid, 0 if none does. */
  long validMemories(LogicalRegion region, Field field);

  /**
   * Postcondition: {@code region}'s fields {@code fields} are valid in {@code memory} from {@code ready}
   * on; {@code exclusive} makes it the only valid copy (rule W), else it is added.
   */
  void setValid(LogicalRegion region, long fields, Memory memory, Event ready, boolean exclusive);

  /** Issues a copy of {@code region}'s fields between memories (data moves too); returns its event. */
  Event issueCopy(LogicalRegion region, long fields, Memory from, Memory to, Event precondition);

  /**
   * Runs pending task {@code op} on {@code processor} with requirement i's data in {@code memories.get(i)}
   * after {@code precondition}: submits the task, runs its real body, completes its future. Does not
   * copy data or update the physical state. REDUCE requirements are not supported here
   * (UnsupportedOperationException).
   */
  Event launch(PendingOp op, Processor processor, List<Memory> memories, Event precondition);

  /**
   * Registers a summary operation completing at {@code completion} that uses {@code requirements} (as
   * READ_WRITE) in the logical analysis, so that later operations on that data depend on it. Returns
   * its operation id.
   */
  int registerSummary(List<RegionRequirement> requirements, Event completion);

  /** Completion event of an analysed or summarised operation. */
  Event eventOf(int op);
}
