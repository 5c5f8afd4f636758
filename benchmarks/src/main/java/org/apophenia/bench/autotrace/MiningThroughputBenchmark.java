package org.apophenia.bench.autotrace;

import java.util.concurrent.TimeUnit;
import org.apophenia.autotrace.TokenHasher;
import org.apophenia.suffix.RepeatFinder;
import org.apophenia.suffix.RepeatSet;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Mining throughput: one FindRepeats job of the interceptor (Algorithm 2 on a ruler window of the
 * token history, minimum length 5), on windows of a loop with 5% fresh tokens. Divide the window by
 * the time per job for tokens per second; the ruler schedule mines about
 * {@code log2(B/s) + 1} tokens per operation (B = 2000, s = 32: about 7).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class MiningThroughputBenchmark {
  @Param({"32", "256", "2000", "5000"})
  public int window;

  private long[] tokens;
  private final RepeatFinder finder = RepeatFinder.withMinLength(5);

  @Setup
  public void setUp() {
    BenchOp[] ops = BenchOp.loop(window, 64, 0.05, 7);
    tokens = new long[window];
    for (int i = 0; i < window; i++) {
      tokens[i] = BenchOp.TOKENIZER.token(ops[i]);
    }
    TokenHasher.start(); // load the class outside the measurement
  }

  @Benchmark
  public RepeatSet findRepeats() {
    return finder.find(tokens);
  }
}
