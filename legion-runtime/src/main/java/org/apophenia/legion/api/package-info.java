/**
 * What applications name when they use the runtime (Legion's {@code legion.h}): the data model, tasks
 * and their launchers, futures, the accessors a task body or an inline mapping reads and writes data
 * through, and the mapping interface. Plain values and handles: the runtime that makes and consumes
 * them is {@link org.apophenia.legion.LegionRuntime}. Every room of the runtime builds on these.
 *
 * <h2>Public API</h2>
 * <ul>
 *   <li>The data model: {@link org.apophenia.legion.api.Rect}, {@link org.apophenia.legion.api.IndexSpace},
 *       {@link org.apophenia.legion.api.FieldSpace}, {@link org.apophenia.legion.api.Field},
 *       {@link org.apophenia.legion.api.FieldType}, {@link org.apophenia.legion.api.LogicalRegion},
 *       {@link org.apophenia.legion.api.Partition}, {@link org.apophenia.legion.api.Projection}.
 *   <li>Requirements and privileges: {@link org.apophenia.legion.api.RegionRequirement},
 *       {@link org.apophenia.legion.api.Privilege} (its byte codes are the analysis' privilege codes),
 *       {@link org.apophenia.legion.api.Coherence}, {@link org.apophenia.legion.api.ReductionOp},
 *       {@link org.apophenia.legion.api.PrivilegeContainment} (the containment rule, checked by contexts
 *       and by requirement resolution).
 *   <li>Tasks: {@link org.apophenia.legion.api.TaskDefinition}, {@link org.apophenia.legion.api.TaskBody},
 *       {@link org.apophenia.legion.api.TaskContext}, {@link org.apophenia.legion.api.TaskLauncher},
 *       {@link org.apophenia.legion.api.IndexLauncher}, {@link org.apophenia.legion.api.Future}.
 *   <li>Data access: {@link org.apophenia.legion.api.Accessor}, {@link org.apophenia.legion.api.DoubleTile},
 *       {@link org.apophenia.legion.api.DoubleTileWriter}, {@link org.apophenia.legion.api.InlineRegion}.
 *       The runtime makes them (their constructors are public for the runtime's rooms, not for
 *       applications).
 *   <li>Mapping: {@link org.apophenia.legion.api.Mapper}, {@link org.apophenia.legion.api.DefaultMapper},
 *       {@link org.apophenia.legion.api.HostMapper}.
 * </ul>
 *
 * <p>Depends on {@link org.apophenia.legion.instances} (accessors wrap instance data, mappers see memory
 * sets) and {@link org.apophenia.legion.error}, and on {@code org.apophenia.sim} for processors,
 * memories, events and task costs.
 */
package org.apophenia.legion.api;
