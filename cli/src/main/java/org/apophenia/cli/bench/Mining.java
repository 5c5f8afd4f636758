package org.apophenia.cli.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apophenia.suffix.RepeatFinder;

/**
 * Group 4: FindRepeats (Algorithm 2: suffix array, LCP, non-overlapping repeats, minimum length 5) on
 * buffers of 10^3 to 10^7 tokens (10^5 in quick mode). Workload: a period-64 loop in which 2% of the
 * tokens are replaced by random ones, the {@code LOOP64_NOISY} of the JMH suite. Each size is run
 * until about half a second has been spent (at least one run after a warm-up); the median is reported.
 */
final class Mining implements BenchGroup {
  @Override public int number() { return 4; }
  @Override public String id() { return "mining"; }
  @Override public String title() { return "Mining: FindRepeats time vs buffer size"; }

  /** A period-64 loop with 2% random tokens, seeded. */
  static long[] loop64Noisy(int n, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    long[] body = new long[64];
    for (int i = 0; i < body.length; i++) {
      body[i] = rnd.nextLong();
    }
    long[] t = new long[n];
    for (int i = 0; i < n; i++) {
      t[i] = rnd.nextDouble() < 0.02 ? rnd.nextLong(1 << 20) : body[i % 64];
    }
    return t;
  }

  @Override
  public GroupResult run(BenchSettings s) {
    int maxExp = s.pick(5, 7);
    RepeatFinder finder = RepeatFinder.withMinLength(5);
    Table.Builder t = Table.builder("mining", "FindRepeats (min length 5) on LOOP64_NOISY",
        "tokens", "runs", "median ms", "min ms", "M tokens/s (median)", "repeats found");
    List<double[]> points = new ArrayList<>();
    double at490k = Double.NaN;
    for (int e = 3; e <= maxExp; e++) {
      int n = (int) Math.pow(10, e);
      long[] tokens = loop64Noisy(n, 42 + e);
      int found = finder.find(tokens).repeats().size(); // warm-up
      List<Double> ms = new ArrayList<>();
      long budget = s.pick(200_000_000L, 500_000_000L);
      long spent = 0;
      while (ms.size() < 3 || spent < budget) {
        long t0 = System.nanoTime();
        finder.find(tokens);
        long dt = System.nanoTime() - t0;
        spent += dt;
        ms.add(dt / 1e6);
        if (ms.size() >= 200 || (n >= 10_000_000 && ms.size() >= 3)) {
          break;
        }
      }
      double[] v = ms.stream().mapToDouble(Double::doubleValue).toArray();
      double med = Stats.median(v);
      t.row(n, v.length, med, Stats.min(v), n / med / 1e3, found);
      points.add(new double[] {n, med});
      s.progress("  mining %,d tokens: %.2f ms", n, med);
    }
    double[] x = points.stream().mapToDouble(p -> p[0]).toArray();
    double[] y = points.stream().mapToDouble(p -> p[1]).toArray();
    double last = y[y.length - 1];
    double usPerToken = last * 1e3 / x[x.length - 1];
    String cmp = String.format(java.util.Locale.ROOT,
        "Legion's C++ FindRepeats (prefix doubling) takes 0.93 s for 490,000 tokens, about 1.9 µs per token "
            + "(REFERENCES.md); here %,d tokens take %s ms, %s µs per token.",
        (long) x[x.length - 1], Table.format(last), Table.format(usPerToken));
    return new GroupResult(List.of(t.build()), List.of(), List.of(), cmp);
  }
}
