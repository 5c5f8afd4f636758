package org.apophenia.autotrace;

import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.Function;
import org.apophenia.autotrace.accounting.Bucket;
import org.apophenia.autotrace.accounting.TimeAccount;

/**
 * Apophenia's front door (Algorithm 1 of Yadav et al., ASPLOS 2025): wraps a {@link TraceSink},
 * receives the application's operations one by one, and forwards them in order, wrapping recurring
 * fragments in {@code beginTrace(id)} / {@code endTrace(id)}.
 *
 * <pre>{@code
 * try (Interceptor<Op> apophenia = Interceptor.builder(tokenizer, runtime).build()) {
 *   for (Op op : program) apophenia.execute(op);
 * } // close() flushes the pending operations and stops the mining thread
 * }</pre>
 *
 * <p>Per operation on the calling thread: one hash (the {@link Tokenizer}), one buffer store, the
 * trie pointers' steps (at most the depth of the tries) and the pending queue; amortised O(1)
 * allocation. Mining runs on a background executor (by default one daemon thread per interceptor);
 * the caller waits for it only at an ingestion point whose job is unfinished. Decisions are a pure
 * function of the operation stream and the {@link ApopheniaSettings} (with {@code adaptiveWait}, also
 * of agreed waits; replicas sharing a {@link Collective} decide identically). Not thread-safe: one
 * application thread drives one interceptor.
 *
 * <p>The builder returns the glue of automatic tracing itself, or, when it is given a time account,
 * the same glue inside a decorator that charges its stages to the account: chosen once, so that an
 * interceptor that measures nothing runs no accounting code per operation.
 *
 * @param <O> the operation type
 */
public abstract sealed class Interceptor<O> implements AutoCloseable permits AutomaticTracing, AccountedTracing {
  Interceptor() {}

  /** A builder for an interceptor that hashes with {@code tokenizer} and forwards to {@code sink}. */
  public static <O> Builder<O> builder(Tokenizer<O> tokenizer, TraceSink<O> sink) {
    return new Builder<>(tokenizer, sink);
  }

  /**
   * Issues one operation: the interceptor forwards it (and earlier ones) to the sink now or later,
   * always in program order, possibly inside trace markers.
   *
   * @throws IllegalStateException after {@link #close()}
   */
  public abstract void execute(O op);

  /**
   * The application is about to block on the result of an operation it issued (a future's value):
   * like an untraceable operation, this ends any repeat in the history (a never-repeating token),
   * breaks the open matches and forwards everything pending, issuing the traces that completed, so
   * that the result can be produced. A trace of a loop whose open match the wait broke is first
   * replaced by its rotation that starts here, so that a wait recurring at a multiple of the trace's
   * period falls between its occurrences ({@code rephaseAtBreaks}).
   *
   * @throws IllegalStateException after {@link #close()}
   */
  public abstract void blockingWait();

  /**
   * The application waited for the result of an operation that had already gone out of the
   * interceptor, outside any trace: as in Legion, no break; nothing pending is forwarded and no
   * match is cut. It only tells where the program paused, which is where its loops' iterations
   * likely begin: a trace that tiles a loop begun less than a period after the last wait is phased
   * to start where the wait left off ({@code phaseAfterWaits}), so that waits that recur at a
   * multiple of its period fall between its occurrences. O(1).
   *
   * @throws IllegalStateException after {@link #close()}
   */
  public abstract void waited();

  /**
   * End of stream: forwards every pending operation (issuing the traces whose matches completed).
   * The interceptor stays usable. Ingestion of unfinished jobs is not forced.
   */
  public abstract void flush();

  /**
   * The runtime's word on a reissued occurrence of trace {@code traceId} that went out since the last
   * call: {@code replayed}, or not (its precondition failed or its operations diverged from the
   * recording, so the runtime analysed and recorded it again). A trace that fails more than
   * {@link Knobs#RETIRE_AFTER_FAILURES} of its last {@link Knobs#RETIREMENT_WINDOW} reissues is
   * retired from automatic tracing: never issued or promoted again, from the next operation on. A
   * runtime that never reports leaves every trace in. May be called from the sink's
   * {@link TraceSink#endTrace}. O(1).
   */
  public abstract void replayOutcome(long traceId, boolean replayed);

  /** The ids of the traces retired so far ({@link #replayOutcome}), ascending. */
  public abstract long[] retiredTraces();

  /** The counters as of now. */
  public abstract InterceptorStats stats();

  /** Flushes (end of stream), drops unfinished mining jobs and stops the owned mining thread. */
  @Override
  public abstract void close();

  /**
   * Builds an {@link Interceptor}: its settings, where it mines, the replicas it agrees with, who
   * observes it, and its time account. Not thread-safe.
   */
  public static final class Builder<O> {
    final Tokenizer<O> tokenizer;
    final TraceSink<O> sink;
    ApopheniaSettings settings = ApopheniaSettings.defaults();
    Executor executor;
    Collective collective = Collective.single();
    InterceptorListener listener = InterceptorListener.NONE;
    private TimeAccount account = TimeAccount.OFF;
    Function<long[], MiningResult> miner;
    boolean filterWindows = true;

    Reasons reasons;

    private Builder(Tokenizer<O> tokenizer, TraceSink<O> sink) {
      this.tokenizer = Objects.requireNonNull(tokenizer, "tokenizer");
      this.sink = Objects.requireNonNull(sink, "sink");
    }

    /** Settings (default {@link ApopheniaSettings#defaults()}). */
    public Builder<O> settings(ApopheniaSettings settings) {
      this.settings = Objects.requireNonNull(settings, "settings");
      return this;
    }

    /**
     * Where mining jobs run (default: a daemon thread owned by the interceptor, stopped by
     * {@link Interceptor#close()}). Jobs complete in launch order on any executor.
     */
    public Builder<O> executor(Executor executor) {
      this.executor = Objects.requireNonNull(executor, "executor");
      return this;
    }

    /** The replicas' collective (default {@link Collective#single()}: not replicated). */
    public Builder<O> collective(Collective collective) {
      this.collective = Objects.requireNonNull(collective, "collective");
      return this;
    }

    /**
     * Where the reasons of {@code --explain} go (default: the listener's {@link InterceptorListener#reasons()},
     * else none, and then nothing is computed for them).
     */
    public Builder<O> reasons(Reasons reasons) {
      this.reasons = reasons;
      return this;
    }

    /** An observer of mining and promotions (default: none). */
    public Builder<O> listener(InterceptorListener listener) {
      this.listener = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /**
     * The issuing thread's time account (default {@link TimeAccount#OFF}): the interceptor charges
     * hashing to {@link Bucket#TOKENIZE}, its matching and queueing to {@link Bucket#MATCH}, ingestion
     * points to {@link Bucket#INGEST} and the listener's calls to {@link Bucket#OBSERVE}, and
     * re-enters the caller's bucket before it returns. The sink charges its own work.
     */
    public Builder<O> account(TimeAccount account) {
      this.account = Objects.requireNonNull(account, "account");
      return this;
    }

    /** Replaces the mining function (tests: injected delays and failures). */
    Builder<O> miner(Function<long[], MiningResult> miner) {
      this.miner = miner;
      return this;
    }

    /**
     * Whether windows that cannot hold a repeat are answered without mining (default true; tests
     * compare both: the decisions are the same).
     */
    Builder<O> filterWindows(boolean on) {
      this.filterWindows = on;
      return this;
    }

    public Interceptor<O> build() {
      if (reasons == null) {
        reasons = listener.reasons(); // before the listener is wrapped to be timed
      }
      if (!account.isOn()) {
        return new AutomaticTracing<>(this, listener);
      }
      InterceptorListener observed = listener == InterceptorListener.NONE ? listener
          : new ObservedListener(listener, account);
      // through a factory typed Interceptor: the accounted class is loaded only by a program that
      // measures, so where nothing measures the front door's methods have a single implementation
      return AccountedTracing.decorate(new AutomaticTracing<>(this, observed), tokenizer, account);
    }
  }
}
