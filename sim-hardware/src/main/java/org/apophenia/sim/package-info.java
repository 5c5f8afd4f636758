/**
 * A deterministic discrete-event executor of Realm-like event graphs (Legion thesis §3.1.3) on a
 * simulated heterogeneous machine ({@link org.apophenia.sim.machine}), with timeline exporters
 * ({@link org.apophenia.sim.timeline}).
 *
 * <p>Public API: {@link org.apophenia.sim.Simulation} (submit {@link org.apophenia.sim.Operation}s,
 * each with a precondition {@link org.apophenia.sim.Event}; {@code runUntil(event)} for a future wait,
 * {@code drain()} at the end), {@link org.apophenia.sim.TaskCost}/{@link org.apophenia.sim.Cost} for
 * task durations, {@link org.apophenia.sim.SimulationListener} and {@link org.apophenia.sim.Span} for
 * observers, {@link org.apophenia.sim.SimulationResult} for makespan, utilisation, bytes and the
 * {@link org.apophenia.sim.CriticalPath}. Where a ready task runs is a policy,
 * {@link org.apophenia.sim.Scheduler} (the mapper's processor, or work stealing with per-processor
 * deques and seeded random victims; {@link org.apophenia.sim.StealStats},
 * {@link org.apophenia.sim.Placement}); what a task asks beyond a processor, reservations held while it
 * runs (atomic coherence, granted in arrival order), the data it touches and a pinned placement, is its
 * {@link org.apophenia.sim.TaskAttributes}. The engine, its queues and its tables are package-private.
 *
 * <p>Depends on no other project module.
 */
package org.apophenia.sim;
