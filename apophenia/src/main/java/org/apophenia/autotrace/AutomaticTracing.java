package org.apophenia.autotrace;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apophenia.recorder.EventKind;
import org.apophenia.recorder.Probe;

/**
 * The glue of automatic tracing (Legion's {@code tracing/automatic}, its {@code AutoTracing} mixin):
 * where the operation stream enters and where the program blocks, and the order in which the rooms
 * see each operation. A traceable operation's token goes into the history of the {@link TraceFinder}
 * (which may reach an ingestion point: the due mining results go to the {@link OccurrenceWatcher});
 * then the operation joins the {@link TraceIssuer}'s pending queue, the watcher's pointers step on
 * its token (promoting candidates into the {@link TraceCache}), the {@link CommitPointers} step on it,
 * and the issuer forwards and issues what can be decided. A no-op joins the queue only; an
 * untraceable operation and a blocking wait are breaks: a never-repeating token in the history, every
 * open match ended, everything pending forwarded.
 *
 * <p>The stages are package-private steps so that {@link AccountedTracing} can charge each to its
 * bucket while running exactly this sequence. Not thread-safe: one application thread.
 *
 * @param <O> the operation type
 */
final class AutomaticTracing<O> extends Interceptor<O> {
  private final Tokenizer<O> tokenizer;
  private final TraceSink<O> sink;
  private final TraceFinder finder;
  private final TraceCache cache;
  private final OccurrenceWatcher watcher;
  /** The due mining results, into the watcher at the issuer's position. */
  private final TraceFinder.Ingestor toWatcher;
  private final CommitPointers pointers;
  private final TraceIssuer<O> issuer;
  private final Retirement retirement;
  private final ExecutorService ownedExecutor;
  /** The event recorder's, read once: each event site below is one branch when it records nothing. */
  private final Probe probe = Probe.current();
  private ExecutorService acrossExecutor;
  private long position; // tokens pushed into the history (traceable operations and breaks)
  private long ops;
  private long untraceableOps;
  private long uniqueTokens;
  private boolean closed;

  AutomaticTracing(Interceptor.Builder<O> b, InterceptorListener listener) {
    this.tokenizer = b.tokenizer;
    this.sink = ProbedSink.wrap(b.sink, probe);
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
    this.finder = new TraceFinder(b.settings, executor, across, b.collective, listener, b.miner, b.filterWindows);
    this.cache = new TraceCache(b.settings, listener);
    this.pointers = new CommitPointers(b.settings, cache);
    this.issuer = new TraceIssuer<>(b.settings, sink, cache, pointers);
    this.watcher = new OccurrenceWatcher(b.settings, cache, issuer);
    this.toWatcher = (result, windowStart) -> watcher.ingest(result, windowStart, issuer.position());
    this.retirement = new Retirement(b.settings);
    Reasons reasons = b.reasons != null ? b.reasons : listener.reasons();
    if (reasons != null) { // --explain: the rooms' decision sites write their reasons here
      why = new Why(reasons, b.settings.get(Knobs.MIN_TRACE_LENGTH));
      issuer.why = why;
      pointers.why = why;
      watcher.why = why;
    }
  }

  /** The reasons of {@code --explain}, or null; whether the next break is an untraceable operation. */
  private Why why;
  private boolean untraceableBreak;

  @Override
  public void execute(O op) {
    arrive();
    switch (tokenizer.classify(op)) {
      case TRACEABLE -> {
        long token = tokenizer.token(op);
        if (record(token)) {
          ingest();
        }
        match(op, token);
      }
      case NO_OP -> passThrough(op);
      case UNTRACEABLE -> {
        countUntraceable();
        if (beginBreak()) {
          ingest();
        }
        endBreak();
        forward(op);
      }
    }
    depart();
  }

  @Override
  public void blockingWait() {
    checkOpen();
    if (beginBreak()) {
      ingest();
    }
    endBreak();
  }

  @Override
  public void waited() {
    checkOpen();
    watcher.resumedAt(issuer.position());
  }

  @Override
  public void flush() {
    if (why != null) {
      why.breakOp = ops;
      why.breakKind = 2; // the end of the stream cuts what is open
    }
    flushPending(false);
  }

  @Override
  public void replayOutcome(long traceId, boolean replayed) {
    retirement.report(traceId, replayed);
  }

  @Override
  public long[] retiredTraces() {
    return retirement.retiredIds();
  }

  @Override
  public InterceptorStats stats() {
    return new InterceptorStats(ops, untraceableOps, finder, watcher, cache, issuer, retirement);
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    flush();
    shutDown();
  }

  // The stages, in the order execute runs them.

  /** An operation arrives. */
  void arrive() {
    checkOpen();
    if (probe.ops()) {
      probe.event(EventKind.OP_ISSUED, ops);
    }
    ops++;
    if (retirement.hasDue()) {
      for (long id : retirement.takeDue()) {
        cache.retire(id); // between operations: no selection is under way
      }
    }
  }

  /** The operation's call returns to the program. */
  void depart() {
    if (probe.ops()) {
      probe.event(EventKind.OP_DONE, 0);
    }
  }

  void checkOpen() {
    if (closed) {
      throw new IllegalStateException("interceptor is closed");
    }
  }

  boolean isClosed() {
    return closed;
  }

  /** Appends a token to the history; returns whether an ingestion point is due. */
  boolean record(long token) {
    if (probe.ops()) {
      probe.event(EventKind.OP_TOKENIZED, token);
    }
    finder.push(token, position++, issuer.tracedRun(), issuer.untracedRun(), issuer.recurringUntraced());
    return finder.isDue(position);
  }

  /** The due mining results go to the watcher. */
  void ingest() {
    finder.ingestDue(position, toWatcher);
  }

  /**
   * A traceable operation with its token, after the history took the token: it joins the pending
   * queue, the watcher's and the cache's pointers step on it (in that order: a candidate promoted by
   * this step is matched from this operation on), and whatever can be decided goes out.
   */
  void match(O op, long token) {
    long pos = issuer.enqueue(op, token);
    watcher.advance(token, pos);
    pointers.advance(token, pos);
    issuer.afterToken();
    if (probe.ops()) {
      probe.event(EventKind.OP_MATCHED, ops - 1);
    }
  }

  /** A no-op: forwarded in order, invisible to matching. */
  void passThrough(O op) {
    issuer.passThrough(op);
  }

  void countUntraceable() {
    untraceableOps++;
    untraceableBreak = true; // the break that follows is this operation, not a wait
  }

  /**
   * A break begins: a loop's trace cut by it is rephased, and a never-repeating token, so that no
   * mined repeat spans the break, goes into the history. Returns whether an ingestion point is due.
   */
  boolean beginBreak() {
    if (why != null) {
      why.breakOp = ops - 1;
      why.breakKind = untraceableBreak ? 0 : 1;
      untraceableBreak = false;
    }
    pointers.rephase(issuer.position());
    long unique = 0x8000_0000_0000_0000L ^ (++uniqueTokens * 0x9E37_79B9_7F4A_7C15L);
    return record(unique);
  }

  /** A break ends: every open match ends and everything pending goes out. */
  void endBreak() {
    flushPending(true);
  }

  /** An untraceable operation, after its break: straight to the sink. */
  void forward(O op) {
    if (why != null) {
      why.out().untraced(Reason.UNTRACEABLE, 0, 0);
    }
    sink.op(op);
  }

  /**
   * Ends every open match and forwards everything pending (issuing the matches that completed): for
   * breaks ({@code atBreak}: the break takes a stream position, where the program resumes) and the
   * end of the stream.
   */
  private void flushPending(boolean atBreak) {
    watcher.breakPointers();
    pointers.breakAll(issuer.position());
    issuer.flush(atBreak);
    if (atBreak) {
      watcher.resumedAt(issuer.position());
    }
  }

  /** After the last flush: drops unfinished mining jobs and stops the owned threads. */
  void shutDown() {
    closed = true;
    if (why != null) {
      why.out().end();
    }
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
}
