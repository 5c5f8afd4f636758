/**
 * Dynamic tracing (Lee et al., SC18): records the dependence analysis of a trace as graph-calculus
 * commands once, and replays it when the same operations recur and its precondition holds.
 *
 * <h2>What is replayed</h2>
 * A trace instance is replayed, without any dependence analysis, when its operations match a recording
 * exactly (task id, projected region requirements, privileges, fields; never a hash) and the
 * recording's precondition holds. A replay issues the recorded tasks with their recorded mapping, the
 * copies the analysis made (rule R1), and for traces with REDUCE requirements the tasks' recorded
 * reduction instances (reused, reset to the operator's identity when each task starts; Legion thesis
 * §5.3) and the recorded folds of those instances into normal instances (rule R2). Futures produced
 * inside the trace order their consumers inside it (a task waits for the single task, or every point
 * of the index launch, whose future it takes) and carry the replayed values.
 *
 * <p>Reductions pending at a trace's boundaries are folded eagerly, so that a trace only ever folds
 * the reduction instances it owns: those pending from before it on data it reads or reduces to are
 * folded just before it (by the recording at its first access to the data, by a replay before its
 * precondition is checked; not part of the recorded commands), and those it would leave pending at
 * {@code tend} are folded there by the recording, as part of its commands. Each fold goes into the
 * lowest memory holding the data valid and is registered as a READ_WRITE user in the logical analysis.
 * The data is the same as with lazy folding (the same contributions, in the same order, into the same
 * values; a WRITE_DISCARD that would have dropped them overwrites whole equivalence atoms); only
 * where and when the folds run in simulated time differs.
 *
 * <h2>What is recorded but never replayed</h2>
 * Every instance of these traces is analysed; the recording is kept, with the reason in
 * {@link org.apophenia.replay.Recording#unreplayable()}, only to detect mismatches:
 * <ul>
 *   <li>a region tree refined (a new partition) during the trace;
 *   <li>reductions pending from before the trace, or at its end, that could not be folded (defensive:
 *       folding cannot fail while the trees are unchanged, and a refined tree is reported first).
 * </ul>
 * A recording whose precondition does not hold for an instance (other valid memories) is not replayed
 * for that instance: the instance is analysed and recorded again. Recordings that fold at their end
 * get no fence-elided commands (back-to-back replays of them are fenced), and so do recordings with
 * an execution fence inside (it orders everything before it, not only the accesses fence elision
 * follows).
 *
 * <h2>What is replayed</h2>
 * Every kind of operation a trace can hold, under the same pre- and postcondition rules: tasks and
 * index-launch points, fills, copies, reduction copies and execution fences. A fill or copy is
 * recorded from its requirements like a task (a copy reads its source and reads and writes its
 * destination; a fill only writes), its commands are re-issued with their data movement, and the
 * runtime completes it ({@code TraceSupport.completeReplayed}); a fill's value and a reduction
 * copy's operator are part of its signature. Untraceable, as in Legion: inline mappings and blocking
 * waits on futures inside a trace (the runtime rejects them with an engine installed).
 *
 * <h2>Rooms</h2>
 * This package is the engine: {@link org.apophenia.replay.DynamicTracing} (its public API with
 * {@link org.apophenia.replay.TracingOptions}, {@link org.apophenia.replay.TraceMismatchException} and
 * {@link org.apophenia.replay.TraceOutcome}, what became of the last occurrence),
 * its recordings ({@link org.apophenia.replay.Recording}, {@link org.apophenia.replay.OpSignature},
 * {@link org.apophenia.replay.Precondition}, {@link org.apophenia.replay.Postcondition},
 * {@link org.apophenia.replay.InstanceSet}, {@link org.apophenia.replay.StealLog}: the steals a
 * work-stealing scheduler made among a recording's tasks, which replays enforce under
 * {@code work-stealing-replay}; the recorder, the recording cache and the executor are
 * package-private). Below it, {@link org.apophenia.replay.template} turns a recording's analyses into
 * graph-calculus commands, optimises them and compiles them into the trace template a replay executes,
 * and {@link org.apophenia.replay.stats} counts what the engine did. Both depend only on
 * legion-runtime's tracing seam, never on this package.
 */
package org.apophenia.replay;
