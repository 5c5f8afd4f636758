package org.apophenia.samples.bench;

import java.util.List;

/** Group 5: not implemented yet. */
final class StarPuOverhead implements BenchGroup {
  @Override public int number() { return 5; }
  @Override public String id() { return "starpu"; }
  @Override public String title() { return "Launch overhead against StarPU 1.3's async_tasks_overhead"; }

  @Override
  public GroupResult run(BenchSettings s) {
    return new GroupResult(List.of(), List.of(), List.of("not implemented"), null);
  }
}
