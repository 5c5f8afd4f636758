package org.apophenia.bench.autotrace;

import org.apophenia.autotrace.ApopheniaSettings;
import org.apophenia.autotrace.Interceptor;
import org.apophenia.autotrace.TraceSink;

/**
 * Latency from a loop's first occurrence to its first replay, in operations (deterministic, so a
 * plain program rather than a JMH benchmark): for loops of several periods after 1000 noise
 * operations, the index (relative to the loop's start) of the first operation issued inside a
 * replayed trace, and that in loop iterations, with our defaults and Legion's settings.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar org.apophenia.bench.autotrace.FirstReplayLatency}
 */
public final class FirstReplayLatency {
  private FirstReplayLatency() {}

  public static void main(String[] args) {
    System.out.println("| period | defaults: ops | iterations | Legion settings: ops | iterations |");
    System.out.println("|---:|---:|---:|---:|---:|");
    for (int period : new int[] {8, 16, 32, 64, 128, 256, 512, 1000}) {
      long ours = firstReplay(period, ApopheniaSettings.defaults());
      long legion = firstReplay(period, ApopheniaSettings.legion());
      System.out.printf("| %d | %s | %s | %s | %s |%n", period, ops(ours), iters(ours, period),
          ops(legion), iters(legion, period));
    }
  }

  private static String ops(long v) {
    return v < 0 ? "never" : Long.toString(v);
  }

  private static String iters(long v, int period) {
    return v < 0 ? "–" : String.format("%.1f", (double) v / period);
  }

  /** First replayed op index relative to the loop start, or -1 within 200 iterations / 200k ops. */
  static long firstReplay(int period, ApopheniaSettings config) {
    int noise = 1000;
    BenchOp[] noiseOps = BenchOp.loop(noise, noise, 1.0, 1); // all fresh: never repeats
    BenchOp[] body = BenchOp.loop(period, period, 0.0, period);
    long[] first = {-1};
    long[] index = {0};
    java.util.Set<Long> seen = new java.util.HashSet<>();
    boolean[] replaying = {false};
    TraceSink<BenchOp> sink = new TraceSink<>() {
      @Override
      public void op(BenchOp op) {
        if (replaying[0] && first[0] < 0) {
          first[0] = index[0] - noise;
        }
        index[0]++;
      }

      @Override
      public void beginTrace(long id) {
        replaying[0] = !seen.add(id);
      }

      @Override
      public void endTrace(long id) {
        replaying[0] = false;
      }
    };
    int iterations = Math.max(200, 200_000 / period);
    try (Interceptor<BenchOp> i = Interceptor.builder(BenchOp.TOKENIZER, sink).settings(config).build()) {
      for (BenchOp op : noiseOps) {
        i.execute(op);
      }
      for (int k = 0; k < iterations && first[0] < 0; k++) {
        for (BenchOp op : body) {
          i.execute(op);
        }
      }
    }
    return first[0];
  }
}
