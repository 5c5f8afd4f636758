package org.apophenia.legion.tracing;

import java.util.List;
import org.apophenia.sim.Event;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.Processor;

/**
 * The explicit output of analysing one operation, what a {@link TraceEngine} records: the logical
 * dependences (operation ids, including close operations), the mapping, and the simulator commands
 * issued in order (copies, folds, fills, merges, the task itself), each with the event it produced.
 * Immutable value.
 *
 * @param op the analysed operation
 * @param dependsOn ids of the operations it waits for (logical analysis; closes included)
 * @param processor where it ran (null if not a task)
 * @param memories the memory each requirement was mapped to (index = requirement index)
 * @param commands simulator commands issued for it, in order; the last is the operation itself
 * @param completion its completion event
 * @param analysisNanos real time its analysis took
 */
public record OpAnalysis(PendingOp op, int[] dependsOn, Processor processor, List<Memory> memories,
    List<Issued> commands, Event completion, long analysisNanos) {
  public OpAnalysis {
    memories = List.copyOf(memories);
    commands = List.copyOf(commands);
  }
}
