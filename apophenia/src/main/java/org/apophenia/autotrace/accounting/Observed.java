package org.apophenia.autotrace.accounting;

import java.util.Objects;

/**
 * The decorator for an observer on the issuing thread (a report, a dump, a timeline): every call to
 * the observer it wraps is charged to {@link Bucket#OBSERVE}, so that what the reports cost stays
 * out of the figures they report. A subclass implements the observer's interface, forwarding each
 * method between {@link #enter()} and {@link #leave(Bucket)}; whoever attaches the observer decides
 * once whether to wrap it (with no account, attach the observer itself). One per observer; not
 * thread-safe, like the account.
 *
 * @param <T> the observer's interface
 */
public abstract class Observed<T> {
  /** The observer whose calls are charged. */
  protected final T observer;
  private final TimeAccount account;

  protected Observed(T observer, TimeAccount account) {
    this.observer = Objects.requireNonNull(observer, "observer");
    this.account = Objects.requireNonNull(account, "account");
  }

  /** Enters {@link Bucket#OBSERVE}; returns the bucket to go back to. */
  protected final Bucket enter() {
    return account.enter(Bucket.OBSERVE);
  }

  /** Goes back to {@code caller}, the bucket {@link #enter()} left. */
  protected final void leave(Bucket caller) {
    account.enter(caller);
  }
}
