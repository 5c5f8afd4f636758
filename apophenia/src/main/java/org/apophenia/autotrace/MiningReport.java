package org.apophenia.autotrace;

/**
 * One FindRepeats job as seen at its ingestion point (the rows of {@code mining.csv}).
 *
 * @param job sequence number of the job, from 0
 * @param launchPosition token position (operations hashed so far) at which the job was launched
 * @param window tokens analysed
 * @param durationNanos time the job's mining took on its background thread (0 if it never ran)
 * @param candidates candidate sequences it produced (0 if it failed)
 * @param ingestPosition token position at which its results were ingested (or dropped)
 * @param waited whether an instance had to wait for the job at its ingestion point
 * @param failed whether the job threw or ran out of time (its results were dropped)
 */
public record MiningReport(
    long job,
    long launchPosition,
    int window,
    long durationNanos,
    int candidates,
    long ingestPosition,
    boolean waited,
    boolean failed) {}
