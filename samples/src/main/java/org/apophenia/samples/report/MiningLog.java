package org.apophenia.samples.report;

import java.util.ArrayList;
import java.util.List;
import org.apophenia.apophenia.InterceptorListener;
import org.apophenia.apophenia.MiningReport;

/** Collects the mining reports and promotions of a run (for {@code mining.csv}). Not thread-safe. */
public final class MiningLog implements InterceptorListener {
  public final List<MiningReport> jobs = new ArrayList<>();
  /** {@code {id, length, position}} of each promotion, in order. */
  public final List<long[]> promotions = new ArrayList<>();

  @Override
  public void jobIngested(MiningReport report) {
    jobs.add(report);
  }

  @Override
  public void tracePromoted(long id, int length, long position) {
    promotions.add(new long[] {id, length, position});
  }

  /** Total mining time of the ingested jobs, in milliseconds. */
  public double miningMillis() {
    long n = 0;
    for (MiningReport r : jobs) {
      n += r.durationNanos();
    }
    return n / 1e6;
  }
}
