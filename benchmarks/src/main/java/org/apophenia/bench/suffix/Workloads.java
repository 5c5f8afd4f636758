package org.apophenia.bench.suffix;

import java.util.SplittableRandom;

/** The token streams of the repeat finder's benchmarks, seeded so every run measures the same input. */
public enum Workloads {
  /** A period-64 loop in which 2% of the tokens are replaced by random ones from a 2^20 alphabet. */
  LOOP64_NOISY {
    @Override
    long[] generate(int n, SplittableRandom random) {
      long[] body = distinct(64, random);
      long[] t = new long[n];
      for (int i = 0; i < n; i++) {
        t[i] = random.nextInt(50) == 0 ? random.nextInt(1 << 20) : body[i % 64];
      }
      return t;
    }
  },
  /**
   * A period-300 loop in which a token that occurs nowhere else is inserted before each token with
   * probability 0.5% and each body token is dropped with probability 0.2%: the shape of
   * {@code tools/noisy-stream.py --period 300 --insert 0.005 --drop 0.002}.
   */
  LOOP300_NOISY {
    @Override
    long[] generate(int n, SplittableRandom random) {
      long[] body = distinct(300, random);
      long[] t = new long[n];
      long fresh = 0;
      for (int i = 0, j = 0; i < n; j++) {
        if (random.nextInt(1000) < 5) {
          t[i++] = ++fresh; // below 2^40: never a body token
        }
        if (i < n && random.nextInt(1000) >= 2) {
          t[i++] = body[j % 300];
        }
      }
      return t;
    }
  },
  /** A period-2000 loop. */
  LOOP2000 {
    @Override
    long[] generate(int n, SplittableRandom random) {
      long[] body = distinct(2000, random);
      long[] t = new long[n];
      for (int i = 0; i < n; i++) {
        t[i] = body[i % 2000];
      }
      return t;
    }
  },
  /** Uniform random 64-bit tokens. */
  UNIFORM {
    @Override
    long[] generate(int n, SplittableRandom random) {
      long[] t = new long[n];
      for (int i = 0; i < n; i++) {
        t[i] = random.nextLong();
      }
      return t;
    }
  };

  abstract long[] generate(int n, SplittableRandom random);

  /** {@code n} tokens of this shape, the same for the same {@code n}. */
  public long[] tokens(int n) {
    return generate(n, new SplittableRandom(0x5EEDL + ordinal()));
  }

  private static long[] distinct(int k, SplittableRandom random) {
    long[] body = new long[k];
    for (int i = 0; i < k; i++) {
      body[i] = (1L << 40) + random.nextLong(1L << 40); // disjoint from the 2^20 noise alphabet
    }
    return body;
  }
}
