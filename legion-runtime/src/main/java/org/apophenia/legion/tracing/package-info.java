/**
 * The seam a trace engine plugs into (dynamic tracing paper, SC'18; Legion thesis §4.5; Legion's
 * {@code tracing/}): the engine's callbacks, the operations it is shown before analysis and the
 * analyses it is shown after, and what the runtime offers it, split by what the engine does with it.
 * The replay-engine module implements an engine against this package only.
 *
 * <h2>Public API</h2>
 * <ul>
 *   <li>The engine: {@link org.apophenia.legion.tracing.TraceEngine} and its
 *       {@link org.apophenia.legion.tracing.TraceEngine.Decision}.
 *   <li>What it is shown: {@link org.apophenia.legion.tracing.PendingOp} of an
 *       {@link org.apophenia.legion.tracing.OpKind} (the one vocabulary of operation kinds), and its
 *       analysis, {@link org.apophenia.legion.tracing.OpAnalysis}, made of
 *       {@link org.apophenia.legion.tracing.Issued} commands.
 *   <li>What the runtime offers it, {@link org.apophenia.legion.tracing.TraceSupport}, by role: to
 *       record, {@link org.apophenia.legion.tracing.RecordingSupport} and the
 *       {@link org.apophenia.legion.tracing.TraceAnalysis} it hands over; to check preconditions and
 *       apply postconditions, {@link org.apophenia.legion.tracing.ValidInstances}; to replay,
 *       {@link org.apophenia.legion.tracing.ReplaySupport}.
 * </ul>
 *
 * <p>Depends on {@link org.apophenia.legion.api} and {@link org.apophenia.legion.instances}.
 */
package org.apophenia.legion.tracing;
