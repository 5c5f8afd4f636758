package org.apophenia.autotrace;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The matcher's cost per operation with {@code traces} traces in the cache: {@link CommitPointers}
 * stepping its open pointers through the {@link TraceCache}'s trie on every token, the part of
 * Apophenia's per-op work that could grow with the cache. The cache is filled directly with
 * {@code traces} bodies of {@link #LENGTH} distinct tokens, and the stream issues the bodies whole in
 * a pseudo-random order (reshuffled every round), so every operation is inside a cached trace and one
 * match completes per body, as in a steady state where everything is known. Mining, the pending queue
 * and the sink are left out (the interceptor-level figures are {@code InterceptorOverheadBenchmark}'s).
 * With {@code hot} above 0 the stream issues only the first {@code hot} bodies (the cache still
 * holds all {@code traces}): the work per operation is the same, the memory the walk touches is that
 * of {@code hot} traces whatever the cache holds, so a cost that stays flat there while it grows with
 * {@code hot = 0} grows with the working set the stream touches, not with the traces cached.
 * In Apophenia's package because the matcher is package-private; benchmarks run on the class path,
 * where the package spans the two jars.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class CachedTracesBenchmark {
  /** Operations per cached trace. */
  static final int LENGTH = 32;

  /** Traces in the cache. */
  @Param({"10", "100", "1000"})
  public int traces;

  /** Bodies the stream issues, the first ones inserted ({@code 0}: all of them). */
  @Param({"0", "10"})
  public int hot;

  private long[][] bodies;
  private int[] order;
  private int body;
  private int at;
  private long pos;
  private Random rnd;
  private TraceCache cache;
  private CommitPointers pointers;

  @Setup(Level.Trial)
  public void setUp() {
    rnd = new Random(42);
    ApopheniaSettings settings = ApopheniaSettings.defaults();
    cache = new TraceCache(settings, InterceptorListener.NONE);
    bodies = new long[traces][LENGTH];
    order = new int[hot == 0 ? traces : Math.min(hot, traces)];
    for (int b = 0; b < traces; b++) {
      for (int i = 0; i < LENGTH; i++) {
        bodies[b][i] = rnd.nextLong() | 1; // distinct with overwhelming probability
      }
      cache.insert(bodies[b], 3, 0);
      if (b < order.length) {
        order[b] = b;
      }
    }
    pointers = new CommitPointers(settings, cache);
    shuffle();
    if (cache.size() != traces) {
      throw new IllegalStateException("cache holds " + cache.size() + " traces, not " + traces);
    }
  }

  private void shuffle() {
    for (int i = order.length - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
  }

  /** One token through the matcher; a body's completed match is dropped at its end, as selection would. */
  @Benchmark
  public int match() {
    long token = bodies[order[body]][at];
    pointers.advance(token, pos++);
    if (++at == LENGTH) {
      at = 0;
      pointers.completed.dropStartingBefore(pos);
      if (++body == order.length) {
        body = 0;
        shuffle();
      }
    }
    return pointers.open.size;
  }

  /**
   * The same walk over the bodies without the matcher: what {@link #match} costs besides
   * {@link CommitPointers#advance} (the harness, reading the next token of a shuffled body), whose
   * own growth with {@code traces} is not the matcher's.
   */
  @Benchmark
  public long walkOnly() {
    long token = bodies[order[body]][at];
    pos++;
    if (++at == LENGTH) {
      at = 0;
      if (++body == order.length) {
        body = 0;
        shuffle();
      }
    }
    return token;
  }
}
