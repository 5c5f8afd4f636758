package org.apophenia.autotrace;

import org.apophenia.autotrace.accounting.Bucket;
import org.apophenia.autotrace.accounting.Observed;
import org.apophenia.autotrace.accounting.TimeAccount;

/**
 * A sink that only observes (records for a report, checks, counts), its calls charged to
 * {@link Bucket#OBSERVE} on the issuing thread's account: what the report costs is kept out of
 * Apophenia's and the runtime's figures. Wrap the observing sink once, where it is attached.
 * Application thread only.
 *
 * @param <O> the operation type
 */
public final class ObservedSink<O> extends Observed<TraceSink<O>> implements TraceSink<O> {
  public ObservedSink(TraceSink<O> sink, TimeAccount account) {
    super(sink, account);
  }

  @Override
  public void op(O op) {
    Bucket caller = enter();
    observer.op(op);
    leave(caller);
  }

  @Override
  public void op(O op, long token) {
    Bucket caller = enter();
    observer.op(op, token);
    leave(caller);
  }

  @Override
  public void beginTrace(long id) {
    Bucket caller = enter();
    observer.beginTrace(id);
    leave(caller);
  }

  @Override
  public void endTrace(long id) {
    Bucket caller = enter();
    observer.endTrace(id);
    leave(caller);
  }
}
