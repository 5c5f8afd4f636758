package org.apophenia.bench.recorder;

import java.util.concurrent.TimeUnit;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Name;
import jdk.jfr.Recording;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;
import org.apophenia.recorder.Category;
import org.apophenia.recorder.EventKind;
import org.apophenia.recorder.EventRecorder;
import org.apophenia.recorder.Overflow;
import org.apophenia.recorder.Probe;
import org.apophenia.recorder.RecorderSettings;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one event costs the thread that records it, and what a hook costs when nothing is recorded.
 * Each invocation does a token's worth of work ({@link #work}: a few multiply-xorshift rounds, so that
 * the hook sits in a realistic loop body rather than alone) and, but for the baseline, one hook:
 *
 * <ul>
 *   <li>{@code noRecorder}: the work alone, no hook in the code;
 *   <li>{@code recorderOff}: the work and a hook whose probe is {@link Probe#off()} (no recorder
 *       installed: every run without {@code --profile});
 *   <li>{@code categoryOff}: a recorder running, the hook's category not chosen;
 *   <li>{@code event}: the hook records an event (a {@code System.nanoTime()} and four stores), the
 *       background writer draining concurrently, as under {@code --profile};
 *   <li>{@code event2Threads}: the same on two threads at once, each into its own ring (no lock:
 *       the cost per event should not grow with the threads, FxT's did, Denis et al. §4.3);
 *   <li>{@code nanoTime}: the work and a {@code System.nanoTime()} alone: the clock's share of an event;
 *   <li>{@code jfrEvent}, {@code jfrEvent2Threads}: the JDK Flight Recorder's custom event with one
 *       long field, committed with a recording running (stack traces off, threshold 0): the library
 *       the issue asked to consider, on the same footing; {@code jfrDisabled}: the same event class
 *       with the event disabled.
 * </ul>
 *
 * The recorder grows its buffers (nothing lost) and is made anew each iteration, since it keeps every
 * event in memory until it stops (24 bytes each); iterations are 1 s for that reason.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar RecorderBenchmark}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx6g"})
public class RecorderBenchmark {
  EventRecorder recorder;
  EventRecorder opsOffRecorder;
  private Recording jfr;

  /** One long field, no stack trace, always committed: the cheapest JFR event there is. */
  @Name("apophenia.Forwarded")
  @StackTrace(false)
  @Threshold("0 ns")
  static final class ForwardedEvent extends Event {
    long op;
  }

  /** The same, never enabled. */
  @Name("apophenia.Disabled")
  @Enabled(false)
  @StackTrace(false)
  static final class DisabledEvent extends Event {
    long op;
  }

  /**
   * A thread's own probes and work, as each hooked object is one application thread's (the
   * interceptor, the runtime): a probe shared by two threads would go back to the thread-local on
   * every switch.
   */
  @State(Scope.Thread)
  public static class Seq {
    long x = 0x9E3779B97F4A7C15L;
    Probe on;
    Probe opsOff;
    Probe off;

    @Setup(Level.Iteration)
    public void probes(RecorderBenchmark b) {
      on = b.recorder.probe();
      opsOff = b.opsOffRecorder.probe();
      off = Probe.off();
    }
  }

  @Setup(Level.Iteration)
  public void start() {
    recorder = EventRecorder.start(RecorderSettings.defaults().withOverflow(Overflow.GROW));
    opsOffRecorder = EventRecorder.start(RecorderSettings.defaults()
        .withCategories(java.util.EnumSet.complementOf(java.util.EnumSet.of(Category.OPS))));
  }

  @Setup(Level.Trial)
  public void startJfr() {
    jfr = new Recording();
    jfr.enable(ForwardedEvent.class).withoutStackTrace().withThreshold(java.time.Duration.ZERO);
    jfr.setToDisk(true);
    jfr.start();
  }

  @TearDown(Level.Iteration)
  public void stop() {
    recorder.stop();
    opsOffRecorder.stop();
  }

  @TearDown(Level.Trial)
  public void stopJfr() {
    jfr.stop();
    jfr.close();
  }

  /** A token's worth of arithmetic, different each call. */
  private static long work(Seq s) {
    long x = s.x;
    for (int i = 0; i < 4; i++) {
      x ^= x >>> 29;
      x *= 0xBF58476D1CE4E5B9L;
    }
    s.x = x;
    return x;
  }

  @Benchmark
  public long noRecorder(Seq s) {
    return work(s);
  }

  @Benchmark
  public long recorderOff(Seq s) {
    long x = work(s);
    if (s.off.ops()) {
      s.off.event(EventKind.OP_FORWARDED, x);
    }
    return x;
  }

  @Benchmark
  public long categoryOff(Seq s) {
    long x = work(s);
    if (s.opsOff.ops()) {
      s.opsOff.event(EventKind.OP_FORWARDED, x);
    }
    return x;
  }

  @Benchmark
  public long nanoTime(Seq s) {
    return work(s) ^ System.nanoTime();
  }

  @Benchmark
  public long event(Seq s) {
    long x = work(s);
    if (s.on.ops()) {
      s.on.event(EventKind.OP_FORWARDED, x);
    }
    return x;
  }

  @Benchmark
  @Threads(2)
  public long event2Threads(Seq s) {
    return event(s);
  }

  @Benchmark
  public long jfrEvent(Seq s) {
    long x = work(s);
    ForwardedEvent e = new ForwardedEvent();
    e.op = x;
    e.commit();
    return x;
  }

  @Benchmark
  @Threads(2)
  public long jfrEvent2Threads(Seq s) {
    return jfrEvent(s);
  }

  @Benchmark
  public long jfrDisabled(Seq s) {
    long x = work(s);
    DisabledEvent e = new DisabledEvent();
    e.op = x;
    e.commit();
    return x;
  }
}
