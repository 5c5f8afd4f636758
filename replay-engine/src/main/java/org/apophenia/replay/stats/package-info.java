/**
 * What a trace engine did, counted by name (as Caffeine keeps its cache statistics in a package of
 * their own): {@link org.apophenia.replay.stats.TracingCounters}, which the engine records events in,
 * and {@link org.apophenia.replay.stats.TracingStatistics}, an immutable snapshot read by name, with
 * the replayed operations per {@link org.apophenia.legion.tracing.OpKind} and what replays did with
 * recorded steal logs ({@link org.apophenia.replay.stats.StealReplays}). All public: the engine
 * records, applications and reports read.
 */
package org.apophenia.replay.stats;
