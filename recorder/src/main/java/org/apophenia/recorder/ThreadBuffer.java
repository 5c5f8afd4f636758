package org.apophenia.recorder;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * One thread's buffer: the producer side of its {@link Ring}s, the {@link Overflow} policy applied
 * when the ring is full, and the counts of what that cost. Only its owner thread records into it; the
 * {@link Drainer} is the only other thread that touches it (its {@code draining} side). The fast path
 * of {@link #put} is three array stores and a release store, plus one comparison against the last
 * {@code tail} seen, re-read only when the ring looks full.
 */
final class ThreadBuffer {
  private static final VarHandle COUNTS;

  static {
    try {
      COUNTS = MethodHandles.arrayElementVarHandle(long[].class);
    } catch (IllegalArgumentException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Largest ring {@link Overflow#GROW} doubles to; after that it adds rings of this size. */
  static final int MAX_RING = 1 << 24;

  final Thread owner;
  /** Order of registration: the thread's track in the output. */
  final int index;
  final String threadName;
  private final Overflow policy;
  private final Drainer drainer;
  /** The ring the owner records into (plain: the fast path's), and the same for other threads' reads. */
  private Ring ring;
  private volatile Ring published;
  private long cachedTail;
  /** What the policy did, and the events of rings left behind: written by the owner only, with release stores. */
  private final long[] counts = new long[5];
  private static final int DROPPED = 0;
  private static final int GROWN = 1;
  private static final int BLOCKS = 2;
  private static final int BLOCKED_NANOS = 3;
  /** Events recorded into rings this buffer has left ({@link Overflow#GROW}). */
  private static final int RECORDED_BEFORE = 4;

  // the drainer's side
  Ring draining;
  long written;
  /** The drainer's archive of this thread's events, in recording order. */
  final EventArchive archive = new EventArchive();

  ThreadBuffer(Thread owner, int index, int capacity, Overflow policy, Drainer drainer) {
    this.owner = owner;
    this.index = index;
    this.threadName = owner.getName();
    this.policy = policy;
    this.drainer = drainer;
    this.ring = new Ring(capacity);
    this.published = ring;
    this.draining = ring;
  }

  /** Records one event. Owner thread only. */
  void put(long time, long header, long arg) {
    Ring r = ring;
    long h = r.head;
    if (h - cachedTail >= r.capacity) {
      r = makeRoom(r, h);
      h = r.head;
    }
    int i = ((int) h & r.mask) * Ring.WIDTH;
    long[] s = r.slots;
    s[i] = time;
    s[i + 1] = header;
    s[i + 2] = arg;
    Ring.HEAD.setRelease(r, h + 1);
  }

  /** The ring looks full: re-read its tail, then apply the policy. Returns the ring to record into. */
  private Ring makeRoom(Ring r, long h) {
    long t = r.tail();
    if (h - t < r.capacity) {
      cachedTail = t;
      return r;
    }
    switch (policy) {
      case GROW -> {
        Ring n = new Ring(Math.min(MAX_RING, r.capacity * 2));
        bump(RECORDED_BEFORE, h);
        ring = n;
        published = n;
        cachedTail = 0;
        r.link(n); // after the last event published here: the drainer empties r, then follows
        bump(GROWN, 1);
        return n;
      }
      case DROP_OLDEST -> {
        while (true) {
          if (r.claim(t, t + 1)) { // the oldest unwritten event is gone: counted
            bump(DROPPED, 1);
            cachedTail = t + 1;
            return r;
          }
          t = r.tail(); // the drainer took some: maybe there is room now
          if (h - t < r.capacity) {
            cachedTail = t;
            return r;
          }
        }
      }
      case BLOCK -> {
        long t0 = System.nanoTime();
        bump(BLOCKS, 1);
        while (h - t >= r.capacity) {
          if (drainer.isStopped()) { // nobody will make room any more: this one is dropped, counted
            r.claim(t, t + 1);
            bump(DROPPED, 1);
          } else {
            drainer.wake();
            LockSupport.parkNanos(20_000);
          }
          t = r.tail();
        }
        bump(BLOCKED_NANOS, System.nanoTime() - t0);
        cachedTail = t;
        return r;
      }
      default -> throw new AssertionError(policy);
    }
  }

  private void bump(int which, long by) {
    COUNTS.setRelease(counts, which, counts[which] + by);
  }

  private long count(int which) {
    return (long) COUNTS.getAcquire(counts, which);
  }

  /**
   * What this thread recorded and what its policy did, as of now (any thread; exact once the owner
   * has stopped recording).
   */
  ThreadStats stats() {
    Ring r = published;
    long before = count(RECORDED_BEFORE);
    return new ThreadStats(index, threadName, before + r.publishedHead(), written, count(DROPPED), count(GROWN),
        count(BLOCKS), count(BLOCKED_NANOS));
  }
}
