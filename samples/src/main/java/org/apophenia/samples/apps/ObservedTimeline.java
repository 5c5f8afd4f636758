package org.apophenia.samples.apps;

import org.apophenia.autotrace.Bucket;
import org.apophenia.autotrace.TimeAccount;
import org.apophenia.sim.Event;
import org.apophenia.sim.SimulationListener;
import org.apophenia.sim.Span;

/**
 * A simulation listener (the timeline dump) whose calls are charged to {@link Bucket#OBSERVE}: the
 * simulator calls it on the issuing thread, and what the dump costs stays out of the other buckets.
 */
record ObservedTimeline(SimulationListener listener, TimeAccount account) implements SimulationListener {
  @Override
  public void onSpan(Span span) {
    Bucket caller = account.enter(Bucket.OBSERVE);
    listener.onSpan(span);
    account.enter(caller);
  }

  @Override
  public void onTrigger(Event event, long time) {
    Bucket caller = account.enter(Bucket.OBSERVE);
    listener.onTrigger(event, time);
    account.enter(caller);
  }
}
