package org.apophenia.samples.bench;

import java.util.List;

/** Group 6: not implemented yet. */
final class TaskGranularity implements BenchGroup {
  @Override public int number() { return 6; }
  @Override public String id() { return "granularity"; }
  @Override public String title() { return "Task granularity: stencil efficiency and METG"; }

  @Override
  public GroupResult run(BenchSettings s) {
    return new GroupResult(List.of(), List.of(), List.of("not implemented"), null);
  }
}
