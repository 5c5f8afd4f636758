/**
 * The trace-detection middleware (Yadav et al., "Automatic Tracing in Task-Based Runtime Systems",
 * ASPLOS 2025): hashes each issued operation into a token, mines the token history for
 * non-overlapping repeats with {@code org.apophenia.suffix}, and wraps recurring fragments of the
 * stream in {@code beginTrace}/{@code endTrace} markers. Knows nothing of any particular runtime and
 * depends only on {@code suffix}, {@code recorder} (the real-time event recorder, whose probes are
 * off unless a recorder is installed), Guava and fastutil.
 *
 * <p><b>Public API.</b> The SPI a runtime implements ({@link org.apophenia.autotrace.TraceSink},
 * {@link org.apophenia.autotrace.Tokenizer} with {@link org.apophenia.autotrace.Traceability} and the
 * {@link org.apophenia.autotrace.TokenHasher} helper); the front door
 * ({@link org.apophenia.autotrace.Interceptor} and its builder); its settings
 * ({@link org.apophenia.autotrace.ApopheniaSettings}, one value per knob of the registry
 * {@link org.apophenia.autotrace.Knobs}, each a {@link org.apophenia.autotrace.Knob}); replication
 * ({@link org.apophenia.autotrace.Collective}); observation
 * ({@link org.apophenia.autotrace.InterceptorListener}, {@link org.apophenia.autotrace.MiningReport},
 * {@link org.apophenia.autotrace.InterceptorStats}, {@link org.apophenia.autotrace.ObservedSink} for
 * a sink that only observes, and {@link org.apophenia.autotrace.CoverageBound}, the most an online
 * finder could cover); the reasons of {@code --explain} ({@link org.apophenia.autotrace.Reasons}, each a
 * {@link org.apophenia.autotrace.Reason}, written by the rooms' decision sites through the
 * package-private {@code Why}, which exists only when reasons are asked for); and the runtime's word
 * on each reissue ({@code Interceptor.replayOutcome}), which {@code Retirement} turns into retired
 * traces. The issuing thread's time account is a room of its own,
 * {@code org.apophenia.autotrace.accounting}.
 *
 * <p><b>The rooms</b>, named as in Legion's {@code runtime/legion/tracing/} and the paper; everything
 * below is package-private machinery, free to change:
 * <ul>
 *   <li><i>automatic</i>, the glue where the stream enters and the program blocks:
 *       {@code AutomaticTracing}, and {@code AccountedTracing}, the same with its stages charged to a
 *       time account (chosen once, by the builder); {@code ProbedSink}, the sink as the event
 *       recorder ({@code org.apophenia.recorder}) sees it, only under {@code --profile};
 *   <li><i>recognizer</i>, the paper's trace finder: {@code TraceFinder} (history, ruler sampling,
 *       asynchronous mining jobs, agreed ingestion), {@code BackOff} (which windows a covered
 *       stream skips, and when mining resumes) with {@code UntracedRecurrence}, {@code StaleWindows}
 *       (long windows whose results keep adding nothing), {@code MiningJob}, {@code MiningLane},
 *       {@code MeasuredMiner}, {@code MiningResult}, {@code RepeatFilter};
 *   <li><i>watcher</i>: {@code OccurrenceWatcher} (candidates, their visits, the visit threshold,
 *       eviction, promotion, and what a mined candidate adds: {@code Residue}, {@code LoopPhase}),
 *       {@code Candidate};
 *   <li><i>cache</i>, the paper's trace replayer: {@code TraceCache} (promoted traces, ids, guesses,
 *       rotations, eviction, variants refused past {@code maxVariants}), {@code CachedContent} (what
 *       the cached traces hold, to tell a variant), {@code NearLoops} (a loop mined with a task
 *       missing, cut into its pieces that hold none), {@code Trace} (scores), {@code CommitPointers} (matches in progress and
 *       completed, {@code Matches}; broken traces split into {@code DyadicPieces}),
 *       {@code TraceIssuer} (the pending operations, the selection of what to issue with
 *       {@code Selection}, recordings and reissues, {@code ReissuedPositions}); {@code Retirement}
 *       (traces whose reissues keep failing in the runtime, retired);
 *   <li><i>trie</i>: {@code Trie} and its {@code Pointers};
 *   <li><i>shard</i>: {@code LocalCollective} (replicas on threads of one JVM); replicas as processes
 *       agree through the {@code shards} module's JGroups collective, behind the same {@link
 *       org.apophenia.autotrace.Collective}.
 * </ul>
 *
 * <p><b>Words.</b> Apophenia <i>issues</i> trace occurrences: the first of a trace id is its
 * <i>recording</i>, every later one a <i>reissue</i>. Only the runtime <i>replays</i> (a reissue
 * whose precondition holds), so the word is kept for the runtime's side, and for the fields that
 * reports have always printed.
 */
package org.apophenia.autotrace;
