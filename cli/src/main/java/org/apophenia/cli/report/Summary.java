package org.apophenia.cli.report;

/**
 * What {@code analyze --json} prints and {@code summary.json} holds.
 *
 * @param ops operations in the stream
 * @param tracedOps operations issued inside trace markers
 * @param replayedOps those inside markers of an id issued before
 * @param coverage {@code tracedOps / ops}
 * @param tracesRecorded distinct trace ids issued
 * @param replays trace occurrences issued under an id issued before
 * @param meanTraceLength traced operations per issued trace occurrence
 * @param firstReplayOp index of the first operation of the first replay, or -1
 * @param untraceableOps untraceable operations
 */
public record Summary(
    long ops,
    long tracedOps,
    long replayedOps,
    double coverage,
    long tracesRecorded,
    long replays,
    double meanTraceLength,
    long firstReplayOp,
    long untraceableOps) {}
