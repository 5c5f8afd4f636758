/**
 * The trace-detection middleware (Yadav et al., "Automatic Tracing in Task-Based Runtime Systems",
 * ASPLOS 2025): hashes each issued operation into a token, mines the token history for
 * non-overlapping repeats with {@code org.apophenia.suffix}, and wraps recurring fragments of the
 * stream in {@code beginTrace}/{@code endTrace} markers.
 *
 * <p>Public API: the SPI a runtime implements ({@link org.apophenia.autotrace.TraceSink},
 * {@link org.apophenia.autotrace.Tokenizer} with {@link org.apophenia.autotrace.Traceability} and the
 * {@link org.apophenia.autotrace.TokenHasher} helper), the front door
 * ({@link org.apophenia.autotrace.Interceptor} and its builder), its settings
 * ({@link org.apophenia.autotrace.ApopheniaConfig}), replication
 * ({@link org.apophenia.autotrace.Collective}) and observation
 * ({@link org.apophenia.autotrace.InterceptorListener}, {@link org.apophenia.autotrace.MiningReport},
 * {@link org.apophenia.autotrace.InterceptorStats}). Everything else is package-private machinery:
 * {@code TraceFinder} (history, ruler sampling, asynchronous mining, agreed ingestion),
 * {@code TraceReplayer} (watcher trie, trace cache, pointers, pending queue, selection), {@code Trie},
 * {@code Candidate}, {@code Trace}, {@code Match}, {@code Pointers}, {@code PendingQueue},
 * {@code MiningResult}.
 *
 * <p>Knows nothing of any particular runtime and depends only on {@code suffix}, Guava and fastutil.
 */
package org.apophenia.autotrace;
