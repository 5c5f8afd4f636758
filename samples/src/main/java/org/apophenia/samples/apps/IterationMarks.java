package org.apophenia.samples.apps;

import java.util.Objects;
import org.apophenia.autotrace.accounting.Bucket;

/**
 * Cumulative counters of a run sampled at iteration boundaries, so that a window of iterations can be
 * measured after the fact (the paper compares modes by steady-state throughput, §6.1). Index
 * {@code i} holds the state after {@code i} iterations; the last index ({@code iterations}) holds the
 * state after the run was closed, when everything the program issued has reached the runtime.
 *
 * <p><b>Steady state</b> is the last {@link #steadyIterations} iterations of the run, whatever the
 * mode: the same work in every mode, so that two modes are compared on the same operations. (A window
 * that started at each mode's own warm-up compared different iterations, and in {@code auto} mode
 * charged the backlog that Apophenia held back at its start to the window.) Real-time figures per
 * operation divide by the operations the <em>program issued</em> in the window, equal in every mode;
 * simulated time divides by the operations the runtime received, the work the machine did in it.
 *
 * @param ops operations the runtime had received
 * @param opsIssued operations the program had issued
 * @param wallNanos real time of the issuing thread since the context was created
 * @param buckets that time split into {@link Bucket}s, {@code buckets[i][bucket.ordinal()]}
 * @param simulatedNanos simulated time by which everything the runtime had received was finished
 * @param gcPauseNanos the JVM's garbage-collection pauses so far, all collectors ({@link GcPauses}):
 *     they stop the issuing thread too, so each lies inside whichever bucket was current, and a
 *     pause of tens of milliseconds can double a short window's figures
 * @param clockReads the time account's clock reads so far, by the buckets they border
 *     ({@code TimeAccount.reads}): the measurement's own cost inside the buckets
 */
public record IterationMarks(long[] ops, long[] opsIssued, long[] wallNanos, long[][] buckets, long[] simulatedNanos,
    long[] gcPauseNanos, long[][] clockReads) {
  public IterationMarks {
    Objects.requireNonNull(ops, "ops");
    int n = ops.length;
    if (n == 0 || opsIssued.length != n || wallNanos.length != n || buckets.length != n || simulatedNanos.length != n
        || gcPauseNanos.length != n || clockReads.length != n) {
      throw new IllegalArgumentException("marks must be non-empty and of one length");
    }
  }

  /** Marks without garbage-collection or clock-read readings (tests): none. */
  public IterationMarks(long[] ops, long[] opsIssued, long[] wallNanos, long[][] buckets, long[] simulatedNanos) {
    this(ops, opsIssued, wallNanos, buckets, simulatedNanos, new long[ops.length]);
  }

  /** Marks without clock-read readings (tests). */
  public IterationMarks(long[] ops, long[] opsIssued, long[] wallNanos, long[][] buckets, long[] simulatedNanos,
      long[] gcPauseNanos) {
    this(ops, opsIssued, wallNanos, buckets, simulatedNanos, gcPauseNanos, new long[ops.length][Bucket.values().length]);
  }

  /** Iterations covered (the arrays hold one more entry). */
  public int iterations() {
    return ops.length - 1;
  }

  /** The steady-state window's length for a run of {@code iterations}: its last quarter, at least 1. */
  public static int steadyIterations(int iterations) {
    return Math.max(1, iterations / 4);
  }

  /** The steady state: the last {@link #steadyIterations} iterations; null without operations in it. */
  public SteadyState steady() {
    int end = iterations();
    return window(Math.max(0, end - steadyIterations(end)), end);
  }

  /** The whole run, from the context's creation to its close; null without operations. */
  public SteadyState whole() {
    return window(0, iterations());
  }

  /**
   * Figures of iterations {@code [from, to)} (the mark after the last iteration includes the close),
   * per operation the program issued in them; null if none was.
   */
  public SteadyState window(int from, int to) {
    if (from < 0 || to > iterations() || from >= to) {
      return null;
    }
    long n = opsIssued[to] - opsIssued[from];
    if (n <= 0) {
      return null;
    }
    double[] perOp = new double[Bucket.values().length];
    double[] reads = new double[Bucket.values().length];
    for (Bucket b : Bucket.values()) {
      perOp[b.ordinal()] = (double) (buckets[to][b.ordinal()] - buckets[from][b.ordinal()]) / n;
      reads[b.ordinal()] = (double) (clockReads[to][b.ordinal()] - clockReads[from][b.ordinal()]) / n;
    }
    double frontDoor = Bucket.frontDoor(perOp);
    double apophenia = Bucket.apophenia(perOp);
    // simulated time per operation the runtime received: between two marks the machine finished exactly
    // those (in auto they lag the program by the open match, and the close takes the lag in at once)
    long received = ops[to] - ops[from];
    double simulatedPerOp = (double) (simulatedNanos[to] - simulatedNanos[from]) / (received > 0 ? received : n);
    return new SteadyState(from, to - from, n, simulatedPerOp, frontDoor,
        apophenia, (double) (wallNanos[to] - wallNanos[from]) / n, perOp,
        (double) (gcPauseNanos[to] - gcPauseNanos[from]) / n, reads);
  }

  /**
   * Figures of a window of iterations, per operation the program issued in it.
   *
   * @param fromIteration the first iteration of the window
   * @param iterations iterations in the window
   * @param ops operations the program issued in the window
   * @param simulatedNanosPerOp simulated time per operation the runtime received in the window (the
   *     work the machine finished in it): the inverse of simulated throughput
   * @param frontDoorNanosPerOp real time in the runtime's front door (analysis and replay buckets)
   * @param apopheniaNanosPerOp real time in Apophenia's own work (tokenize, match and ingest buckets)
   * @param wallNanosPerOp the issuing thread's real time, measured apart from the buckets
   * @param bucketNanosPerOp real time per {@link Bucket}, by ordinal; they add up to the wall time
   * @param gcPauseNanosPerOp the JVM's garbage-collection pauses during the window: not a bucket, but
   *     part of the buckets (of whichever was current when the pause came), and so of the wall time
   * @param clockReadsPerOp the time account's clock reads per operation bordering each bucket, by
   *     ordinal (see {@code TimeAccount.reads}): half of each read's cost is in each bucket it borders
   */
  public record SteadyState(int fromIteration, int iterations, long ops, double simulatedNanosPerOp,
      double frontDoorNanosPerOp, double apopheniaNanosPerOp, double wallNanosPerOp, double[] bucketNanosPerOp,
      double gcPauseNanosPerOp, double[] clockReadsPerOp) {

    /** Clock reads per operation bordering {@code b}. */
    public double clockReadsPerOp(Bucket b) {
      return clockReadsPerOp[b.ordinal()];
    }

    /** A window without garbage-collection or clock-read readings. */
    public SteadyState(int fromIteration, int iterations, long ops, double simulatedNanosPerOp,
        double frontDoorNanosPerOp, double apopheniaNanosPerOp, double wallNanosPerOp, double[] bucketNanosPerOp) {
      this(fromIteration, iterations, ops, simulatedNanosPerOp, frontDoorNanosPerOp, apopheniaNanosPerOp,
          wallNanosPerOp, bucketNanosPerOp, 0, new double[bucketNanosPerOp.length]);
    }

    /** Nanoseconds per operation in {@code b}. */
    public double nanosPerOp(Bucket b) {
      return bucketNanosPerOp[b.ordinal()];
    }

    /** The buckets' sum per operation, every bucket but {@code except}. */
    public double totalExcept(Bucket except) {
      double t = 0;
      for (Bucket b : Bucket.values()) {
        if (b != except) {
          t += bucketNanosPerOp[b.ordinal()];
        }
      }
      return t;
    }
  }
}
