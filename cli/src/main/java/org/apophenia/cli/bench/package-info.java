/**
 * The {@code apophenia bench} harness: seven groups, each measuring one of the product's performance
 * claims and returning tables and plots (README, "Benchmarks"; the figures are in BENCHMARKS.md):
 * the interceptor against a no-op sink ({@code InterceptorOverhead}), analysis against record and
 * replay ({@code AnalysisVsReplay}), every sample end to end ({@code EndToEnd}), mining
 * ({@code Mining}), StarPU's launch overhead next to ours ({@code StarPuOverhead}), task granularity
 * and METG ({@code TaskGranularity}, {@link org.apophenia.cli.bench.Metg}) and simulated weak scaling
 * ({@code SimulatedScaling}).
 *
 * <p><b>Public API</b>, for {@code BenchCommand}: {@link org.apophenia.cli.bench.BenchSuite} (the
 * groups in order), {@link org.apophenia.cli.bench.BenchSettings},
 * {@link org.apophenia.cli.bench.BenchGroup}, {@link org.apophenia.cli.bench.GroupResult} and
 * {@link org.apophenia.cli.bench.BenchReport} (text, Markdown for BENCHMARKS.md, CSV, PNG and
 * {@code bench.json}). {@link org.apophenia.cli.bench.Table}, {@link org.apophenia.cli.bench.Plot},
 * {@link org.apophenia.cli.bench.Stats} and {@code Metg} are public too though only this package uses
 * them; the groups are package-private.
 */
package org.apophenia.cli.bench;
