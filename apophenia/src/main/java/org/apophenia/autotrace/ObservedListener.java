package org.apophenia.autotrace;

import org.apophenia.autotrace.accounting.Bucket;
import org.apophenia.autotrace.accounting.Observed;
import org.apophenia.autotrace.accounting.TimeAccount;

/**
 * A listener whose calls are charged to {@link Bucket#OBSERVE}: what reports cost is kept out of
 * the interceptor's own figures. The interceptor's builder wraps the listener in it when given an
 * account. Application thread only.
 */
final class ObservedListener extends Observed<InterceptorListener> implements InterceptorListener {
  ObservedListener(InterceptorListener listener, TimeAccount account) {
    super(listener, account);
  }

  @Override
  public void jobIngested(MiningReport report) {
    Bucket caller = enter();
    observer.jobIngested(report);
    leave(caller);
  }

  @Override
  public void jobFailed(long job, Throwable cause) {
    Bucket caller = enter();
    try {
      observer.jobFailed(job, cause);
    } finally {
      leave(caller); // the listener may rethrow to end the run
    }
  }

  @Override
  public void tracePromoted(long id, int length, long position) {
    Bucket caller = enter();
    observer.tracePromoted(id, length, position);
    leave(caller);
  }
}
