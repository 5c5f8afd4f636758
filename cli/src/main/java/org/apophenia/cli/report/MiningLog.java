package org.apophenia.cli.report;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.apophenia.autotrace.InterceptorListener;
import org.apophenia.autotrace.MiningReport;
import org.apophenia.cli.output.OutputFailure;
import org.apophenia.cli.output.SpillFile;

/**
 * Totals of the mining reports and promotions of a run, and, for {@code mining.csv}, the reports
 * themselves. Memory is flat in the length of the stream: a {@link #counting()} log keeps only
 * totals; a {@link #recording()} log writes each report as a CSV row to a {@link SpillFile} as it
 * arrives, which {@link #copyCsvTo} copies and {@link #close} removes. Called on the application
 * thread; not thread-safe.
 */
public final class MiningLog implements InterceptorListener, Closeable {
  /** The header of {@code mining.csv}. */
  static final String HEADER = "job,launch_op,window,duration_us,candidates,ingest_op,waited,failed\n";

  private final SpillFile rowsFile;
  private final Writer rows;
  private long jobs;
  private long promotions;
  private long miningNanos;

  private MiningLog(boolean record) throws IOException {
    if (record) {
      rowsFile = SpillFile.create("mining");
      rows = new OutputStreamWriter(rowsFile.output(), StandardCharsets.UTF_8);
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
        throw OutputFailure.of(rowsFile.path(), e);
      }
    }
  }

  /**
   * Ends the run when a job ran out of memory (or the JVM broke): the interceptor would drop the job
   * and go on, but a command's results must not depend on its heap, and the message must say so
   * ({@code OutOfMemory} in the command line).
   */
  @Override
  public void jobFailed(long job, Throwable cause) {
    if (cause instanceof VirtualMachineError e) {
      throw e;
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
  void copyCsvTo(OutputStream target) throws IOException {
    if (rows == null) {
      throw new IllegalStateException("a counting log keeps no reports");
    }
    rows.flush();
    try (InputStream in = rowsFile.readBack()) {
      in.transferTo(target);
    }
  }

  /** Removes the spill file of a recording log. */
  @Override
  public void close() throws IOException {
    if (rows != null) {
      rowsFile.close();
    }
  }
}
