package org.apophenia.legion;

import org.apophenia.legion.error.DestroyedResourceException;
import org.apophenia.legion.instances.Effects;
import org.apophenia.recorder.EventKind;
import org.apophenia.recorder.Probe;
import org.apophenia.sim.Event;
import org.apophenia.sim.Simulation;

/**
 * The runtime's top-level context, the issuer of every operation: alive until the application destroys
 * it, and the {@link Waiter} of its futures, whose blocking waits run the simulation. Not thread-safe,
 * like the runtime.
 */
final class TopLevelContext implements Waiter {
  private final Simulation sim;
  private final Effects effects;
  private final TraceMarkers markers;
  private boolean destroyed;
  /** The event recorder's, read once: the program's waits on futures. */
  private final Probe probe = Probe.current();

  TopLevelContext(Simulation sim, Effects effects, TraceMarkers markers) {
    this.sim = sim;
    this.effects = effects;
    this.markers = markers;
  }

  /** Later calls and waits on its futures throw DestroyedResourceException. */
  void destroy() {
    destroyed = true;
  }

  /** DestroyedResourceException naming {@code where} if the context has been destroyed. */
  void checkAlive(String where) {
    if (destroyed) {
      throw new DestroyedResourceException(where + ": the runtime (top-level context) has been destroyed");
    }
  }

  @Override
  public void await(Event event, String producer) {
    if (destroyed) {
      throw new DestroyedResourceException("waiting on the future of " + producer
          + ": its context (the runtime) has been destroyed");
    }
    markers.untraceable("a blocking wait on the future of " + producer);
    if (probe.waits()) {
      probe.event(EventKind.WAIT_BEGIN, 0, 0);
    }
    sim.runUntil(event);
    effects.applyTriggered(sim);
    if (probe.waits()) {
      probe.event(EventKind.WAIT_END, 0);
    }
  }
}
