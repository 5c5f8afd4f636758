package org.apophenia.samples.apps;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apophenia.autotrace.InterceptorListener;
import org.apophenia.autotrace.TraceSink;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.samples.array.ArrayOp;
import org.apophenia.samples.array.ArrayTokenizer;
import org.apophenia.samples.array.Mode;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.api.Test;

/** Paper §2, Figure 1: one Jacobi iteration is not a repeated fragment; two iterations are. */
class JacobiFigure1Test {
  /** Records every operation's token and the length of every trace occurrence. */
  static final class SinkLog implements TraceSink<ArrayOp> {
    final List<Long> tokens = new ArrayList<>();
    final List<Integer> traceLengths = new ArrayList<>();
    private int open = -1;

    @Override public void op(ArrayOp op) {
      tokens.add(ArrayTokenizer.INSTANCE.token(op));
      if (open >= 0) {
        open++;
      }
    }

    @Override public void beginTrace(long id) { open = 0; }

    @Override public void endTrace(long id) {
      traceLengths.add(open);
      open = -1;
    }
  }

  private static final int BODY_OPS = 5; // matvec, sub, div, and the update's norm: sub, dot

  private static SinkLog run(Mode mode, int iterations) {
    SinkLog rec = new SinkLog();
    SampleRunner.run(new Jacobi(), RunOptions.of(mode, iterations, Presets.machine("workstation"),
        CostModel.none()).withSize(16).withTiles(2).withObservers(InterceptorListener.NONE, rec, null));
    return rec;
  }

  @Test
  void consecutiveIterationsIssueDifferentOperationsButEveryOtherOneRepeats() {
    SinkLog rec = run(Mode.NONE, 8);
    int setup = rec.tokens.size() - 8 * BODY_OPS;
    List<Long> it2 = rec.tokens.subList(setup + 2 * BODY_OPS, setup + 3 * BODY_OPS);
    List<Long> it3 = rec.tokens.subList(setup + 3 * BODY_OPS, setup + 4 * BODY_OPS);
    List<Long> it4 = rec.tokens.subList(setup + 4 * BODY_OPS, setup + 5 * BODY_OPS);
    assertThat(it3).isNotEqualTo(it2); // x is bound to another region
    assertThat(it4).isEqualTo(it2); // ...and back: the pool alternates between two regions
  }

  @Test
  void apopheniasTraceCoversTwoSourceIterations() {
    SinkLog rec = run(Mode.AUTO, 80);
    assertThat(rec.traceLengths).isNotEmpty();
    assertThat(rec.traceLengths).allSatisfy(len -> assertThat(len % (2 * BODY_OPS)).isZero());
    assertThat(rec.traceLengths).contains(2 * BODY_OPS);
  }

  @Test
  void theHandPlacedAnnotationSpansTwoIterations() {
    SinkLog rec = run(Mode.MANUAL, 20);
    assertThat(rec.traceLengths).hasSize(10).allSatisfy(len -> assertThat(len).isEqualTo(2 * BODY_OPS));
  }
}
