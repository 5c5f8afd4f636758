package org.apophenia.autotrace;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A noisy loop, the model of {@code tools/noisy-stream.py} (keep the two in step): a body of
 * {@code period} tasks is repeated until {@code ops} operations are written; before each task, with
 * probability {@code insert}, a task that never occurs elsewhere is inserted (a log line, a check, a
 * reduction on a fresh temporary); each body task is dropped with probability {@code drop} (a
 * data-dependent branch) and replaced by a fresh task with probability {@code fresh} (an operand that
 * changes). A body task is, as in the script, one of 7 codelets on three of 64 handles, so that tasks
 * share data as a real loop's do; here it is the token of that tuple. The same arguments and seed give
 * the same stream (not the script's bytes: the two draw from different generators). Shared with other
 * modules' tests through apophenia's test jar.
 *
 * @param ops the stream, sequence numbers 0..n-1, every op traceable
 * @param period tasks in the loop's body
 * @param freshOps operations that occur nowhere else (inserted or replacing a body task)
 */
public record NoisyLoop(List<TestOp> ops, int period, int freshOps) {
  /** Fresh tokens are at least this; body tokens (hashes of a codelet and handles) are below it. */
  private static final long FRESH_TOKENS = 1L << 62;

  /** The noisy loop of {@code ops} operations (see the class comment); probabilities in [0, 1). */
  public static NoisyLoop of(long seed, int period, double insert, double drop, double fresh, int ops) {
    if (period < 1 || ops < 0 || !probability(insert) || !probability(drop) || !probability(fresh)) {
      throw new IllegalArgumentException("period " + period + ", ops " + ops + ", insert " + insert
          + ", drop " + drop + ", fresh " + fresh);
    }
    Random rnd = new Random(seed);
    long[] body = new long[period];
    for (int i = 0; i < period; i++) {
      long h0 = rnd.nextInt(64);
      long h1 = rnd.nextInt(64);
      long h2 = rnd.nextInt(64);
      body[i] = (mix(mix(mix(mix(0x5EED, i % 7), h0), h1), h2) >>> 2) | 1; // below FRESH_TOKENS
    }
    List<TestOp> out = new ArrayList<>(ops);
    int freshOps = 0;
    int i = 0;
    while (out.size() < ops) {
      if (insert > 0 && rnd.nextDouble() < insert) {
        out.add(new TestOp(FRESH_TOKENS + freshOps++, Traceability.TRACEABLE, out.size()));
        continue;
      }
      long task = body[i++ % period];
      if (drop > 0 && rnd.nextDouble() < drop) {
        continue;
      }
      if (fresh > 0 && rnd.nextDouble() < fresh) {
        task = FRESH_TOKENS + freshOps++;
      }
      out.add(new TestOp(task, Traceability.TRACEABLE, out.size()));
    }
    return new NoisyLoop(List.copyOf(out), period, freshOps);
  }

  private static boolean probability(double p) {
    return p >= 0 && p < 1;
  }

  private static long mix(long h, long v) {
    h = (h ^ v) * 0xBF58_476D_1CE4_E5B9L;
    return h ^ (h >>> 31);
  }
}
