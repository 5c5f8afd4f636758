package org.apophenia.recorder;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A real-time event recorder (Denis et al., "Tracing task-based runtime systems: feedbacks from the
 * StarPU case", 2023, §6.2's requirements): per-thread buffers with no lock on the recording path,
 * monotonic nanosecond timestamps ({@link System#nanoTime()}), categories chosen at run time, buffers
 * emptied by a background thread and never by the recording thread, and an overflow policy whose
 * cost is counted, never silent.
 *
 * <pre>{@code
 * try (EventRecorder r = EventRecorder.start(RecorderSettings.defaults()).install()) {
 *   run();                  // every hooked class built now records through Probe.current()
 *   EventLog log = r.stop(); // the events of every thread, in time order
 * }
 * }</pre>
 *
 * <p><b>Design.</b> Each thread records into its own {@link Ring} (single producer, the drainer the
 * only consumer: a release store per event, no compare-and-set unless dropping), found through a
 * {@link ThreadLocal} at most once per probe and thread switch; FxT's single locked list, which made
 * tracing cost more the more cores recorded (§4.3), has no counterpart. A {@link Drainer} thread moves
 * published events into the thread's archive every {@link RecorderSettings#drainMillis()} ms; a full
 * ring (the drainer lagging) is handled by the {@link Overflow} policy. Each thread's events are
 * ordered at {@link #stop()}; the writers merge the threads in time order. The events are kept in
 * memory, 24 bytes each, until they are written at the end, after the program's run.
 *
 * <p><b>Hooks.</b> A class that records reads {@link Probe#current()} once, when it is built, into a
 * final field, and guards each event site with the probe's flag for the event's category: with no
 * recorder installed, or the category off, an event site costs a field read and a predictable branch.
 * One recorder is installed at a time (the command line's {@code --profile}); building a runtime or an
 * interceptor while none is installed gets probes that record nothing.
 *
 * <p>Thread-safe: any thread may record; start, install and stop from one controlling thread.
 */
public final class EventRecorder implements AutoCloseable {
  private static volatile EventRecorder installed;

  private final RecorderSettings settings;
  private final List<ThreadBuffer> buffers = new CopyOnWriteArrayList<>();
  private final ThreadLocal<ThreadBuffer> local = new ThreadLocal<>();
  private final Drainer drainer;
  private final long startNanos;
  private boolean drainerStarted;
  private EventLog log;

  private EventRecorder(RecorderSettings settings) {
    this.settings = settings;
    this.drainer = new Drainer(buffers, TimeUnit.MILLISECONDS.toNanos(settings.drainMillis()));
    this.startNanos = System.nanoTime();
  }

  /** A recorder with its background writer running, not installed. */
  public static EventRecorder start(RecorderSettings settings) {
    EventRecorder r = new EventRecorder(settings);
    r.startDrainer();
    return r;
  }

  /** A recorder whose background writer starts only at {@link #startDrainer()} or {@link #stop()} (tests: full rings on demand). */
  static EventRecorder paused(RecorderSettings settings) {
    return new EventRecorder(settings);
  }

  /** Starts the background writer (once). */
  synchronized void startDrainer() {
    if (!drainerStarted) {
      drainerStarted = true;
      drainer.start();
    }
  }

  /** The installed recorder, or null. */
  static EventRecorder installed() {
    return installed;
  }

  /**
   * Makes this the recorder whose probes {@link Probe#current()} hands out, until {@link #stop()}.
   * IllegalStateException if another is installed, or this one has stopped.
   */
  public synchronized EventRecorder install() {
    if (log != null) {
      throw new IllegalStateException("this recorder has stopped");
    }
    synchronized (EventRecorder.class) {
      if (installed != null && installed != this) {
        throw new IllegalStateException("another event recorder is installed; stop it first");
      }
      installed = this;
    }
    return this;
  }

  public RecorderSettings settings() {
    return settings;
  }

  /** A probe recording into this recorder, whatever is installed (tests, benchmarks). */
  public Probe probe() {
    return new Probe(this, settings.categories());
  }

  /** {@link System#nanoTime()} when this recorder started. */
  public long startNanos() {
    return startNanos;
  }

  /** The calling thread's buffer, registered on its first event. */
  ThreadBuffer bufferOf(Thread me) {
    ThreadBuffer b = local.get();
    if (b == null) {
      synchronized (buffers) { // once per thread: tracks numbered in order of first event
        b = new ThreadBuffer(me, buffers.size(), settings.ringCapacity(), settings.overflow(), drainer);
        buffers.add(b);
      }
      local.set(b);
    }
    return b;
  }

  /** Whether the last drain is done. */
  boolean isStopped() {
    return drainer.isStopped();
  }

  /**
   * Uninstalls this recorder, drains every ring one last time and returns the log: each thread's
   * events in time order. Events recorded after this are not in it (counted as late if they were
   * recorded before it returned). Idempotent: later calls return the same log.
   */
  public synchronized EventLog stop() {
    if (log != null) {
      return log;
    }
    synchronized (EventRecorder.class) {
      if (installed == this) {
        installed = null;
      }
    }
    startDrainer();
    try {
      drainer.stop();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while draining the event buffers", e);
    }
    long stopNanos = System.nanoTime();
    List<ThreadEvents> threads = new ArrayList<>();
    List<ThreadStats> stats = new ArrayList<>();
    for (ThreadBuffer b : buffers) {
      long[] events = b.archive.toArray();
      TimeOrder.sort(events);
      threads.add(new ThreadEvents(b.index, b.threadName, b.owner.getId(), events));
      stats.add(b.stats());
    }
    log = new EventLog(settings, startNanos, stopNanos, threads, stats, drainer.cpuNanos());
    return log;
  }

  @Override
  public void close() {
    stop();
  }
}
