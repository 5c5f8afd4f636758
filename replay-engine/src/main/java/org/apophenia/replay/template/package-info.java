/**
 * From a recorded trace to what a replay executes (dynamic tracing paper §IV-B–F; Legion's
 * {@code tracing/} recording, template and instructions): the analyses of the trace translated into
 * graph-calculus commands, those commands reduced (transitive reduction, copy propagation) and, for an
 * idempotent recording, fence-elided for back-to-back replays, on a background thread by default; and
 * the commands compiled into a trace template of replay instructions that a replay executes without
 * any dependence analysis.
 *
 * <h2>Public API</h2>
 * For the engine ({@code org.apophenia.replay}):
 * {@link org.apophenia.replay.template.Command} (the commands of a recording, what reports and tests
 * read), {@link org.apophenia.replay.template.Translation.Step} (one analysed step to translate),
 * {@link org.apophenia.replay.template.Optimisation} (the one-time translation and optimisation of a
 * recording, and its {@link org.apophenia.replay.template.Optimisation.Result}),
 * {@link org.apophenia.replay.template.FenceElision} (its access sets and elided commands) and
 * {@link org.apophenia.replay.template.TraceTemplate} (compile, execute). The passes
 * ({@code TransitiveReduction}, {@code CopyPropagation}), the {@code Instruction}s and the optimiser
 * thread are package-private.
 *
 * <p>Depends on legion-runtime's {@link org.apophenia.legion.tracing} seam and on
 * {@code org.apophenia.sim}.
 */
package org.apophenia.replay.template;
