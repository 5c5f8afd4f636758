package org.apophenia.recorder;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * The background writer: every few milliseconds (or when a blocked thread wakes it) it moves each
 * thread's published events out of its {@link Ring} into the thread's {@link EventArchive}, so that no
 * recording thread ever copies, allocates for, or waits on the output (Denis et al. §4.1: FxT's flush
 * of a full buffer inside the probe cost some runs 40–63% of their throughput; §7 proposes exactly a
 * thread dedicated to flushing). One drainer per recorder; it never records events itself.
 */
final class Drainer implements Runnable {
  /** Events moved per claim: bounds the scratch copy, and how long a dropping producer can make a claim fail. */
  private static final int BATCH = 4096;

  private final List<ThreadBuffer> buffers;
  private final long periodNanos;
  private final long[] scratch = new long[BATCH * Ring.WIDTH];
  private final Thread thread;
  private volatile boolean stopping;
  private volatile boolean stopped;
  /** The drainer's own CPU time when it stopped (-1 where the JVM cannot tell). */
  private volatile long cpuNanos = -1;

  Drainer(List<ThreadBuffer> buffers, long periodNanos) {
    this.buffers = buffers;
    this.periodNanos = periodNanos;
    this.thread = new Thread(this, "apophenia-recorder");
    thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  @Override
  public void run() {
    try {
      while (!stopping) {
        drainAll();
        LockSupport.parkNanos(this, periodNanos);
      }
      drainAll(); // everything published before stop() was called
    } finally {
      ThreadMXBean mx = ManagementFactory.getThreadMXBean();
      if (mx.isCurrentThreadCpuTimeSupported()) {
        cpuNanos = mx.getCurrentThreadCpuTime();
      }
      stopped = true;
    }
  }

  /** CPU time the drainer used, once stopped; -1 if unknown. */
  long cpuNanos() {
    return cpuNanos;
  }

  /** Wakes the drainer now (a thread is blocked on a full ring). */
  void wake() {
    LockSupport.unpark(thread);
  }

  /** Whether the last drain is done: nothing recorded from now on is written. */
  boolean isStopped() {
    return stopped;
  }

  /** Drains one last time and ends the thread; returns when it has. */
  void stop() throws InterruptedException {
    stopping = true;
    LockSupport.unpark(thread);
    thread.join();
  }

  private void drainAll() {
    for (ThreadBuffer b : buffers) {
      drain(b);
    }
  }

  /** Moves what {@code b}'s rings hold, following the links of {@link Overflow#GROW}. */
  private void drain(ThreadBuffer b) {
    Ring r = b.draining;
    while (true) {
      long t = r.tail();
      long h = r.publishedHead();
      if (h > t) {
        int n = (int) Math.min(Math.min(h - t, r.capacity), BATCH);
        int from = (int) (t & r.mask);
        int first = Math.min(n, r.capacity - from);
        System.arraycopy(r.slots, from * Ring.WIDTH, scratch, 0, first * Ring.WIDTH);
        System.arraycopy(r.slots, 0, scratch, first * Ring.WIDTH, (n - first) * Ring.WIDTH);
        if (r.claim(t, t + n)) { // else the producer dropped some of them meanwhile: read again
          b.archive.append(scratch, 0, n);
          b.written += n;
        }
        continue;
      }
      Ring next = r.next();
      if (next == null) {
        return;
      }
      if (r.publishedHead() != r.tail()) {
        continue; // its last events, published before the link
      }
      b.draining = next;
      r = next;
    }
  }
}
