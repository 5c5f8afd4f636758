package org.apophenia.recorder;

import java.util.Set;

/**
 * What a hooked class records through: one per object that records, taken once, when it is built,
 * from {@link #current()}, and kept in a final field. Each event site reads the flag of its event's
 * category first:
 *
 * <pre>{@code
 * if (probe.ops()) {
 *   probe.event(EventKind.OP_ISSUED, index);
 * }
 * }</pre>
 *
 * With no recorder installed ({@link #off()}) or the category off, that is a field read and a branch
 * that always goes the same way. An event costs a {@link System#nanoTime()} and four stores into the
 * calling thread's ring; the ring is found through the last one this probe used when the thread is
 * the same (one comparison), else through the recorder's thread-local. The category flags are not
 * checked again by {@link #event}: the site's guard is the check.
 *
 * <p>Thread-safe: any thread may record through one probe (the cached ring is per thread by its
 * owner; a race on the cache only costs a thread-local look-up).
 */
public final class Probe {
  private static final Probe OFF = new Probe(null, Set.of());

  private final EventRecorder recorder;
  private final boolean ops;
  private final boolean traces;
  private final boolean mining;
  private final boolean analysis;
  private final boolean replay;
  private final boolean waits;
  /** The ring the last event through this probe went to: taken when its owner is the calling thread. */
  private ThreadBuffer last;

  Probe(EventRecorder recorder, Set<Category> on) {
    this.recorder = recorder;
    this.ops = recorder != null && on.contains(Category.OPS);
    this.traces = recorder != null && on.contains(Category.TRACES);
    this.mining = recorder != null && on.contains(Category.MINING);
    this.analysis = recorder != null && on.contains(Category.ANALYSIS);
    this.replay = recorder != null && on.contains(Category.REPLAY);
    this.waits = recorder != null && on.contains(Category.WAITS);
  }

  /** A probe of the installed recorder, or {@link #off()} if none is installed. Read once per hooked object. */
  public static Probe current() {
    EventRecorder r = EventRecorder.installed();
    return r == null ? OFF : r.probe();
  }

  /** The probe that records nothing. */
  public static Probe off() {
    return OFF;
  }

  public boolean ops() {
    return ops;
  }

  public boolean traces() {
    return traces;
  }

  public boolean mining() {
    return mining;
  }

  public boolean analysis() {
    return analysis;
  }

  public boolean replay() {
    return replay;
  }

  public boolean waits() {
    return waits;
  }

  /** Whether {@code c} is recorded (the flags above, by category). */
  public boolean on(Category c) {
    return switch (c) {
      case OPS -> ops;
      case TRACES -> traces;
      case MINING -> mining;
      case ANALYSIS -> analysis;
      case REPLAY -> replay;
      case WAITS -> waits;
    };
  }

  /** Records {@code kind} now with {@code arg}. */
  public void event(EventKind kind, long arg) {
    event(kind, 0, arg);
  }

  /** Records {@code kind} now with {@code aux} (signed, 56 bits) and {@code arg}. */
  public void event(EventKind kind, long aux, long arg) {
    if (recorder != null) {
      buffer().put(System.nanoTime(), kind.header(aux), arg);
    }
  }

  /**
   * Records a {@link EventKind.Shape#COMPLETE} slice of {@code kind} from {@code start} to {@code end}
   * ({@link System#nanoTime()} values the caller read anyway) with {@code aux}: no clock read here.
   */
  public void complete(EventKind kind, long start, long end, long aux) {
    if (recorder != null) {
      buffer().put(start, kind.header(aux), end);
    }
  }

  private ThreadBuffer buffer() {
    ThreadBuffer b = last;
    Thread me = Thread.currentThread();
    if (b == null || b.owner != me) {
      b = recorder.bufferOf(me);
      last = b;
    }
    return b;
  }
}
