package org.apophenia.cli;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.function.Consumer;
import org.apophenia.autotrace.Interceptor;
import org.apophenia.autotrace.accounting.TimeAccount;

/**
 * Hands parsed operations to an interceptor a chunk at a time: parsing fills the chunk (its time
 * stays in the account's current bucket, read exactly at the chunk's ends), then the whole chunk is
 * issued inside one {@linkplain TimeAccount#beginSpan() span}, so that a sampling account reads the
 * clock for a sample of the operations only. Issue order is the stream's: chunking changes when
 * operations are parsed, never what Apophenia sees. Application thread only.
 *
 * @param <O> the operation type
 */
final class ChunkedFeed<O> implements Consumer<O> {
  /**
   * Operations per chunk. Small enough that a chunk's operations, and the garbage parsing them made,
   * still fit in a 1 MB L2 cache when they are issued: in a larger chunk the first touch of each
   * operation misses the cache, and that miss lands in Apophenia's buckets (hashing the keys), not in
   * parsing's. Large enough that the chunk's two clock reads are a small share of each operation
   * (BENCHMARKS.md, "`analyze` throughput").
   */
  static final int SIZE = 256;

  private final Interceptor<O> interceptor;
  private final TimeAccount account;
  private final Object[] chunk;
  private int size;
  private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
  private final boolean cpuTime = CPU.isCurrentThreadCpuTimeSupported();
  private long cpuNanos;
  private long issued;
  /**
   * The account and the CPU time after the first {@code 2^k} operations, at chunk boundaries (outside
   * spans, where the sampled split is settled): O(log n) snapshots, enough to time a window of at least
   * the last half of a stream whose length is not known in advance.
   */
  private final long[][] marks = new long[Long.SIZE][];
  private final long[] cpuMarks = new long[Long.SIZE];

  ChunkedFeed(Interceptor<O> interceptor, TimeAccount account, int chunkSize) {
    this.interceptor = interceptor;
    this.account = account;
    this.chunk = new Object[chunkSize];
  }

  @Override
  public void accept(O op) {
    chunk[size++] = op;
    if (size == chunk.length) {
      issue();
    }
  }

  /** Issues the operations parsed since the last full chunk. */
  void finish() {
    issue();
  }

  /**
   * Issues the operations parsed so far, if any, before a full chunk: live input that has nothing more
   * to read right now (the producer may be waiting for what they decide).
   */
  void issueNow() {
    if (size > 0) {
      issue();
    }
  }

  @SuppressWarnings("unchecked")
  private void issue() {
    long c0 = cpuTime ? CPU.getCurrentThreadCpuTime() : 0;
    account.beginSpan();
    try {
      for (int i = 0; i < size; i++) {
        O op = (O) chunk[i];
        chunk[i] = null;
        interceptor.execute(op);
      }
    } finally {
      account.endSpan();
      issued += size;
      size = 0;
      if (cpuTime) {
        cpuNanos += CPU.getCurrentThreadCpuTime() - c0;
      }
      int k = Long.numberOfTrailingZeros(issued);
      if (issued > 0 && Long.bitCount(issued) == 1 && marks[k] == null) {
        marks[k] = account.snapshot(TimeAccount.newSnapshot());
        cpuMarks[k] = cpuNanos;
      }
    }
  }

  /**
   * The steady-state window of a stream of {@code n} operations: from the largest power of two
   * {@code 2^k <= n / 2} to the end: at least the stream's last half and less than its last three
   * quarters, past the start-up (class loading, compilation, the first mining jobs); the whole stream
   * if no snapshot qualifies (under {@code 2 * SIZE} operations).
   */
  Window steadyState(long n) {
    for (int k = 62; k >= 0; k--) {
      if (marks[k] != null && (1L << k) <= n / 2) {
        return new Window(1L << k, marks[k], cpuTime ? cpuMarks[k] : -1);
      }
    }
    return new Window(0, TimeAccount.newSnapshot(), cpuTime ? 0 : -1);
  }

  /**
   * Where a window starts: the operations issued before it, the account's buckets then and the
   * issuing CPU time then (-1 where not measured).
   */
  record Window(long fromOp, long[] bucketsBefore, long cpuBefore) {}

  /**
   * CPU time of this thread while issuing chunks (Apophenia and whatever the sink does), or -1 where
   * the JVM does not measure it: unlike the buckets' wall time, it excludes time the thread was
   * descheduled (a shared machine) or blocked waiting for mining. Each reading costs about a
   * microsecond, once per chunk, outside the spans.
   */
  long cpuNanos() {
    return cpuTime ? cpuNanos : -1;
  }
}
