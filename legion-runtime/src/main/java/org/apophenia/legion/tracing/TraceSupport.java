package org.apophenia.legion.tracing;

import org.apophenia.sim.Simulation;

/**
 * What the runtime hands a {@link TraceEngine} with every callback: the simulator, and the runtime's
 * mechanisms split by what an engine does with them. A recorder takes the facts the analyses kept
 * ({@link #recording()}); pre- and postconditions read and write the valid instances
 * ({@link #instances()}); a replay issues an operation's work without analysing it ({@link #replay()}).
 * Each part of an engine can be handed only the role it needs. Only valid on the application thread
 * during engine callbacks.
 */
public interface TraceSupport {
  Simulation simulation();

  /**
   * Operations in the dependence graph so far (issued, internal closes, summaries, fences): every
   * operation issued between two traces increases it, so an engine can tell back-to-back traces.
   */
  int operationCount();

  /** What the analyses inside the open trace kept for a recording. */
  RecordingSupport recording();

  /** The physical state: which memories hold valid data, by region and by equivalence atom. */
  ValidInstances instances();

  /** Issuing operations' work without analysis: launches, re-issued commands, fences, summaries. */
  ReplaySupport replay();
}
