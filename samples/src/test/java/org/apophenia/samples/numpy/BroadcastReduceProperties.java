package org.apophenia.samples.numpy;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Properties with a simple oracle, on int64 arrays (exact arithmetic): a broadcast sum equals the
 * element-wise sum computed by index arithmetic, and an axis sum and max equal the host's loops,
 * whatever the tiling.
 */
class BroadcastReduceProperties {
  private static int[] shape(long seed, int dims) {
    int[] s = new int[dims];
    for (int d = 0; d < dims; d++) {
      s[d] = (int) Math.floorMod(seed >>> (8 * d), 5L) + 1;
    }
    return s;
  }

  private static long[] data(long seed, int n) {
    long[] v = new long[n];
    java.util.Random r = new java.util.Random(seed);
    for (int i = 0; i < n; i++) {
      v[i] = r.nextInt(201) - 100;
    }
    return v;
  }

  @Property(tries = 40)
  void broadcastAddMatchesIndexArithmetic(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3) int dims,
      @ForAll @IntRange(min = 1, max = 4) int tiles, @ForAll @IntRange(min = 0, max = 7) int ones) {
    int[] sa = shape(seed, dims);
    int[] sb = sa.clone();
    for (int d = 0; d < dims; d++) {
      if ((ones >> d & 1) != 0) {
        sb[d] = 1; // size-1 dimensions broadcast
      }
    }
    Np np = Np.withExplicitRelease(org.apophenia.samples.array.ArrayContext.untraced(
        new org.apophenia.legion.LegionRuntime(org.apophenia.sim.machine.Presets.machine("workstation")), tiles));
    long[] va = data(seed, (int) Geometry.size(sa));
    long[] vb = data(seed + 1, (int) Geometry.size(sb));
    long[] got = np.array(va, sa).add(np.array(vb, sb)).toBits();
    Geometry gb = Geometry.contiguous(sb).broadcastTo(sa);
    for (int k = 0; k < got.length; k++) {
      assertThat(got[k]).isEqualTo(va[k] + vb[(int) gb.position(k)]);
    }
  }

  @Property(tries = 40)
  void axisSumAndMaxMatchHostLoops(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3) int dims,
      @ForAll @IntRange(min = 1, max = 4) int tiles, @ForAll @IntRange(min = 0, max = 2) int axisPick) {
    int[] s = shape(seed, dims);
    int axis = axisPick % dims;
    Np np = Np.withExplicitRelease(org.apophenia.samples.array.ArrayContext.untraced(
        new org.apophenia.legion.LegionRuntime(org.apophenia.sim.machine.Presets.machine("workstation")), tiles));
    long[] v = data(seed, (int) Geometry.size(s));
    NpArray a = np.array(v, s);
    long[] sum = a.sum(axis).toBits();
    long[] max = a.max(axis).toBits();
    Geometry g = Reductions.moveLast(Geometry.contiguous(s), axis);
    int len = s[axis];
    for (int o = 0; o < sum.length; o++) {
      long es = 0;
      long em = Long.MIN_VALUE;
      for (int l = 0; l < len; l++) {
        long x = v[(int) g.position((long) o * len + l)];
        es += x;
        em = Math.max(em, x);
      }
      assertThat(sum[o]).isEqualTo(es);
      assertThat(max[o]).isEqualTo(em);
    }
  }
}
