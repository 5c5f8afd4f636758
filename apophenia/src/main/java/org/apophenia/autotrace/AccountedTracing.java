package org.apophenia.autotrace;

import org.apophenia.autotrace.accounting.Bucket;
import org.apophenia.autotrace.accounting.TimeAccount;

/**
 * The glue of automatic tracing with its time charged to the issuing thread's account: the same
 * stages as {@link AutomaticTracing}, in the same order, with a switch of bucket between them.
 * Hashing (and classifying) goes to {@link Bucket#TOKENIZE}, the history, the pointers, the queue and
 * the selection to {@link Bucket#MATCH}, ingestion points to {@link Bucket#INGEST}; the caller's
 * bucket is re-entered before returning, and before an untraceable operation goes to the sink, which
 * charges its own work. The reports' figures and their {@code clockReads} are this sequence of
 * switches: 2 clock reads per operation bordering tokenize, 2 or more bordering match.
 *
 * <p>A decorator chosen once, by the builder, when it is given an account: an interceptor without
 * one runs {@link AutomaticTracing} alone and reads no clock. Not thread-safe, like the account.
 *
 * @param <O> the operation type
 */
final class AccountedTracing<O> extends Interceptor<O> {
  private final AutomaticTracing<O> tracing;
  private final Tokenizer<O> tokenizer;
  private final TimeAccount account;

  private AccountedTracing(AutomaticTracing<O> tracing, Tokenizer<O> tokenizer, TimeAccount account) {
    this.tracing = tracing;
    this.tokenizer = tokenizer;
    this.account = account;
  }

  /** {@code tracing}, which hashes with {@code tokenizer}, charging its stages to {@code account}. */
  static <O> Interceptor<O> decorate(AutomaticTracing<O> tracing, Tokenizer<O> tokenizer, TimeAccount account) {
    return new AccountedTracing<>(tracing, tokenizer, account);
  }

  @Override
  public void execute(O op) {
    tracing.arrive();
    Bucket caller = account.enter(Bucket.TOKENIZE);
    switch (tokenizer.classify(op)) {
      case TRACEABLE -> {
        long token = tokenizer.token(op);
        account.enter(Bucket.MATCH);
        if (tracing.record(token)) {
          ingest();
        }
        tracing.match(op, token);
      }
      case NO_OP -> {
        account.enter(Bucket.MATCH);
        tracing.passThrough(op);
      }
      case UNTRACEABLE -> {
        account.enter(Bucket.MATCH);
        tracing.countUntraceable();
        breakStream();
        account.enter(caller);
        tracing.forward(op);
        tracing.depart();
        return;
      }
    }
    account.enter(caller);
    tracing.depart();
  }

  @Override
  public void blockingWait() {
    tracing.checkOpen();
    Bucket caller = account.enter(Bucket.MATCH);
    breakStream();
    account.enter(caller);
  }

  @Override
  public void waited() {
    tracing.waited(); // O(1), not charged apart
  }

  @Override
  public void flush() {
    Bucket caller = account.enter(Bucket.MATCH);
    tracing.flush();
    account.enter(caller);
  }

  @Override
  public void replayOutcome(long traceId, boolean replayed) {
    tracing.replayOutcome(traceId, replayed); // O(1), not charged apart
  }

  @Override
  public long[] retiredTraces() {
    return tracing.retiredTraces();
  }

  @Override
  public InterceptorStats stats() {
    return tracing.stats();
  }

  @Override
  public void close() {
    if (tracing.isClosed()) {
      return;
    }
    flush();
    tracing.shutDown();
  }

  private void ingest() {
    Bucket caller = account.enter(Bucket.INGEST);
    tracing.ingest();
    account.enter(caller);
  }

  private void breakStream() {
    if (tracing.beginBreak()) {
      ingest();
    }
    tracing.endBreak();
  }
}
