package org.apophenia.bench.suffix;

import org.apophenia.suffix.RepeatFinder;
import org.apophenia.suffix.RepeatSet;

/**
 * Runs the repeat finder once on one workload, to find the smallest {@code -Xmx} under which it
 * completes (see {@code benchmarks/peak-heap.sh}). Prints the result size; exits 3 on
 * OutOfMemoryError so the script can tell.
 *
 * <p>Usage: {@code java -Xmx... -cp benchmarks.jar org.apophenia.bench.suffix.PeakHeap WORKLOAD N}
 */
public final class PeakHeap {
  private PeakHeap() {}

  public static void main(String[] args) {
    Workloads workload = Workloads.valueOf(args[0]);
    int n = Integer.parseInt(args[1]);
    long[] tokens = workload.tokens(n);
    try {
      long t0 = System.nanoTime();
      RepeatSet set = RepeatFinder.withMinLength(5).find(tokens);
      long ms = (System.nanoTime() - t0) / 1_000_000;
      System.out.printf("%s n=%d repeats=%d coverage=%.3f time=%dms%n", workload, n, set.repeats().size(),
          set.coverage(), ms);
    } catch (OutOfMemoryError e) {
      System.out.println("OutOfMemoryError");
      System.exit(3);
    }
  }
}
