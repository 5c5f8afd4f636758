package org.apophenia.legion.tracing;

import java.util.List;
import org.apophenia.sim.Event;

/**
 * What the runtime's analyses inside one trace told a {@link TraceEngine} beyond the simulator
 * commands themselves (the facts a recording needs besides each {@link OpAnalysis}): the inputs of
 * each merge event they made, the data movement bound to each copy, fold or fill, and the reduction
 * instances of each task. Obtained from {@link RecordingSupport#detach()}; never changes afterwards, so
 * an engine may read it on another thread (to translate and optimise a recording in the background).
 * Immutable; thread-safe.
 */
public interface TraceAnalysis {
  /** Inputs of {@code merge} if the analyses made it, else the empty list. O(1). */
  List<Event> mergeInputs(Event merge);

  /**
   * The data movement bound to the completion of {@code command}, or null. Opaque: see
   * {@link ReplaySupport#reissue(org.apophenia.sim.Operation, Runnable, Event)}.
   */
  Runnable dataEffect(Event command);

  /**
   * The reduction instances of task {@code op}, or null. Opaque: see
   * {@link ReplaySupport#launch(PendingOp, org.apophenia.sim.machine.Processor, List, Object, Event)}.
   */
  Object reductionInstances(int op);
}
