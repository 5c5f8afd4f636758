package org.apophenia.bench.suffix;

import java.util.concurrent.TimeUnit;
import org.apophenia.suffix.RepeatFinder;
import org.apophenia.suffix.RepeatSet;
import org.apophenia.suffix.SuffixArray;
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
 * Suffix-array construction and the whole repeat finder (min length 5, as Legion's default) on the
 * {@link Workloads}; the sizes from 256 to 65,536 are the windows the mining thread sees. Run with {@code -prof gc}: {@code gc.alloc.rate.norm / n} is the heap
 * allocated per token, an upper bound on the peak heap per token.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g", "-Xms2g"})
@Warmup(iterations = 2)
@Measurement(iterations = 3)
public class SuffixBenchmarks {
  @Param({"256", "1024", "4096", "10000", "65536", "100000", "1000000", "10000000"})
  int n;

  @Param({"LOOP64_NOISY", "LOOP300_NOISY", "LOOP2000", "UNIFORM"})
  Workloads workload;

  long[] tokens;
  final RepeatFinder finder = RepeatFinder.withMinLength(5);

  @Setup(Level.Trial)
  public void setUp() {
    tokens = workload.tokens(n);
  }

  @Benchmark
  public SuffixArray suffixArray() {
    return SuffixArray.of(tokens);
  }

  @Benchmark
  public RepeatSet findRepeats() {
    return finder.find(tokens);
  }
}
