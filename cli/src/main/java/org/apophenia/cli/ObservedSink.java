package org.apophenia.cli;

import org.apophenia.autotrace.Bucket;
import org.apophenia.autotrace.TimeAccount;
import org.apophenia.autotrace.TraceSink;

/**
 * A sink that only records for reports, its calls charged to {@link Bucket#OBSERVE}: what the
 * report costs is kept out of Apophenia's figures. Application thread only.
 */
record ObservedSink<O>(TraceSink<O> sink, TimeAccount account) implements TraceSink<O> {
  @Override
  public void op(O op) {
    Bucket caller = account.enter(Bucket.OBSERVE);
    sink.op(op);
    account.enter(caller);
  }

  @Override
  public void op(O op, long token) {
    Bucket caller = account.enter(Bucket.OBSERVE);
    sink.op(op, token);
    account.enter(caller);
  }

  @Override
  public void beginTrace(long id) {
    Bucket caller = account.enter(Bucket.OBSERVE);
    sink.beginTrace(id);
    account.enter(caller);
  }

  @Override
  public void endTrace(long id) {
    Bucket caller = account.enter(Bucket.OBSERVE);
    sink.endTrace(id);
    account.enter(caller);
  }
}
