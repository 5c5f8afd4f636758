package org.apophenia.legion;

import org.apophenia.legion.analysis.DependenceGraph;
import org.apophenia.legion.analysis.RuntimeValidInstances;
import org.apophenia.legion.analysis.TraceAnalysisBuilder;
import org.apophenia.legion.tracing.RecordingSupport;
import org.apophenia.legion.tracing.ReplaySupport;
import org.apophenia.legion.tracing.TraceSupport;
import org.apophenia.legion.tracing.ValidInstances;
import org.apophenia.sim.Simulation;

/**
 * The runtime's {@link TraceSupport}: the simulator, the dependence graph's size, and the three roles
 * over the runtime's rooms ({@link TraceAnalysisBuilder}, {@link RuntimeValidInstances},
 * {@link RuntimeReplaySupport}). Not thread-safe, like the runtime.
 */
final class RuntimeTraceSupport implements TraceSupport {
  private final Simulation sim;
  private final DependenceGraph graph;
  private final RecordingSupport recording;
  private final ValidInstances instances;
  private final ReplaySupport replay;

  RuntimeTraceSupport(Simulation sim, DependenceGraph graph, RecordingSupport recording, ValidInstances instances,
      ReplaySupport replay) {
    this.sim = sim;
    this.graph = graph;
    this.recording = recording;
    this.instances = instances;
    this.replay = replay;
  }

  @Override
  public Simulation simulation() {
    return sim;
  }

  @Override
  public int operationCount() {
    return graph.size();
  }

  @Override
  public RecordingSupport recording() {
    return recording;
  }

  @Override
  public ValidInstances instances() {
    return instances;
  }

  @Override
  public ReplaySupport replay() {
    return replay;
  }
}
