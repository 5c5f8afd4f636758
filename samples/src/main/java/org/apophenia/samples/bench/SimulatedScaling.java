package org.apophenia.samples.bench;

import java.util.List;

/** Group 7: not implemented yet. */
final class SimulatedScaling implements BenchGroup {
  @Override public int number() { return 7; }
  @Override public String id() { return "scaling"; }
  @Override public String title() { return "Simulated weak scaling under the legion cost model"; }

  @Override
  public GroupResult run(BenchSettings s) {
    return new GroupResult(List.of(), List.of(), List.of("not implemented"), null);
  }
}
