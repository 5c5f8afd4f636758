package org.apophenia.bench.autotrace;

import java.util.Random;
import org.apophenia.autotrace.TokenHasher;
import org.apophenia.autotrace.Tokenizer;

/**
 * A task launch as a runtime would hand it to Apophenia: a task id and three region arguments
 * (region, field mask, privilege). The tokenizer hashes all of them, as Legion's does.
 */
record BenchOp(int taskId, long[] regions, int[] fields, int[] privileges) {
  static final Tokenizer<BenchOp> TOKENIZER = op -> {
    TokenHasher h = TokenHasher.start().putInt(op.taskId);
    for (int i = 0; i < op.regions.length; i++) {
      h.putLong(op.regions[i]).putInt(op.fields[i]).putInt(op.privileges[i]);
    }
    return h.token();
  };

  /**
   * {@code n} operations: a loop of {@code period} launches, where each launch's arguments are fresh
   * with probability {@code freshRate} (a temporary region), so the stream is mostly periodic.
   */
  static BenchOp[] loop(int n, int period, double freshRate, long seed) {
    Random rnd = new Random(seed);
    BenchOp[] body = new BenchOp[period];
    for (int i = 0; i < period; i++) {
      body[i] = random(rnd, i % 7);
    }
    BenchOp[] ops = new BenchOp[n];
    for (int i = 0; i < n; i++) {
      ops[i] = rnd.nextDouble() < freshRate ? random(rnd, i % 7) : body[i % period];
    }
    return ops;
  }

  private static BenchOp random(Random rnd, int task) {
    return new BenchOp(task, new long[] {rnd.nextLong(), rnd.nextLong(), rnd.nextLong()},
        new int[] {1, 3, 1}, new int[] {1, 2, 3});
  }
}
