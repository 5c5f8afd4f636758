package org.apophenia.autotrace;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

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
 * function of the operation stream and the {@link ApopheniaConfig} (with {@code adaptiveWait}, also
 * of agreed waits; replicas sharing a {@link Collective} decide identically). Not thread-safe: one
 * application thread drives one interceptor.
 *
 * @param <O> the operation type
 */
public final class Interceptor<O> implements AutoCloseable {
  private final Tokenizer<O> tokenizer;
  private final TraceSink<O> sink;
  private final TraceFinder finder;
  private final TraceCache cache;
  private final OccurrenceWatcher watcher;
  private final CommitPointers pointers;
  private final TraceIssuer<O> issuer;
  private final ExecutorService ownedExecutor;
  private ExecutorService acrossExecutor;
  private final TimeAccount account;
  private long position; // tokens pushed (traceable and untraceable operations)
  private long ops;
  private long untraceable;
  private long uniqueTokens;
  private boolean closed;

  private Interceptor(Builder<O> b) {
    this.tokenizer = b.tokenizer;
    this.sink = b.sink;
    this.account = b.account;
    InterceptorListener listener = b.account.isOn() && b.listener != InterceptorListener.NONE
        ? new ObservedListener(b.listener, b.account) : b.listener;
    Executor executor = b.executor;
    if (executor == null) {
      ownedExecutor = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "apophenia-mining");
        t.setDaemon(true);
        return t;
      });
      executor = ownedExecutor;
    } else {
      ownedExecutor = null;
    }
    // windows across buffers are mined on a thread of their own, created when the first one is
    // launched, so that one long job never holds up the short ones behind it
    Executor across = b.executor != null ? b.executor : r -> acrossExecutor().execute(r);
    this.finder = new TraceFinder(b.config, executor, across, b.collective, listener, b.miner, b.filterWindows);
    this.cache = new TraceCache(b.config, listener);
    this.pointers = new CommitPointers(b.config, cache);
    this.issuer = new TraceIssuer<>(b.config, b.sink, cache, pointers);
    this.watcher = new OccurrenceWatcher(b.config, cache, issuer);
  }

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
  public void execute(O op) {
    if (closed) {
      throw new IllegalStateException("interceptor is closed");
    }
    ops++;
    Bucket caller = account.enter(Bucket.TOKENIZE);
    switch (tokenizer.classify(op)) {
      case TRACEABLE -> {
        long token = tokenizer.token(op);
        account.enter(Bucket.MATCH);
        pushToken(token);
        match(op, token);
      }
      case NO_OP -> {
        account.enter(Bucket.MATCH);
        issuer.passThrough(op);
      }
      case UNTRACEABLE -> {
        account.enter(Bucket.MATCH);
        untraceable++;
        breakTraces();
        account.enter(caller);
        sink.op(op);
        return;
      }
    }
    account.enter(caller);
  }

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
  public void blockingWait() {
    if (closed) {
      throw new IllegalStateException("interceptor is closed");
    }
    Bucket caller = account.enter(Bucket.MATCH);
    breakTraces();
    account.enter(caller);
  }

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
  public void waited() {
    if (closed) {
      throw new IllegalStateException("interceptor is closed");
    }
    watcher.resumedAt(issuer.position());
  }

  private void breakTraces() {
    pointers.rephase(issuer.position());
    // A never-repeating token, so that no mined repeat spans the break.
    long unique = 0x8000_0000_0000_0000L ^ (++uniqueTokens * 0x9E37_79B9_7F4A_7C15L);
    pushToken(unique);
    flushPending(true);
  }

  private void pushToken(long token) {
    finder.push(token, position++, issuer.tracedRun());
    if (finder.isDue(position)) {
      Bucket caller = account.enter(Bucket.INGEST);
      List<MiningResult> due = finder.due(position);
      for (int i = 0; i < due.size(); i++) {
        watcher.ingest(due.get(i), finder.dueWindowStart(i), issuer.position());
      }
      account.enter(caller);
    }
  }

  /**
   * A traceable operation with its token, after the history took the token: it joins the pending
   * queue, the watcher's and the cache's pointers step on it (in that order: a candidate promoted by
   * this step is matched from this operation on), and whatever can be decided goes out.
   */
  private void match(O op, long token) {
    long pos = issuer.enqueue(op, token);
    watcher.advance(token, pos);
    pointers.advance(token, pos);
    issuer.afterToken();
  }

  /**
   * Ends every open match and forwards everything pending (issuing the matches that completed): for
   * untraceable operations and blocking waits ({@code atBreak}: the break takes a stream position,
   * where the program resumes) and the end of the stream.
   */
  private void flushPending(boolean atBreak) {
    watcher.breakPointers();
    pointers.breakAll(issuer.position());
    issuer.flush(atBreak);
    if (atBreak) {
      watcher.resumedAt(issuer.position());
    }
  }

  /**
   * End of stream: forwards every pending operation (issuing the traces whose matches completed).
   * The interceptor stays usable. Ingestion of unfinished jobs is not forced.
   */
  public void flush() {
    Bucket caller = account.enter(Bucket.MATCH);
    flushPending(false);
    account.enter(caller);
  }

  /** Counters as of now. */
  public InterceptorStats stats() {
    return new InterceptorStats(ops, untraceable, issuer.tracedOps(), issuer.reissuedOps(),
        issuer.tracesRecorded(), issuer.reissues(), finder.launched, finder.skipped, finder.ingested,
        finder.failed, finder.waits, finder.interval(), watcher.size(), cache.size(),
        cache.promotions, cache.rejectedPromotions, issuer.pending(), finder.backedOff,
        finder.miningCpuNanos.sum(), finder.tokensMined.sum(), finder.minedInline,
        issuer.losingTracesEvicted(), issuer.tracesIssuedOnce(), finder.answered);
  }

  /** Flushes (end of stream), drops unfinished mining jobs and stops the owned mining thread. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    flush();
    closed = true;
    finder.cancelAll();
    if (ownedExecutor != null) {
      ownedExecutor.shutdownNow();
    }
    synchronized (this) {
      if (acrossExecutor != null) {
        acrossExecutor.shutdownNow();
      }
    }
  }

  /** The thread for windows across buffers, created on first use (most streams never need it). */
  private synchronized ExecutorService acrossExecutor() {
    if (acrossExecutor == null) {
      acrossExecutor = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "apophenia-mining-across");
        t.setDaemon(true);
        return t;
      });
    }
    return acrossExecutor;
  }

  /** Configures an {@link Interceptor}. Not thread-safe. */
  public static final class Builder<O> {
    private final Tokenizer<O> tokenizer;
    private final TraceSink<O> sink;
    private ApopheniaConfig config = ApopheniaConfig.defaults();
    private Executor executor;
    private Collective collective = Collective.single();
    private InterceptorListener listener = InterceptorListener.NONE;
    private TimeAccount account = TimeAccount.OFF;
    private Function<long[], MiningResult> miner;
    private boolean filterWindows = true;

    private Builder(Tokenizer<O> tokenizer, TraceSink<O> sink) {
      this.tokenizer = Objects.requireNonNull(tokenizer, "tokenizer");
      this.sink = Objects.requireNonNull(sink, "sink");
    }

    /** Settings (default {@link ApopheniaConfig#defaults()}). */
    public Builder<O> config(ApopheniaConfig config) {
      this.config = Objects.requireNonNull(config, "config");
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
      return new Interceptor<>(this);
    }
  }
}
