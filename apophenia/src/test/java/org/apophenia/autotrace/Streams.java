package org.apophenia.autotrace;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Test streams: planted loops between noise, with no-ops and untraceable ops sprinkled in. Shared
 * with other modules' tests through apophenia's test jar.
 */
public final class Streams {
  private Streams() {}

  /** {@code repeats} times the same {@code period} traceable ops (tokens 100, 101, ...). */
  public static List<TestOp> loop(int period, int repeats) {
    List<TestOp> ops = new ArrayList<>();
    for (int r = 0; r < repeats; r++) {
      for (int i = 0; i < period; i++) {
        ops.add(new TestOp(100 + i, Traceability.TRACEABLE, ops.size()));
      }
    }
    return ops;
  }

  /** A random stream of phases: loops of random bodies, noise, no-ops and untraceable ops. */
  public static List<TestOp> random(long seed, int length) {
    Random rnd = new Random(seed);
    List<TestOp> ops = new ArrayList<>();
    while (ops.size() < length) {
      int kind = rnd.nextInt(10);
      if (kind < 6) {
        int period = 3 + rnd.nextInt(30);
        long[] body = new long[period];
        for (int i = 0; i < period; i++) {
          body[i] = rnd.nextInt(12); // small alphabet: bodies share tokens and overlap
        }
        int reps = 1 + rnd.nextInt(12);
        for (int r = 0; r < reps && ops.size() < length; r++) {
          for (long t : body) {
            ops.add(new TestOp(t, Traceability.TRACEABLE, ops.size()));
            if (rnd.nextInt(200) == 0) {
              ops.add(new TestOp(0, Traceability.NO_OP, ops.size()));
            }
          }
        }
      } else if (kind < 9) {
        int n = 1 + rnd.nextInt(20);
        for (int i = 0; i < n; i++) {
          ops.add(new TestOp(rnd.nextInt(40), Traceability.TRACEABLE, ops.size()));
        }
      } else {
        ops.add(new TestOp(0, rnd.nextBoolean() ? Traceability.UNTRACEABLE : Traceability.NO_OP,
            ops.size()));
      }
    }
    return ops;
  }
}
