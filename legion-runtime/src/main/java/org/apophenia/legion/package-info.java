/**
 * A Legion-like task runtime: logical regions, partitions, privileges, tasks, futures and a real
 * dynamic dependence analysis, executing on the simulated machine of {@code org.apophenia.sim}.
 * Calls a {@link org.apophenia.legion.tracing.TraceEngine} on {@code tbegin}/{@code tend}.
 *
 * <h2>Rooms</h2>
 * Split by concept, the way Legion split its own runtime; each room's {@code package-info} lists its
 * public API, and a type is public only if another room or module uses it. Rooms depend downwards only:
 * <ul>
 *   <li>this package, the front door: {@link org.apophenia.legion.LegionRuntime} (the facade: it builds
 *       the rooms below) and {@link org.apophenia.legion.Context}; the issue pipeline behind them is
 *       package-private;
 *   <li>{@link org.apophenia.legion.cost}: the cost model of the runtime's own work;
 *   <li>{@link org.apophenia.legion.analysis}: region forest, requirement resolution, logical and
 *       physical analysis, the dependence graph;
 *   <li>{@link org.apophenia.legion.tracing}: the seam a trace engine plugs into;
 *   <li>{@link org.apophenia.legion.api}: what applications name (regions, fields, requirements,
 *       privileges, launchers, task definitions, futures, accessors, mappers);
 *   <li>{@link org.apophenia.legion.instances}: instance data, memory sets, data movement;
 *   <li>{@link org.apophenia.legion.error}: every {@link org.apophenia.legion.error.LegionException},
 *       thrown before any state changes.
 * </ul>
 *
 * <h2>Public API of this package</h2>
 * {@link org.apophenia.legion.LegionRuntime}, {@link org.apophenia.legion.Context}.
 *
 * <h2>The flow of one task</h2>
 * {@link org.apophenia.legion.LegionRuntime#execute} hands the launch to {@code TaskFrontDoor}, which
 * has {@code Resolution} resolve and check its region requirements against the {@code RegionForest}
 * (privilege containment against the issuing {@link org.apophenia.legion.Context}: the top level holds
 * READ_WRITE on everything, a context made with {@link org.apophenia.legion.LegionRuntime#context}
 * only what it was given). {@code TaskPipeline} then makes it a node of the dependence graph, asks the
 * trace engine inside a trace ({@code TraceMarkers}), and otherwise runs the logical analysis
 * ({@code LogicalAnalyzer}: epochs, open children, closes) to find the operations it depends on
 * ({@code Ordering}), lets the {@link org.apophenia.legion.api.Mapper} pick a processor and memories,
 * charges the analysis as the cost model prices it ({@code RuntimeCharges}), adds the data movement of
 * the physical analysis ({@code PhysicalAnalyzer}: valid instances, copies, reduction instances) and
 * submits the task to the simulated machine, where its body runs on real data when it starts. Fills,
 * copies, fences and inline mappings take the same stages in {@code DataOperations}; a trace engine
 * replays through the runtime's {@link org.apophenia.legion.tracing.TraceSupport}
 * ({@code RuntimeTraceSupport}, {@code RuntimeReplaySupport}, {@code RuntimeValidInstances}).
 */
package org.apophenia.legion;
