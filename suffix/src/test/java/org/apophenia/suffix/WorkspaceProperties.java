package org.apophenia.suffix;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A workspace used for earlier inputs of other sizes gives the same repeats as a fresh one: nothing a
 * previous window left in the reused arrays leaks into the next.
 */
class WorkspaceProperties {
  private final RepeatFinder finder = RepeatFinder.withMinLength(3);

  @Provide
  Arbitrary<long[]> tokens() {
    return Arbitraries.oneOf(
        Arbitraries.longs().between(0, 5).array(long[].class).ofMaxSize(400),
        Arbitraries.longs().array(long[].class).ofMaxSize(50),
        Arbitraries.integers().between(0, 3000).map(n -> noisyLoop(n, 17, n)));
  }

  @Property(tries = 400)
  void aReusedWorkspaceAnswersLikeAFreshOne(@ForAll("tokens") long[] first, @ForAll("tokens") long[] second) {
    Workspace reused = Workspace.ofThread();
    finder.find(first, 0, first.length, reused);
    assertThat(finder.find(second, 0, second.length, reused).repeats())
        .usingRecursiveFieldByFieldElementComparator()
        .isEqualTo(finder.find(second, 0, second.length, Workspace.fresh()).repeats());
  }

  @Example
  void beyondTheCachedLengthTheFreshPathAnswersLikeTheThreadsWorkspace() {
    long[] big = noisyLoop(Workspace.CACHED_MAX + 5000, 300, 1);
    long[] small = noisyLoop(2000, 41, 2);
    Workspace reused = Workspace.ofThread();
    finder.find(small, 0, small.length, reused);
    RepeatSet viaThread = finder.find(big, 0, big.length, reused);
    RepeatSet viaPublicApi = finder.find(big); // past CACHED_MAX: a fresh workspace for the call
    assertThat(viaPublicApi.repeats()).usingRecursiveFieldByFieldElementComparator()
        .isEqualTo(viaThread.repeats());
    assertThat(viaPublicApi.repeats()).isNotEmpty();
  }

  /** A loop of {@code period} distinct tokens with 1% of tokens replaced by ones that occur nowhere else. */
  static long[] noisyLoop(int n, int period, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    long[] t = new long[n];
    for (int i = 0; i < n; i++) {
      t[i] = r.nextInt(100) == 0 ? -1 - i : i % period;
    }
    return t;
  }
}
