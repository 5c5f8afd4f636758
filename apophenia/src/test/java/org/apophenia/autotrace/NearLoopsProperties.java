package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * {@link NearLoops} against a plain oracle: the loop's stream written out, and a piece is clean when
 * it occurs in it ({@code indexOf} on the tokens). A loop body has distinct tokens; a near-loop is the
 * loop's stream from some phase with one or two of its tasks removed inside it.
 */
class NearLoopsProperties {
  static final int MIN = 5;

  /** A loop of {@code period} distinct tokens, cached as a trace that tiles it. */
  record Loop(int period) {
    long[] body() {
      long[] b = new long[period];
      for (int i = 0; i < period; i++) {
        b[i] = 1000 + i;
      }
      return b;
    }

    /** The loop's stream from phase 0, {@code n} tokens. */
    long[] stream(int n) {
      long[] s = new long[n];
      for (int i = 0; i < n; i++) {
        s[i] = 1000 + i % period;
      }
      return s;
    }
  }

  /** A near-loop: {@code length} tokens of the loop's stream from {@code phase}, the tasks at {@code drops} removed. */
  record Near(int period, int phase, int length, int[] drops) {
    long[] tokens() {
      long[] clean = new Loop(period).stream(phase + length + drops.length);
      Set<Integer> gone = new HashSet<>();
      for (int d : drops) {
        gone.add(phase + d);
      }
      long[] t = new long[length];
      int w = 0;
      for (int i = phase; w < length; i++) {
        if (!gone.contains(i)) {
          t[w++] = clean[i];
        }
      }
      return t;
    }
  }

  @Provide
  Arbitrary<Near> nearLoops() {
    return Arbitraries.integers().between(6, 30).flatMap(p -> Combinators.combine(
        Arbitraries.integers().between(0, p - 1),
        Arbitraries.integers().between(p + 2, 12 * p),
        Arbitraries.integers().between(1, 2)).flatAs((phase, length, k) ->
            // drops strictly inside: not the first task (then it is another phase) nor past the end
            Arbitraries.integers().between(1, length - 1).set().ofSize(k).map(ds -> {
              int[] d = new TreeSet<>(ds).stream().mapToInt(Integer::intValue).toArray();
              return new Near(p, phase, length, d);
            })));
  }

  static CachedContent cached(Trace... traces) {
    CachedContent c = new CachedContent(MIN);
    for (Trace t : traces) {
      c.add(t);
    }
    return c;
  }

  static Trace loopTrace(Loop loop) {
    Trace t = new Trace(0, loop.body(), 3, 0);
    t.periodic = true;
    return t;
  }

  /** Whether {@code piece} occurs in the loop's stream (the oracle's clean). */
  static boolean clean(Loop loop, long[] piece) {
    long[] s = loop.stream(piece.length + 2 * loop.period());
    outer:
    for (int from = 0; from < loop.period(); from++) {
      for (int j = 0; j < piece.length; j++) {
        if (s[from + j] != piece[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }

  /** Whether a near-loop really lost a task (a drop next to an equal token can leave it clean). */
  static boolean dropped(Near n) {
    return !clean(new Loop(n.period()), n.tokens());
  }

  @Property(tries = 300)
  void aNearLoopIsFoundAndCutIntoExactlyItsCleanDyadicPieces(@ForAll("nearLoops") Near n,
      @ForAll @IntRange(min = 1, max = 16) int span) {
    int longest = span * n.period();
    Loop loop = new Loop(n.period());
    Trace t = loopTrace(loop);
    CachedContent content = cached(t);
    long[] tokens = n.tokens();
    assertThat(dropped(n)).isTrue(); // distinct body tokens: every drop shows
    assertThat(NearLoops.loopOf(content, tokens, TraceCache.DELETIONS)).isSameAs(t);

    List<long[]> got = new ArrayList<>();
    NearLoops.cleanPieces(content, t, tokens, longest, got::add);
    List<long[]> expected = new ArrayList<>();
    DyadicPieces.forEach(tokens.length, MIN, (off, len) -> {
      long[] piece = Arrays.copyOfRange(tokens, off, off + len);
      if (len <= longest && len % MIN == 0 && Integer.bitCount(len / MIN) == 1 && clean(loop, piece)) {
        expected.add(piece);
      }
    });
    assertThat(got).hasSameSizeAs(expected);
    for (int i = 0; i < got.size(); i++) {
      assertThat(got.get(i)).as("piece %d", i).containsExactly(expected.get(expected.size() - 1 - i));
    }
  }

  @Property(tries = 200)
  void theLoopRunWholeIsNoNearLoop(@ForAll @IntRange(min = 6, max = 30) int period,
      @ForAll @IntRange(min = 0, max = 29) int phase, @ForAll @IntRange(min = 1, max = 300) int extra) {
    Loop loop = new Loop(period);
    Trace t = loopTrace(loop);
    long[] whole = Arrays.copyOfRange(loop.stream(phase % period + period + extra), phase % period,
        phase % period + period + extra);
    assertThat(NearLoops.loopOf(cached(t), whole, TraceCache.DELETIONS)).isNull();
  }

  @Property(tries = 200)
  void aNearLoopWithATaskNoTraceHoldsIsNone(@ForAll("nearLoops") Near n, @ForAll @IntRange(min = 0, max = 10_000) int at) {
    Trace t = loopTrace(new Loop(n.period()));
    long[] tokens = n.tokens();
    tokens[at % tokens.length] = 7; // an inserted task, fresh
    assertThat(NearLoops.loopOf(cached(t), tokens, TraceCache.DELETIONS)).isNull();
  }

  @Property(tries = 200)
  void moreDropsThanAllowedIsNone(@ForAll("nearLoops") Near n) {
    Trace t = loopTrace(new Loop(n.period()));
    int allowed = n.drops().length - 1;
    assertThat(NearLoops.loopOf(cached(t), n.tokens(), allowed)).isNull();
  }

  static TraceCache cacheWithLoop(ApopheniaSettings settings, Loop loop) {
    TraceCache cache = new TraceCache(settings, InterceptorListener.NONE);
    cache.insert(loop.body(), 3, 0).periodic = true;
    return cache;
  }

  /**
   * Through the cache: a near-loop is cut into its clean pieces, each cached, itself not; cut again it
   * adds nothing. A clean candidate is no near-loop (-1), nor is anything with near-loops not cut, or
   * without prefix traces (its pieces are prefixes of one another, which Legion's rule forbids).
   */
  @Property(tries = 100)
  void theCacheCutsANearLoopIntoItsPiecesOnce(@ForAll("nearLoops") Near n) {
    Loop loop = new Loop(n.period());
    TraceCache cache = cacheWithLoop(ApopheniaSettings.defaults(), loop);
    long[] tokens = n.tokens();
    List<long[]> expected = new ArrayList<>(); // distinct, and not cached already (the loop's body may be one)
    Set<List<Long>> seen = new HashSet<>();
    Trace t = loopTrace(loop);
    NearLoops.cleanPieces(cached(t), t, tokens, 4 * n.period(), piece -> {
      if (cache.get(piece) == null && seen.add(Arrays.stream(piece).boxed().toList())) {
        expected.add(piece);
      }
    });
    int before = cache.size();
    assertThat(cache.cutNearLoop(tokens, false, 2, 100)).isEqualTo(expected.size());
    assertThat(cache.size()).isEqualTo(before + expected.size());
    for (long[] piece : expected) {
      assertThat(cache.get(piece)).isNotNull();
      assertThat(cache.get(piece).split).isTrue();
    }
    assertThat(cache.get(tokens)).isNull();
    assertThat(cache.cutNearLoop(tokens, false, 2, 200)).isZero();
    assertThat(cache.nearLoopsCut).isEqualTo(2);

    long[] clean = Arrays.copyOf(loop.stream(3 * n.period()), 3 * n.period());
    assertThat(cache.cutNearLoop(clean, false, 2, 300)).isEqualTo(-1);
    for (ApopheniaSettings off : List.of(
        ApopheniaSettings.defaults().toBuilder().set(Knobs.NEAR_LOOP_PIECES, false).build(),
        ApopheniaSettings.defaults().toBuilder().set(Knobs.PREFIX_TRACES, false).build(),
        ApopheniaSettings.legion())) {
      assertThat(cacheWithLoop(off, loop).cutNearLoop(tokens, false, 2, 100)).isEqualTo(-1);
    }
  }

  /**
   * A periodic candidate is its body run back to back ({@link NearLoops#twice}): a body of a few
   * periods with its last task missing is clean itself, and its drop is where one run meets the
   * next. Run twice it is a near-loop; the loop's own body run twice is not.
   */
  @Property(tries = 100)
  void aPeriodicBodyMissingATaskWhereItRepeatsIsANearLoopRunTwice(@ForAll @IntRange(min = 6, max = 30) int period,
      @ForAll @IntRange(min = 2, max = 8) int periods) {
    Loop loop = new Loop(period);
    Trace t = loopTrace(loop);
    CachedContent content = cached(t);
    long[] body = Arrays.copyOf(loop.stream(periods * period), periods * period - 1); // the last task missing
    assertThat(NearLoops.loopOf(content, body, TraceCache.DELETIONS)).as("clean, as a sequence").isNull();
    assertThat(NearLoops.loopOf(content, NearLoops.twice(body), TraceCache.DELETIONS)).isSameAs(t);
    assertThat(NearLoops.loopOf(content, NearLoops.twice(loop.body()), TraceCache.DELETIONS)).isNull();
  }

  /**
   * However many near-loops of one loop are cut, their clean pieces (up to 4 periods) are at most one
   * per phase and length {@code min x 2^a}: the bound does not grow with how many were mined.
   */
  @Property(tries = 20)
  void theCleanPiecesOfManyNearLoopsAreABoundedSet(@ForAll @IntRange(min = 6, max = 30) int period,
      @ForAll @Size(min = 50, max = 200) List<@IntRange(min = 0, max = 1_000_000) Integer> seeds) {
    Loop loop = new Loop(period);
    Trace t = loopTrace(loop);
    CachedContent content = cached(t);
    Set<List<Long>> distinct = new HashSet<>();
    for (int seed : seeds) {
      java.util.Random r = new java.util.Random(seed);
      int length = period + 2 + r.nextInt(11 * period);
      Near n = new Near(period, r.nextInt(period), length, new int[] {1 + r.nextInt(length - 1)});
      NearLoops.cleanPieces(content, t, n.tokens(), 4 * period, piece -> {
        assertThat(piece.length).isLessThanOrEqualTo(4 * period);
        assertThat(clean(loop, piece)).isTrue();
        assertThat(piece.length % MIN).isZero();
        assertThat(Integer.bitCount(piece.length / MIN)).isEqualTo(1);
        distinct.add(Arrays.stream(piece).boxed().toList());
      });
    }
    assertThat(distinct).as("the near-loops' clean pieces").isNotEmpty();
    int lengths = 32 - Integer.numberOfLeadingZeros(4 * period / MIN); // floor(log2(span x period / min)) + 1
    assertThat(distinct.size()).isLessThanOrEqualTo(period * lengths);
  }
}
