/**
 * The dependence analysis (Legion thesis ch. 3–5; Legion's {@code analysis/}): the region forest and
 * its equivalence atoms, the resolution and validation of region requirements, the logical analysis
 * (epoch lists, open children, closes) that finds what an operation depends on, the physical analysis
 * (valid instances, copies, reduction instances and folds) with the coherence rules of the dynamic
 * tracing paper, the dynamic dependence graph and the ordering of operations by their events, and what
 * the analyses keep for a trace engine while a trace is open.
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
