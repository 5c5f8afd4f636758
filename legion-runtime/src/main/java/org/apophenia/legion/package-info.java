/**
 * A Legion-like task runtime: logical regions, partitions, privileges, tasks, futures and a real
 * dynamic dependence analysis, executing on the simulated machine of {@code org.apophenia.sim}.
 * Calls a {@code TraceEngine} SPI on {@code tbegin}/{@code tend}.
 *
 * <h2>Public API</h2>
 * <ul>
 *   <li>The front door: {@link org.apophenia.legion.LegionRuntime}, {@link org.apophenia.legion.Context},
 *       {@link org.apophenia.legion.api.Future}.
 *   <li>The data model: {@link org.apophenia.legion.api.Rect}, {@link org.apophenia.legion.api.IndexSpace},
 *       {@link org.apophenia.legion.api.FieldSpace}, {@link org.apophenia.legion.api.Field},
 *       {@link org.apophenia.legion.api.FieldType}, {@link org.apophenia.legion.api.LogicalRegion},
 *       {@link org.apophenia.legion.api.Partition}, {@link org.apophenia.legion.api.Projection},
 *       {@link org.apophenia.legion.api.RegionRequirement}, {@link org.apophenia.legion.api.Privilege},
 *       {@link org.apophenia.legion.api.Coherence}, {@link org.apophenia.legion.api.ReductionOp}.
 *   <li>Tasks: {@link org.apophenia.legion.api.TaskDefinition}, {@link org.apophenia.legion.api.TaskBody},
 *       {@link org.apophenia.legion.api.TaskContext}, {@link org.apophenia.legion.api.TaskLauncher},
 *       {@link org.apophenia.legion.api.IndexLauncher}, {@link org.apophenia.legion.api.Accessor},
 *       {@link org.apophenia.legion.api.DoubleTile}, {@link org.apophenia.legion.api.DoubleTileWriter},
 *       {@link org.apophenia.legion.api.InlineRegion}.
 *   <li>Mapping and costs: {@link org.apophenia.legion.api.Mapper}, {@link org.apophenia.legion.api.DefaultMapper},
 *       {@link org.apophenia.legion.api.HostMapper}, {@link org.apophenia.legion.cost.CostModel},
 *       {@link org.apophenia.legion.cost.LegionCosts}.
 *   <li>The tracing SPI, for the replay engine: {@link org.apophenia.legion.tracing.TraceEngine},
 *       {@link org.apophenia.legion.tracing.TraceSupport}, {@link org.apophenia.legion.tracing.PendingOp},
 *       {@link org.apophenia.legion.tracing.OpAnalysis}, {@link org.apophenia.legion.tracing.Issued},
 *       {@link org.apophenia.legion.tracing.TraceAnalysis}, {@link org.apophenia.legion.instances.MemorySet}.
 *   <li>Errors, in {@link org.apophenia.legion.error}: all
 *       {@link org.apophenia.legion.error.LegionException}s, thrown before any state changes.
 * </ul>
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
 * charges the analysis ({@code RuntimeCharges}), adds the data movement of the physical analysis
 * ({@code PhysicalAnalyzer}: valid instances, copies, reduction instances) and submits the task to the
 * simulated machine, where its body runs on real data when it starts. Fills, copies, fences and
 * inline mappings take the same stages in {@code DataOperations}; a trace engine replays through
 * {@code RuntimeTraceSupport}.
 */
package org.apophenia.legion;
