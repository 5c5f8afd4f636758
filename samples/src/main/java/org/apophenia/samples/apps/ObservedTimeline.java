package org.apophenia.samples.apps;

import org.apophenia.autotrace.accounting.Bucket;
import org.apophenia.autotrace.accounting.Observed;
import org.apophenia.autotrace.accounting.TimeAccount;
import org.apophenia.sim.Event;
import org.apophenia.sim.SimulationListener;
import org.apophenia.sim.Span;

/**
 * A simulation listener (the timeline dump) whose calls are charged to {@link Bucket#OBSERVE}: the
 * simulator calls it on the issuing thread, and what the dump costs stays out of the other buckets.
 * The simulator's listener interface is the only thing here: the charging is {@link Observed}'s.
 */
final class ObservedTimeline extends Observed<SimulationListener> implements SimulationListener {
  ObservedTimeline(SimulationListener listener, TimeAccount account) {
    super(listener, account);
  }

  @Override
  public void onSpan(Span span) {
    Bucket caller = enter();
    observer.onSpan(span);
    leave(caller);
  }

  @Override
  public void onTrigger(Event event, long time) {
    Bucket caller = enter();
    observer.onTrigger(event, time);
    leave(caller);
  }
}
