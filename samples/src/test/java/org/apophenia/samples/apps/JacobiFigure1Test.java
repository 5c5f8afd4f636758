package org.apophenia.samples.apps;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apophenia.autotrace.InterceptorListener;
import org.apophenia.autotrace.SinkLog;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.samples.adapter.ArrayOp;
import org.apophenia.samples.adapter.ArrayTokenizer;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.api.Test;

/** Paper §2, Figure 1: one Jacobi iteration is not a repeated fragment; two iterations are. */
class JacobiFigure1Test {
  private static final int BODY_OPS = 5; // matvec, sub, div, and the update's norm: sub, dot

  /** What the runtime received, operations and trace markers (apophenia's test fixture). */
  private static SinkLog<ArrayOp> run(Mode mode, int iterations) {
    SinkLog<ArrayOp> rec = new SinkLog<>();
    SampleRunner.run(new Jacobi(), RunOptions.of(mode, iterations, Presets.machine("workstation"),
        CostModel.none()).withSize(16).withTiles(2).withObservers(InterceptorListener.NONE, rec, null));
    return rec;
  }

  @Test
  void consecutiveIterationsIssueDifferentOperationsButEveryOtherOneRepeats() {
    List<Long> tokens = run(Mode.NONE, 8).ops().stream().map(ArrayTokenizer.INSTANCE::token).toList();
    int setup = tokens.size() - 8 * BODY_OPS;
    List<Long> it2 = tokens.subList(setup + 2 * BODY_OPS, setup + 3 * BODY_OPS);
    List<Long> it3 = tokens.subList(setup + 3 * BODY_OPS, setup + 4 * BODY_OPS);
    List<Long> it4 = tokens.subList(setup + 4 * BODY_OPS, setup + 5 * BODY_OPS);
    assertThat(it3).isNotEqualTo(it2); // x is bound to another region
    assertThat(it4).isEqualTo(it2); // ...and back: the pool alternates between two regions
  }

  @Test
  void apopheniasTraceCoversTwoSourceIterations() {
    List<Integer> traceLengths = run(Mode.AUTO, 80).traceLengths();
    assertThat(traceLengths).isNotEmpty();
    assertThat(traceLengths).allSatisfy(len -> assertThat(len % (2 * BODY_OPS)).isZero());
    assertThat(traceLengths).contains(2 * BODY_OPS);
  }

  @Test
  void theHandPlacedAnnotationSpansTwoIterations() {
    assertThat(run(Mode.MANUAL, 20).traceLengths()).hasSize(10)
        .allSatisfy(len -> assertThat(len).isEqualTo(2 * BODY_OPS));
  }
}
