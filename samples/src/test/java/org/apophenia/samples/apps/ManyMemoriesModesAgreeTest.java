package org.apophenia.samples.apps;

import static org.assertj.core.api.Assertions.assertThat;

import org.apophenia.legion.cost.CostModel;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ARCHITECTURE.md invariant 2 on the weak-scaling table's largest machines, which have more than 64
 * memories (perlmutter:16 has 96, eos:8 has 80) and were refused by the runtime before the valid
 * sets became MemorySets: jacobi with the machine's default tiling (one tile per GPU, 64, so the last
 * nodes' framebuffers, ids 64 and up, hold tiles) gives the same checksum untraced and auto-traced,
 * and the automatic traces are replayed.
 */
class ManyMemoriesModesAgreeTest {
  static RunResult run(String machine, Mode mode) {
    return SampleRunner.run(Samples.create("jacobi"), RunOptions.of(mode, 24, Presets.machine(machine),
        CostModel.legion()).withSize(128));
  }

  @ParameterizedTest
  @ValueSource(strings = {"perlmutter:16", "eos:8"})
  void untracedAndAutoTracedJacobiAgree(String machine) {
    RunResult none = run(machine, Mode.NONE);
    RunResult auto = run(machine, Mode.AUTO);
    assertThat(none.tiles()).isEqualTo(64);
    assertThat(auto.checksum()).isEqualTo(none.checksum());
    assertThat(auto.replays()).isPositive();
  }
}
