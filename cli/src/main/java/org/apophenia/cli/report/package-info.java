/**
 * What {@code analyze} (and {@code run --out}) record and write: the sink that counts what was
 * traced and, for {@code --out}, spills one small record per operation to a temporary file
 * ({@link org.apophenia.cli.report.TraceSearchLog}), the log of mining jobs and promotions
 * ({@link org.apophenia.cli.report.MiningLog}, an {@code InterceptorListener}), the summary that
 * {@code --json} prints ({@link org.apophenia.cli.report.Summary}) and the files of {@code --out}
 * ({@link org.apophenia.cli.report.ReportWriter}: {@code summary.json}, {@code traces.json},
 * {@code trace-search.csv}, {@code trace-search.png}, {@code mining.csv}). Memory stays flat in the
 * length of the stream.
 *
 * <p><b>Public API</b>, for the commands: those four. The chart ({@code TraceSearchChart}, the
 * paper's Figure 10) is package-private.
 */
package org.apophenia.cli.report;
