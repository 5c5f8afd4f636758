package org.apophenia.cli;

import java.util.Locale;
import java.util.Map;

/**
 * How long a {@code run} may be on this heap. The simulated machine keeps every event of a run (its
 * event graph, for the critical path), and the runtime keeps its analysis of every operation, so a
 * run's heap grows with its iterations times its tiles (point tasks per operation); {@code --size}
 * sizes the arrays instead, bounded apart ({@link Limits#MAX_SIZE}). A run is refused before it starts
 * when its estimate exceeds {@link #HEAP_SHARE} of the heap, the rest left to the arrays of the largest
 * size, the collector's headroom and the reports.
 *
 * <p>The estimate is {@code iterations × (A + B × max(tiles, 4))} bytes, {@code A} and {@code B}
 * measured per sample with {@code --mode none} (the mode that keeps the most: every operation
 * analysed) on the workstation preset: the heap retained per iteration (live heap after a full
 * collection, at 100 and at 300 iterations) at 4 and at 16 tiles, {@code B} the slope between them
 * and {@code A} what remains at 4 tiles, or 0 and the slope through the origin where that is larger
 * (the method is in BENCHMARKS.md). It is linear in the tiles; a sample whose operations grow faster
 * with the tiles (mlp's matrix products) can still run out at thousands of tiles, which ends with
 * {@link OutOfMemory}'s one line. Stateless.
 */
final class RunBudget {
  private RunBudget() {}

  /** The share of the heap a run's events may take. */
  static final double HEAP_SHARE = 0.35;

  /**
   * Heap retained per iteration, in bytes: {@code fixed + perTile × tiles}.
   *
   * @param fixed bytes per iteration whatever the tiles
   * @param perTile bytes per iteration and tile
   */
  record Cost(long fixed, long perTile) {
    long perIteration(int tiles) {
      return fixed + perTile * Math.max(tiles, 4);
    }
  }

  /** Measured as the class comment says; a sample not listed is charged as the costliest. */
  static final Map<String, Cost> COSTS = Map.of(
      "jacobi", new Cost(0, 4_300),
      "stencil", new Cost(0, 7_000),
      "cfd", new Cost(147_000, 114_000),
      "swe", new Cost(170_000, 97_000),
      "s3d", new Cost(175_000, 360_000),
      "mlp", new Cost(0, 25_500),
      "cavity", new Cost(0, 1_320_000),
      "heat", new Cost(0, 21_000));

  private static Cost cost(String sample) {
    return COSTS.getOrDefault(sample, new Cost(0, 1_320_000));
  }

  /** Bytes a run may keep: {@link #HEAP_SHARE} of this JVM's heap. */
  static long budgetBytes() {
    return (long) (HEAP_SHARE * Runtime.getRuntime().maxMemory());
  }

  /** The estimated bytes of {@code iterations} of {@code sample} on {@code tiles} tiles. */
  static long estimate(String sample, long iterations, int tiles) {
    return iterations * cost(sample).perIteration(tiles);
  }

  /** The most iterations of {@code sample} on {@code tiles} tiles this heap takes. */
  static long maxIterations(String sample, int tiles) {
    return budgetBytes() / cost(sample).perIteration(tiles);
  }

  /** Refuses a run whose estimate exceeds the budget, naming the flags and the most it takes. */
  static void check(String sample, int iterations, int tiles, boolean tilesGiven) {
    long need = estimate(sample, iterations, tiles);
    long budget = budgetBytes();
    if (need <= budget) {
      return;
    }
    long most = maxIterations(sample, tiles);
    throw new UserError(String.format(Locale.ROOT, "--iterations %d on %d tiles%s: a %s run keeps about %s per "
        + "iteration on %d tiles (the simulation keeps every event), %s in all, more than the %s (%.0f%% of the %d MiB "
        + "heap) a run may take; give at most %d iterations on %d tiles, fewer tiles, or more heap with "
        + "JAVA_OPTS=-Xmx...", iterations, tiles, tilesGiven ? "" : " (the machine's default)", sample,
        bytes(cost(sample).perIteration(tiles)), tiles, bytes(need), bytes(budget), 100 * HEAP_SHARE,
        Runtime.getRuntime().maxMemory() >> 20, Math.max(1, most), tiles));
  }

  /** The per-sample bounds on this heap at {@code tiles} tiles, for the help: "jacobi 104000, ...". */
  static String describe(int tiles) {
    StringBuilder b = new StringBuilder();
    for (String s : new java.util.TreeSet<>(COSTS.keySet())) {
      b.append(b.length() == 0 ? "" : ", ").append(s).append(' ').append(Math.min(Limits.ITERATIONS.max(),
          maxIterations(s, tiles)));
    }
    return b.toString();
  }

  private static String bytes(long b) {
    if (b >= 1L << 30) {
      return String.format(Locale.ROOT, "%.1f GiB", b / (double) (1L << 30));
    }
    if (b >= 1L << 20) {
      return String.format(Locale.ROOT, "%.1f MiB", b / (double) (1L << 20));
    }
    return String.format(Locale.ROOT, "%.1f KiB", b / 1024.0);
  }
}
