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
 * <h2>What is recorded but never replayed</h2>
 * Every instance of these traces is analysed; the recording is kept, with the reason in
 * {@link org.apophenia.replay.Recording#unreplayable()}, only to detect mismatches:
 * <ul>
 *   <li>a fill, copy or fence inside the trace ("a FILL inside the trace is always analysed"): the
 *       runtime analyses them itself;
 *   <li>reductions left pending at {@code tend} ("reductions are pending at the end of the trace"): a
 *       postcondition would have to hand unfolded reduction instances to whatever comes next, and the
 *       next replay would reuse them before they were folded;
 *   <li>data the trace reads or reduces to that has reductions pending from before it ("the trace reads
 *       or reduces to data with reductions pending from before it"): its folds would read reduction
 *       instances the recording does not own. Together with the previous case this excludes a loop
 *       whose trace reduces in one iteration and folds in the next; folding inside the trace (reading
 *       the reduced data before {@code tend}) makes it replayable;
 *   <li>a region tree refined (a new partition) during the trace.
 * </ul>
 * A recording whose precondition does not hold for an instance (for example pending reductions on data
 * it reads or reduces to, made by untraced operations) is not replayed for that instance: the instance is
 * analysed and recorded again.
 */
package org.apophenia.replay;
