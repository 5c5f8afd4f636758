package org.apophenia.autotrace;

/**
 * A listener whose calls are charged to {@link Bucket#OBSERVE}: what reports cost is kept out of
 * the interceptor's own figures. Application thread only.
 */
final class ObservedListener implements InterceptorListener {
  private final InterceptorListener listener;
  private final TimeAccount account;

  ObservedListener(InterceptorListener listener, TimeAccount account) {
    this.listener = listener;
    this.account = account;
  }

  @Override
  public void jobIngested(MiningReport report) {
    Bucket caller = account.enter(Bucket.OBSERVE);
    listener.jobIngested(report);
    account.enter(caller);
  }

  @Override
  public void tracePromoted(long id, int length, long position) {
    Bucket caller = account.enter(Bucket.OBSERVE);
    listener.tracePromoted(id, length, position);
    account.enter(caller);
  }
}
