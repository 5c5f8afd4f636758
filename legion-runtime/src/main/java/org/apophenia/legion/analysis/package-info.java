/**
 * The dependence analysis (Legion thesis ch. 3–5; Legion's {@code analysis/}): the region forest and
 * its equivalence atoms, the resolution and validation of region requirements, the logical analysis
 * (epoch lists, open children, closes) that finds what an operation depends on, the physical analysis
 * (valid instances, copies, reduction instances and folds) with the coherence rules of the dynamic
 * tracing paper, the dynamic dependence graph and the ordering of operations by their events, and what
 * the analyses keep for a trace engine while a trace is open.
 *
 * <h2>Coherence</h2>
 * Two requirements interfere when they touch the same data, one writes, and they are not reductions
 * with one operator; their coherence then says how they are ordered
 * ({@link org.apophenia.legion.api.Coherence#between}, Legion's dependence check, thesis §9.1):
 * <ul>
 *   <li>EXCLUSIVE on either side: a dependence, program order (the logical analysis; only exclusive
 *       users dominate an epoch, so a later exclusive user waits for every earlier user).
 *   <li>ATOMIC with ATOMIC: no dependence, but never at the same time. Each atomic requirement makes its
 *       task hold a simulator {@link org.apophenia.sim.Reservation} per equivalence atom and field
 *       ({@code TaskNeeds#holds}; exclusive for a writer, shared for readers or for reductions with one
 *       operator) from its start to its completion. The simulator grants a reservation in the order
 *       the requests arrive in simulated time, that is when the rest of the task's preconditions have
 *       triggered, first come first served (Realm's reservations, thesis §9.2.1): whichever of two
 *       atomic tasks is ready first runs first, whatever their issue order, and the other waits for its
 *       release. Reservations of one task are acquired in ascending id, so tasks that hold several
 *       never deadlock. Two atomic requirements of which one reduces stay in program order (the
 *       reduction's fold lands in issue order).
 *   <li>SIMULTANEOUS and RELAXED with each other: no order. Users that may overlap share one instance
 *       ({@code InstanceGroup}): they wait only for the data's readiness before the group opened, the
 *       runtime copies nothing between them, and a simultaneous user is restricted to the group's
 *       instance whatever memory the mapper asks for. An atomic writer orders a simultaneous user
 *       (unless it only reads) but not a relaxed one.
 * </ul>
 * Index-launch points may share data only where their coherence would not order them (the launch's
 * interference check, {@code LegionRuntime#executeIndex}).
 *
 * <h2>Public API</h2>
 * For the runtime's front door ({@code org.apophenia.legion}), which runs these stages for each
 * operation; not for applications:
 * {@link org.apophenia.legion.analysis.RegionForest}, {@link org.apophenia.legion.analysis.RegionNode}
 * (an opaque node handle), {@link org.apophenia.legion.analysis.Resolution},
 * {@link org.apophenia.legion.analysis.Resolved}, {@link org.apophenia.legion.analysis.LogicalAnalyzer},
 * {@link org.apophenia.legion.analysis.PhysicalAnalyzer},
 * {@link org.apophenia.legion.analysis.ReductionBuffer} (an opaque reduction instance),
 * {@link org.apophenia.legion.analysis.DependenceGraph}, {@link org.apophenia.legion.analysis.Ordering},
 * {@link org.apophenia.legion.analysis.TraceAnalysisBuilder} (the analysis kept for a trace engine) and
 * {@link org.apophenia.legion.analysis.RuntimeValidInstances} (the physical state as a trace engine sees
 * it). The trees' state ({@code RegionTree}, {@code AtomState}, {@code User}) stays package-private.
 *
 * <p>Depends on {@link org.apophenia.legion.tracing} (what it reports to a trace engine),
 * {@link org.apophenia.legion.api}, {@link org.apophenia.legion.instances} and
 * {@link org.apophenia.legion.error}.
 */
package org.apophenia.legion.analysis;
