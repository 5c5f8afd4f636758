package org.apophenia.autotrace;

import java.util.Random;

/**
 * Feeds a long synthetic stream (loops of changing bodies, noise, fresh tokens, untraceable ops)
 * through an interceptor with a checking, counting sink, never holding the stream. Run by
 * {@link BoundedMemoryTest} in a JVM with a small heap; prints {@code ops traced} and exits 0, or
 * exits non-zero on a broken law or an {@link OutOfMemoryError}.
 */
public final class BoundedMemoryMain {
  private BoundedMemoryMain() {}

  public static void main(String[] args) {
    long n = Long.parseLong(args[0]);
    long[] expected = {0};
    long[] traced = {0};
    boolean[] open = {false};
    TraceSink<TestOp> sink = new TraceSink<>() {
      @Override
      public void op(TestOp op) {
        if (op.seq() != (int) expected[0]++) {
          throw new AssertionError("op " + op.seq() + " arrived, expected " + (expected[0] - 1));
        }
        if (open[0]) {
          traced[0]++;
        }
      }

      @Override
      public void beginTrace(long id) {
        if (open[0]) {
          throw new AssertionError("nested beginTrace");
        }
        open[0] = true;
      }

      @Override
      public void endTrace(long id) {
        if (!open[0]) {
          throw new AssertionError("endTrace without beginTrace");
        }
        open[0] = false;
      }
    };
    Random rnd = new Random(7);
    int seq = 0;
    try (Interceptor<TestOp> i = Interceptor.builder(TestOp.TOKENIZER, sink).build()) {
      long fresh = 1L << 40;
      while (seq < n) {
        int period = 5 + rnd.nextInt(60);
        long base = rnd.nextInt(1000) * 100L;
        int reps = 1 + rnd.nextInt(50);
        for (int r = 0; r < reps && seq < n; r++) {
          for (int k = 0; k < period && seq < n; k++) {
            i.execute(new TestOp(base + k, Traceability.TRACEABLE, seq++));
          }
          if (rnd.nextInt(4) == 0 && seq < n) {
            i.execute(new TestOp(fresh++, Traceability.TRACEABLE, seq++)); // a fresh handle
          }
        }
        if (rnd.nextInt(20) == 0 && seq < n) {
          i.execute(new TestOp(0, Traceability.UNTRACEABLE, seq++));
        }
      }
    }
    if (expected[0] != n || open[0]) {
      throw new AssertionError("received " + expected[0] + " of " + n + " ops");
    }
    System.out.println(n + " " + traced[0]);
  }
}
