package org.apophenia.recorder;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One thread's ring of events, {@link #capacity} events of three longs: a single-producer queue that
 * one consumer (the {@link Drainer}) empties. The producer stores an event's longs, then publishes it
 * by a release store of {@code head}; the drainer reads what lies between {@code tail} and {@code head}
 * and claims it by a compare-and-set of {@code tail}. Under {@link Overflow#DROP_OLDEST} the producer
 * too moves {@code tail} on (one compare-and-set per event it drops), before it overwrites a slot: a
 * drainer whose claim fails reads again, so it never hands over an event the producer overwrote.
 * {@code head} and {@code tail} only grow, so a compare-and-set never mistakes one lap for another.
 * Under {@link Overflow#GROW} the producer moves on to a larger ring and links it as {@link #next}
 * after its last event: the drainer empties this one, then follows the link. No lock anywhere.
 */
final class Ring {
  static final VarHandle HEAD;
  static final VarHandle TAIL;
  static final VarHandle NEXT;

  static {
    try {
      MethodHandles.Lookup l = MethodHandles.lookup();
      HEAD = l.findVarHandle(Ring.class, "head", long.class);
      TAIL = l.findVarHandle(Ring.class, "tail", long.class);
      NEXT = l.findVarHandle(Ring.class, "next", Ring.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Longs per event: time, header, arg. */
  static final int WIDTH = 3;

  final long[] slots;
  final int capacity;
  final int mask;
  /** Events published (producer: plain reads, release stores; drainer: acquire loads). */
  long head;
  /** Events gone: claimed by the drainer or dropped by the producer (compare-and-set from both). */
  @SuppressWarnings("unused") // through TAIL
  private long tail;
  /** The ring the producer moved on to ({@link Overflow#GROW}), set after its last event here. */
  @SuppressWarnings("unused") // through NEXT
  private Ring next;

  /** A ring of {@code capacity} events, a power of two. */
  Ring(int capacity) {
    if (capacity < 1 || Integer.bitCount(capacity) != 1) {
      throw new IllegalArgumentException("ring capacity must be a power of two, got " + capacity);
    }
    this.capacity = capacity;
    this.mask = capacity - 1;
    this.slots = new long[capacity * WIDTH];
  }

  long tail() {
    return (long) TAIL.getAcquire(this);
  }

  long publishedHead() {
    return (long) HEAD.getAcquire(this);
  }

  Ring next() {
    return (Ring) NEXT.getAcquire(this);
  }

  boolean claim(long from, long to) {
    return TAIL.compareAndSet(this, from, to);
  }

  void link(Ring n) {
    NEXT.setRelease(this, n);
  }
}
