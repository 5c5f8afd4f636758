package org.apophenia.replay;

import java.util.List;
import org.apophenia.legion.RegionRequirement;

/**
 * The memoized analysis of one trace (dynamic tracing paper §IV-B): the exact operations it covers,
 * the optimised graph-calculus commands, the {@link Precondition} and {@link Postcondition}, the
 * requirements of the summary operation, and for idempotent recordings the fence-elided commands used
 * by back-to-back replays (§IV-F). A recording the runtime cannot replay (fills, copies or fences in
 * the trace, a refined region tree) keeps
 * {@link #unreplayable} as the reason and is used only to detect mismatches. Immutable once built
 * except for the contents of the reduction instances its tasks reuse, which each replay overwrites;
 * thread-safe otherwise.
 *
 * @param traceId the trace id it was recorded for
 * @param ops the operations, in issue order
 * @param commands the optimised commands (transitive reduction, copy propagation)
 * @param events bound on the local event names of {@code commands}
 * @param precondition what must be valid to replay
 * @param postcondition what is valid afterwards
 * @param summary requirements of the summary operation (READ_WRITE on everything used)
 * @param accesses per operation, the instance keys it reads and writes (for fence elision)
 * @param unreplayable why the recording cannot be replayed, or null
 * @param elided fence-elided commands for back-to-back replays, or null if not idempotent
 * @param unoptimisedCommands how many commands the recording had before optimisation
 * @param reduces whether a task of the trace has REDUCE requirements (its replays reuse the recorded
 *     reduction instances and re-issue the recorded folds)
 */
public record Recording(int traceId, List<OpSignature> ops, List<Command> commands, int events,
    Precondition precondition, Postcondition postcondition, List<RegionRequirement> summary,
    List<FenceElision.Access> accesses, String unreplayable, FenceElision.Elided elided,
    int unoptimisedCommands, boolean reduces) {
  public Recording {
    ops = List.copyOf(ops);
    commands = List.copyOf(commands);
    summary = List.copyOf(summary);
    accesses = List.copyOf(accesses);
  }

  /**
   * Idempotent (§IV-E): replayable and the postcondition implies the precondition. Decided when the
   * recording is made, which is also when the fence-elided commands are built. O(1).
   */
  public boolean idempotent() {
    return elided != null;
  }

  /** The cache weight: commands plus operations. */
  int weight() {
    return commands.size() + ops.size() + (elided == null ? 0 : elided.commands().size());
  }
}
