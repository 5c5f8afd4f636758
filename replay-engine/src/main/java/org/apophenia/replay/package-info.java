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
 * §5.3) and the recorded folds of those instances into normal instances (rule R2). Reductions a trace
 * would leave pending at {@code tend} are folded there when it is recorded, into the lowest memory
 * holding the data valid, and those folds are part of the recording: the data is the same as if the
 * next reader had folded them (the same contributions, in the same order, into the same values), and
 * the trace never hands unfolded reduction instances to what follows. Futures produced
 * inside the trace order their consumers inside it (a task waits for the single task, or every point
 * of the index launch, whose future it takes) and carry the replayed values.
 *
 * <h2>What is recorded but never replayed</h2>
 * Every instance of these traces is analysed; the recording is kept, with the reason in
 * {@link org.apophenia.replay.Recording#unreplayable()}, only to detect mismatches:
 * <ul>
 *   <li>a fill, copy or fence inside the trace ("a FILL inside the trace is always analysed"): the
 *       runtime analyses them itself;
 *   <li>data the trace reads or reduces to that has reductions pending from before it ("the trace reads
 *       or reduces to data with reductions pending from before it", typically reductions issued
 *       untraced just before {@code tbegin}): its folds would read reduction instances the recording
 *       does not own, made by tasks it does not replay;
 *   <li>reductions still pending at the end of the recording although it folded them ("reductions are
 *       pending at the end of the trace"): only if the folds could not be issued (a refined tree);
 *   <li>a region tree refined (a new partition) during the trace.
 * </ul>
 * A recording whose precondition does not hold for an instance (for example pending reductions on data
 * it reads or reduces to, made by untraced operations) is not replayed for that instance: the instance is
 * analysed and recorded again.
 */
package org.apophenia.replay;
