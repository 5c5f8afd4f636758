package org.apophenia.samples.adapter;

import java.util.Objects;
import java.util.concurrent.Executor;
import org.apophenia.autotrace.ApopheniaSettings;
import org.apophenia.autotrace.Collective;
import org.apophenia.autotrace.Interceptor;
import org.apophenia.autotrace.InterceptorListener;
import org.apophenia.autotrace.InterceptorStats;
import org.apophenia.autotrace.Knobs;
import org.apophenia.autotrace.TraceSink;
import org.apophenia.autotrace.accounting.Bucket;
import org.apophenia.autotrace.accounting.TimeAccount;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.recorder.EventKind;
import org.apophenia.recorder.Probe;
import org.apophenia.replay.DynamicTracing;
import org.apophenia.replay.TracingOptions;

/**
 * Where the array library's operations enter legion-runtime, and where its program blocks: the one
 * place where Apophenia meets this runtime. Every {@link ArrayOp} goes through {@link #issue}; every
 * wait of the program goes through {@link #awaitResult}, {@link #awaitIssued} or {@link
 * #blockingWait}. The {@link Mode} chosen when it is built decides what lies in between. Not
 * thread-safe: one application thread, the one that builds it (its time account is that thread's).
 *
 * <p><b>Design.</b> Legion hooks automatic tracing into a task's context with one mixin, {@code
 * AutoTracing<T>} ({@code runtime/legion/legion_auto_trace.h}), that overrides the two virtual
 * functions where operations enter ({@code add_to_dependence_queue}) and where the program blocks
 * ({@code record_blocking_call}), and leaves everything else to the tracing room. This class is that
 * hook for legion-runtime: the first is {@link #issue}, the second the three waits; the tracing room
 * is the {@code apophenia} module behind {@link Interceptor}. A runtime engineer bringing Apophenia to another runtime writes the
 * same three things: a {@link org.apophenia.autotrace.Tokenizer} ({@link ArrayTokenizer}: a token per
 * operation, equal exactly when the runtime would analyse the two operations the same way), a {@link
 * TraceSink} into the runtime ({@link RuntimeSink}: operations, and markers as the runtime's trace
 * begin/end), and this class's two points.
 *
 * <p><b>Modes.</b> How {@link #builder} wires the runtime, the trace engine, the interceptor and the
 * sink:
 * <ul>
 *   <li>{@code none}: operations go straight to the sink; no trace engine, every operation analysed;</li>
 *   <li>{@code manual}: a {@link DynamicTracing} engine is installed in the runtime; operations go
 *       straight to the sink, and the driver places hand-written annotations with {@link
 *       #beginManualTrace}/{@link #endManualTrace};</li>
 *   <li>{@code auto}: the engine is installed, and operations go to an {@link Interceptor} over the
 *       sink, built from the {@link ApopheniaSettings} given to the builder (the only way Apophenia's
 *       knobs reach a run), which places the markers itself.</li>
 * </ul>
 *
 * <p><b>Blocking.</b> As in Legion, a wait is a break for Apophenia only if it cannot be served from
 * what the runtime has already been given: the awaited operation is still held back by the
 * interceptor, or a trace is open (the runtime would have to end it). Then everything pending is
 * forwarded and the repeat being matched is cut ({@code Interceptor.blockingWait}). Otherwise the wait
 * only notes where the program paused ({@code Interceptor.waited}), which phases loops after it.
 *
 * <p><b>Time and counts.</b> The adapter starts the issuing thread's {@link TimeAccount} when it is
 * built; the interceptor, the sink and the array library's kernels charge it. {@link #stats()},
 * {@link #interceptorStats()} and {@link #traceEngine()}'s {@code stats()} say what was issued, what
 * Apophenia did and what the engine replayed. Costs per operation: one counter increment and one
 * branch besides the interceptor's and the runtime's own work.
 */
public final class RuntimeAdapter implements AutoCloseable {
  private final LegionRuntime runtime;
  private final Mode mode;
  private final long createdNanos = System.nanoTime();
  private final TimeAccount account = TimeAccount.started();
  private final DynamicTracing engine;
  private final RuntimeSink sink;
  private final Interceptor<ArrayOp> apophenia;
  private long issued;
  private boolean closed;
  /** The event recorder's, read once: where the program blocks, and whether that was a break. */
  private final Probe probe = Probe.current();

  private RuntimeAdapter(Builder b) {
    this.runtime = b.runtime;
    this.mode = b.mode;
    // manual and auto replay through the replay-engine module's memoizing engine (dynamic tracing,
    // SC'18) with its default options; none has no engine, so every operation is analysed
    // (safe tracing, Legion's -lg:safe_tracing: the engine's strict mode, a replay that differs from its
    // recording is a TraceMismatchException)
    this.engine = mode == Mode.NONE ? null : new DynamicTracing(b.settings.get(Knobs.SAFE_TRACING)
        ? TracingOptions.defaults().withMode(TracingOptions.Mode.STRICT) : TracingOptions.defaults());
    if (engine != null) {
      runtime.setTraceEngine(engine);
    }
    this.sink = new RuntimeSink(runtime, engine, b.observer, account);
    this.apophenia = mode == Mode.AUTO ? interceptor(b) : null;
    // --explain: the engine's word on each occurrence not replayed, placed on the simulated timeline
    sink.reasons = b.listener.reasons();
    if (sink.reasons != null) {
      sink.reasons.runtimeClock(runtime.simulation()::now);
    }
    // the engine's word on each reissued occurrence goes back to Apophenia: a trace that keeps failing is retired
    sink.reportOutcomesTo(apophenia);
  }

  private Interceptor<ArrayOp> interceptor(Builder b) {
    Interceptor.Builder<ArrayOp> i = Interceptor.builder(ArrayTokenizer.INSTANCE, sink).settings(b.settings)
        .listener(b.listener).account(account).collective(b.collective);
    if (b.miningExecutor != null) {
      i.executor(b.miningExecutor);
    }
    return i.build();
  }

  /** A builder of the adapter issuing to {@code runtime} in {@code mode}. */
  public static Builder builder(LegionRuntime runtime, Mode mode) {
    return new Builder(runtime, mode);
  }

  /** The runtime operations are issued to. */
  public LegionRuntime runtime() {
    return runtime;
  }

  /** The mode this adapter was built in. */
  public Mode mode() {
    return mode;
  }

  // ------------------------------------------------------------------ where operations enter

  /**
   * Issues {@code op}, the program's next operation (its index is {@link #opsIssued()} before the
   * call): to the interceptor in {@code auto} mode, which may hold it back until it knows whether a
   * trace starts there, else (and after {@link #close()}) straight to the runtime. Legion's {@code
   * add_to_dependence_queue}.
   */
  public void issue(ArrayOp op) {
    issued++;
    if (apophenia != null && !closed) {
      apophenia.execute(op);
    } else {
      sink.op(op);
    }
  }

  // ------------------------------------------------------------------ where the program blocks

  /**
   * The program is about to wait for {@code slot}'s future: a break if the operation that fills it is
   * still held back by Apophenia (it is forwarded, with everything pending) or a trace is open, else
   * just a note of where the program paused. Legion's {@code record_blocking_call} for a future.
   */
  public void awaitResult(ArrayOp.ResultSlot slot) {
    waitOn(slot.future() == null);
  }

  /**
   * The program is about to read, through an inline mapping, what operation {@code opIndex} (program
   * order, see {@link #opsIssued()}) wrote: as {@link #awaitResult}, a break only if that operation has
   * not reached the runtime yet or a trace is open.
   */
  public void awaitIssued(long opIndex) {
    waitOn(sink.ops <= opIndex);
  }

  /**
   * Every issued operation reaches the runtime now: an untraceable point for Apophenia (it cuts the
   * repeat being matched). For waits that cannot say what they wait for, such as an inline read of a
   * whole array.
   */
  public void blockingWait() {
    if (probe.waits()) {
      probe.event(EventKind.BLOCKING_POINT, 1, issued);
    }
    if (apophenia != null && !closed) {
      apophenia.blockingWait();
    }
  }

  private void waitOn(boolean buffered) {
    if (buffered || runtime.openTrace() >= 0) {
      blockingWait();
    } else {
      if (probe.waits()) {
        probe.event(EventKind.BLOCKING_POINT, 0, issued);
      }
      if (apophenia != null && !closed) {
        apophenia.waited();
      }
    }
  }

  // ------------------------------------------------------------------ hand-placed annotations

  /** {@code tbegin(id)} of a hand-placed annotation, placed by the driver; only in {@code manual} mode. */
  public void beginManualTrace(int id) {
    requireManual();
    sink.beginTrace(id);
  }

  /** {@code tend(id)} of a hand-placed annotation, placed by the driver; only in {@code manual} mode. */
  public void endManualTrace(int id) {
    requireManual();
    sink.endTrace(id);
  }

  private void requireManual() {
    if (mode != Mode.MANUAL) {
      throw new IllegalStateException("hand-placed trace annotations are only issued in manual mode, not " + mode);
    }
  }

  // ------------------------------------------------------------------ what was issued

  /** Operations issued by the program so far (the index of the next one). */
  public long opsIssued() {
    return issued;
  }

  /** Whether operation {@code index} (program order) was issued inside a replayed trace occurrence. */
  public boolean isReplayed(long index) {
    return sink.replayed.get(Math.toIntExact(index));
  }

  /** Whether operation {@code index} was issued inside trace markers. */
  public boolean isTraced(long index) {
    return sink.traced.get(Math.toIntExact(index));
  }

  /**
   * The counters as of now (after {@link #close()} for the final ones). Takes one snapshot of the time
   * account, which reads the clock once.
   */
  public IssueCounts stats() {
    return new IssueCounts(issued, sink, account.snapshot(TimeAccount.newSnapshot()));
  }

  /** Apophenia's own counters (mining jobs, waits, mining CPU), or null outside {@code auto} mode. */
  public InterceptorStats interceptorStats() {
    return apophenia == null ? null : apophenia.stats();
  }

  /**
   * The trace engine this adapter installed in its runtime ({@code manual} and {@code auto} modes), or
   * null in {@code none} mode; its {@code stats()} say what it recorded and replayed.
   */
  public DynamicTracing traceEngine() {
    return engine;
  }

  /** {@link System#nanoTime()} when this adapter was built, just before its time account started. */
  public long createdNanos() {
    return createdNanos;
  }

  /**
   * The issuing thread's time account since this adapter was built: every nanosecond of the thread in
   * one {@link Bucket} (tokenize, match and ingest in Apophenia, analysis and replay in the runtime's
   * front door, kernel in the tasks' bodies, observe in reports, other elsewhere). Valid only while
   * the adapter is used from the thread that built it.
   */
  public TimeAccount account() {
    return account;
  }

  /**
   * End of the traced program: forwards everything still pending in Apophenia and stops its mining.
   * The adapter stays usable; later operations go straight to the runtime, untraced.
   */
  @Override
  public void close() {
    if (!closed && apophenia != null) {
      apophenia.close();
    }
    closed = true;
  }

  /**
   * How to build a {@link RuntimeAdapter}: the runtime and the mode, and for {@code auto} mode
   * Apophenia's settings and mining listener; an observer of what the runtime receives in any mode.
   * Not thread-safe.
   */
  public static final class Builder {
    private final LegionRuntime runtime;
    private final Mode mode;
    private ApopheniaSettings settings = ApopheniaSettings.defaults();
    private InterceptorListener listener = InterceptorListener.NONE;
    private TraceSink<ArrayOp> observer;
    private Collective collective = Collective.single();
    private Executor miningExecutor;

    private Builder(LegionRuntime runtime, Mode mode) {
      this.runtime = Objects.requireNonNull(runtime, "runtime");
      this.mode = Objects.requireNonNull(mode, "mode");
    }

    /** Apophenia's settings ({@code auto} mode; the defaults otherwise). */
    public Builder settings(ApopheniaSettings settings) {
      this.settings = Objects.requireNonNull(settings, "settings");
      return this;
    }

    /** An observer of Apophenia's mining ({@code auto} mode; none otherwise). */
    public Builder listener(InterceptorListener listener) {
      this.listener = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /**
     * How Apophenia agrees on ingestion with the other shards of a control-replicated run ({@code auto}
     * mode; default {@link Collective#single()}: this run alone).
     */
    public Builder collective(Collective collective) {
      this.collective = Objects.requireNonNull(collective, "collective");
      return this;
    }

    /** Where Apophenia mines ({@code auto} mode), or null (the default) for a thread of its own. */
    public Builder miningExecutor(Executor executor) {
      this.miningExecutor = executor;
      return this;
    }

    /** Sees every operation and marker the runtime receives, in order, or null for none. */
    public Builder observer(TraceSink<ArrayOp> observer) {
      this.observer = observer;
      return this;
    }

    /**
     * The adapter, with its time account started now; in {@code manual} and {@code auto} modes it
     * installs a fresh trace engine in the runtime, replacing any other.
     */
    public RuntimeAdapter build() {
      return new RuntimeAdapter(this);
    }
  }
}
