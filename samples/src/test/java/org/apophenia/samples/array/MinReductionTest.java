package org.apophenia.samples.array;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.api.Test;

/** {@link ArrayContext#min}: NumPy's {@code min} as a future, one index launch over the tiles. */
class MinReductionTest {
  private static ArrayContext context(int tiles) {
    return ArrayContext.untraced(new LegionRuntime(Presets.machine("workstation")), tiles);
  }

  @Test
  void minOfATiledArrayIsTheSmallestElementWhateverTheTiling() {
    for (int tiles : new int[] {1, 3, 7}) {
      ArrayContext np = context(tiles);
      NdArray a = np.let(np.random(5, 9, 4).sub(0.5));
      double[] host = a.toArray();
      assertThat(np.min(a).get()).as("tiles " + tiles).isEqualTo(Arrays.stream(host).min().getAsDouble());
      assertThat(np.min(a).get()).isEqualTo(-np.max(a.neg()).get());
    }
  }

  @Test
  void minOfAViewSeesOnlyTheView() {
    ArrayContext np = context(3);
    NdArray a = np.let(np.arange(0, 1, 30).add(1));
    assertThat(np.min(a.view(10, 20)).get()).isEqualTo(11.0);
    NdArray grid = np.let(np.random(9, 6, 5));
    double[] host = grid.toArray();
    double expected = Double.POSITIVE_INFINITY;
    for (int r = 1; r < 4; r++) {
      for (int c = 2; c < 5; c++) {
        expected = Math.min(expected, host[r * 5 + c]);
      }
    }
    assertThat(np.min(grid.view(1, 4, 2, 5)).get()).isEqualTo(expected);
  }

  @Test
  void minIsAFutureThatTheProgramNeedNotWaitFor() {
    ArrayContext np = context(2);
    NdArray a = np.let(np.full(2.5, 6));
    Scalar s = np.min(a);
    a = np.rebind(a, a.sub(1));
    assertThat(s.get()).isEqualTo(2.5);
    assertThat(np.min(a).get()).isEqualTo(1.5);
  }
}
