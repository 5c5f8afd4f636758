package org.apophenia.apophenia;

/**
 * A completed match of a cached trace over token positions {@code [start, end)}, waiting for the
 * selection to issue it or drop it.
 */
record Match(long start, long end, Trace trace) {}
