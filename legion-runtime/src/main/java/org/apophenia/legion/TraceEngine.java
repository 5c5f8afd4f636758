package org.apophenia.legion;

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
 *       that operation: the engine must issue the work through {@link TraceSupport} (copies with
 *       {@link TraceSupport#issueCopy}, the task with {@link TraceSupport#launch}, which runs the real body
 *       and completes the operation's future), using fresh events. Before {@code tend} returns, the
 *       engine must register a summary with {@link TraceSupport#registerSummary} so that later
 *       operations depend on the replayed work. It must apply its postcondition with
 *       {@link TraceSupport#setValid} or {@link TraceSupport#setAtomValid} before {@code tend} returns
 *       or, at the latest, when {@link #synchronize} is called (the runtime calls it before it next
 *       reads or changes the physical state itself).
 *   <li>{@link #endTrace} is called at {@code tend(id)}.
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
    HANDLED
  }

  void beginTrace(int traceId, TraceSupport support);

  Decision onOperation(int traceId, PendingOp op, TraceSupport support);

  void observe(int traceId, OpAnalysis analysis, TraceSupport support);

  void endTrace(int traceId, TraceSupport support);

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
