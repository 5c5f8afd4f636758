package org.apophenia.cli.report;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apophenia.autotrace.InterceptorListener;
import org.apophenia.autotrace.MiningReport;

/**
 * Totals of the mining reports and promotions of a run, and, for {@code mining.csv}, the reports
 * themselves. Memory is flat in the length of the stream: a {@link #counting()} log keeps only
 * totals; a {@link #recording()} log writes each report as a CSV row to a temporary file as it
 * arrives, which {@link #copyCsvTo} copies and {@link #close} deletes. Called on the application
 * thread; not thread-safe.
 */
public final class MiningLog implements InterceptorListener, Closeable {
  /** The header of {@code mining.csv}. */
  static final String HEADER = "job,launch_op,window,duration_us,candidates,ingest_op,waited,failed\n";

  private final Path rowsFile;
  private final BufferedWriter rows;
  private long jobs;
  private long promotions;
  private long miningNanos;

  private MiningLog(boolean record) throws IOException {
    if (record) {
      rowsFile = Files.createTempFile("apophenia-mining-", ".csv");
      rowsFile.toFile().deleteOnExit();
      rows = Files.newBufferedWriter(rowsFile, StandardCharsets.UTF_8);
      rows.write(HEADER);
    } else {
      rowsFile = null;
      rows = null;
    }
  }

  /** A log of totals only, for a run that writes no files. */
  public static MiningLog counting() {
    try {
      return new MiningLog(false);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // cannot happen: nothing is opened
    }
  }

  /** A log that also keeps every report for {@code mining.csv}, on disk. */
  public static MiningLog recording() throws IOException {
    return new MiningLog(true);
  }

  @Override
  public void jobIngested(MiningReport r) {
    jobs++;
    miningNanos += r.durationNanos();
    if (rows != null) {
      try {
        rows.write(r.job() + "," + r.launchPosition() + "," + r.window() + ","
            + String.format("%.1f", r.durationNanos() / 1e3) + "," + r.candidates() + ","
            + r.ingestPosition() + "," + r.waited() + "," + r.failed() + "\n");
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write " + rowsFile + ": " + e.getMessage(), e);
      }
    }
  }

  @Override
  public void tracePromoted(long id, int length, long position) {
    promotions++;
  }

  /** Mining reports received. */
  public long jobCount() {
    return jobs;
  }

  /** Traces promoted. */
  public long promotionCount() {
    return promotions;
  }

  /** Total mining time of the ingested jobs, in milliseconds. */
  public double miningMillis() {
    return miningNanos / 1e6;
  }

  /** Writes {@code mining.csv} (header and one row per report) to {@code target}; only when recording. */
  void copyCsvTo(Path target) throws IOException {
    if (rows == null) {
      throw new IllegalStateException("a counting log keeps no reports");
    }
    rows.flush();
    try (var out = Files.newOutputStream(target)) { // a new file with the usual permissions, not the temp file's
      Files.copy(rowsFile, out);
    }
  }

  /** Deletes the temporary file of a recording log. */
  @Override
  public void close() throws IOException {
    if (rows != null) {
      try {
        rows.close();
      } finally {
        Files.deleteIfExists(rowsFile);
      }
    }
  }
}
