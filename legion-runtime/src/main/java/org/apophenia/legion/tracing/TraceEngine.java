package org.apophenia.legion.tracing;

import org.apophenia.legion.error.LegionException;
import org.apophenia.legion.error.TraceMarkerException;

/**
 * The tracing hook (dynamic tracing paper, SC'18; Legion thesis §4.5): the runtime's front door hands
 * {@code tbegin(id)} / {@code tend(id)} and every operation in between to an engine, which may memoize
 * the analysis and replay it. Implemented by the replay-engine module.
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>Markers are validated by the runtime before the engine sees them: balanced, not nested, and
 *       {@code tend} names the open id; otherwise a {@link TraceMarkerException} is thrown and the engine
 *       is not called. Without an engine, valid markers are ignored and every operation is analysed.
 *   <li>{@link #beginTrace} is called at {@code tbegin(id)}; then, for every operation issued before
 *       {@code tend(id)} (one call per index-launch point, in issue order), {@link #onOperation} is called
 *       <em>before</em> any analysis with the exact operation ({@link PendingOp}: task id, projected
 *       requirements with privileges and fields).
 *   <li>If it returns {@link Decision#ANALYZE}, the runtime analyses the operation normally (logical,
 *       mapping, physical, execution) and then calls {@link #observe} with the explicit
 *       {@link OpAnalysis}: dependences, mapping, and the exact simulator commands issued with their
 *       events. That is what a recording stores.
 *   <li>If it returns {@link Decision#HANDLED}, the runtime skips its logical and physical analysis for
 *       that operation: the engine must issue the work through {@link TraceSupport#replay()} (copies
 *       with {@link ReplaySupport#issueCopy}, the task with {@link ReplaySupport#launch}, which runs the
 *       real body and completes the operation's future; a fill, copy, reduction copy or execution fence
 *       with its recorded commands re-issued by {@link ReplaySupport#reissue} and then
 *       {@link ReplaySupport#completeReplayed}), using fresh events. Before {@code tend} returns, the
 *       engine must register a summary with {@link ReplaySupport#registerSummary} so that later
 *       operations depend on the replayed work. It must apply its postcondition through
 *       {@link TraceSupport#instances()} ({@link ValidInstances#setValid} or
 *       {@link ValidInstances#setAtomValid}) before {@code tend} returns or, at the latest, when
 *       {@link #synchronize} is called (the runtime calls it before it next reads or changes the
 *       physical state itself).
 *   <li>An engine that defers operations (returns HANDLED and issues nothing yet, to decide at
 *       {@code tend} whether the whole trace can be replayed) never has the runtime analyse them from
 *       a callback: it returns {@link Decision#ANALYZE_DEFERRED} instead, from {@link #onOperation} or
 *       {@link #endTrace}, and the runtime analyses every operation it handed over and that was not
 *       launched since, in issue order (then, from {@link #onOperation}, the operation at hand),
 *       announcing each to {@link #beforeAnalysis} and reporting it to {@link #observe}. So the
 *       runtime's analysis is never entered from inside an engine callback; the engine reaches the
 *       runtime during its callbacks only through the {@link TraceSupport} it is handed (to take
 *       what the analyses kept, to read and set valid instances, and to issue replayed work).
 *   <li>{@link #endTrace} is called at {@code tend(id)}, then the deferred analyses it asked for, then
 *       {@link #closeTrace}.
 *   <li>Untraceable operations (inline mappings, blocking future waits) inside a trace with an engine
 *       installed throw a {@link LegionException} naming the trace; without an engine they are allowed.
 * </ul>
 * Called on the application thread only; an engine need not be thread-safe.
 */
public interface TraceEngine {
  /** What the runtime should do with an operation inside a trace. */
  enum Decision {
    /** Analyse normally and report the result to {@link #observe}. */
    ANALYZE,
    /** The engine has issued (or will issue) the operation itself; skip the analysis. */
    HANDLED,
    /**
     * Analyse the operations the engine deferred first, in issue order, then (from
     * {@link #onOperation}) this one, announcing each to {@link #beforeAnalysis}.
     */
    ANALYZE_DEFERRED
  }

  void beginTrace(int traceId, TraceSupport support);

  Decision onOperation(int traceId, PendingOp op, TraceSupport support);

  void observe(int traceId, OpAnalysis analysis, TraceSupport support);

  /**
   * {@code tend(traceId)}: {@link Decision#ANALYZE_DEFERRED} has the runtime analyse the operations the
   * engine deferred before {@link #closeTrace}; any other decision, nothing more to analyse.
   */
  Decision endTrace(int traceId, TraceSupport support);

  /**
   * Called before the runtime analyses an operation after {@link Decision#ANALYZE_DEFERRED}: each
   * deferred one, then the one whose {@link #onOperation} asked for it. An exception thrown here
   * leaves that operation unanalysed and reaches the application. The default does nothing.
   */
  default void beforeAnalysis(int traceId, PendingOp op, TraceSupport support) {}

  /**
   * Called last at {@code tend(traceId)}, after the analyses {@link #endTrace} asked for: every
   * operation of the trace is analysed or issued by the engine. The default does nothing.
   */
  default void closeTrace(int traceId, TraceSupport support) {}

  /**
   * Called outside traces before the runtime reads or changes the physical state on its own: before
   * analysing an untraced operation (task, index-launch point, fill, copy, fence, inline mapping),
   * before a new partition refines the equivalence atoms, before a region or partition is destroyed,
   * and before the engine is replaced. An engine
   * that delayed bringing the runtime's state up to date after a replay (dynamic tracing paper §IV-E:
   * the postcondition of back-to-back replays of an idempotent trace need only be applied once a
   * different trace or an untraced operation comes) must do it now. Should be O(1) when there is
   * nothing to do: it is called once per untraced operation. The default does nothing.
   */
  default void synchronize(TraceSupport support) {}
}
