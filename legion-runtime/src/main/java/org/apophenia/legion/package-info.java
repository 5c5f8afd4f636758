/**
 * A Legion-like task runtime: logical regions, partitions, privileges, tasks, futures and a real
 * dynamic dependence analysis, executing on the simulated machine of {@code org.apophenia.sim}.
 * Calls a {@code TraceEngine} SPI on {@code tbegin}/{@code tend}.
 *
 * <p>The flow of one task: {@link org.apophenia.legion.LegionRuntime#execute} resolves and checks its
 * region requirements (privilege containment against the issuing {@link org.apophenia.legion.Context}:
 * the top level holds READ_WRITE on everything, a context made with
 * {@link org.apophenia.legion.LegionRuntime#context} only what it was given), then the logical analysis
 * ({@code LogicalAnalyzer}: epochs, open children, closes) finds the operations it depends on, the
 * {@link org.apophenia.legion.Mapper} picks a processor and memories, the physical analysis
 * ({@code PhysicalAnalyzer}: valid instances, copies, reduction instances) adds the data movement, and
 * the task is submitted to the simulated machine, where its body runs on real data when it starts.
 */
package org.apophenia.legion;
