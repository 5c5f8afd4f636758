package com.example.toy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The toy runtime wrapped with Apophenia traces its unannotated loop and computes the same bits as untraced. */
class ToyProgramTest {
  @Test
  void apopheniaTracesTheLoopAndTheResultsAreTheUntracedOnes() {
    ToyProgram.Result plain = ToyProgram.run(false, 200, 64);
    ToyProgram.Result traced = ToyProgram.run(true, 200, 64);
    assertThat(traced.tasks()).isEqualTo(plain.tasks()).isEqualTo(400);
    assertThat(plain.replayed()).isZero();
    assertThat(traced.tracedByApophenia()).as("most of the loop inside Apophenia's markers").isGreaterThan(300);
    assertThat(traced.replayed()).as("replayed by the runtime without analysis").isGreaterThan(300);
    assertThat(traced.analysed() + traced.replayed()).isEqualTo(traced.tasks());
    assertThat(traced.x()).as("bit-identical results").isEqualTo(plain.x());
  }

  @Test
  void theTokenIsWhatTheAnalysisSees() {
    ToyTokenizer k = new ToyTokenizer();
    ToyTask a = new ToyTask("add", new int[] {1, 2}, 3, 0);
    assertThat(k.token(a)).isEqualTo(k.token(new ToyTask("add", new int[] {1, 2}, 3, 0)));
    assertThat(k.token(a)).isNotEqualTo(k.token(new ToyTask("add", new int[] {2, 1}, 3, 0)))
        .isNotEqualTo(k.token(new ToyTask("add", new int[] {1, 2}, 4, 0)))
        .isNotEqualTo(k.token(new ToyTask("add", new int[] {1, 2, 3}, 3, 0)))
        .isNotEqualTo(k.token(new ToyTask("scale", new int[] {1, 2}, 3, 0)))
        .isNotEqualTo(k.token(new ToyTask("add", new int[] {1, 2}, 3, 1)));
  }
}
