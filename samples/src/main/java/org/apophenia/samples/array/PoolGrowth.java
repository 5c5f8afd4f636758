package org.apophenia.samples.array;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether a program's region pool only grows, and where the arrays that make it grow are made. A
 * loop whose arrays die in time reuses its regions after its first few iterations: the pool stops
 * creating regions, every period names the same regions, and the stream repeats. A program that
 * keeps an array longer than its iteration (in a list, {@code hist.add(v.sum())}; a temporary never
 * consumed; a named array never released) makes the pool create a region in every iteration: no two
 * iterations issue the same operations, and nothing can be traced. This notes every region the pool
 * creates (a pool miss) with the iteration and the program's own stack frame that made the array
 * (the first frame outside the array libraries), and {@link #warnings} says so when regions were
 * created in at least half of the iterations of the run's second half.
 *
 * <p>Costs nothing while the pool reuses regions: a stack walk per region created, none per
 * operation. Both array libraries report here: {@link ArrayLifetimes} and {@code numpy.Np}. Not
 * thread-safe: the application thread.
 */
public final class PoolGrowth {
  /** A run shorter than this many iterations in its second half is not judged: its pool may still be settling. */
  static final int MIN_JUDGED_ITERATIONS = 4;

  /**
   * One warning: {@code arrays} arrays made at {@code site} in {@code iterations} of the judged
   * iterations were still alive when their iteration ended.
   */
  public record Warning(String site, int arrays, int iterations, int judgedIterations, String message) {}

  private int iteration = -1;
  private final BitSet iterationsWithNewRegions = new BitSet();
  /** Per site, per iteration with a new region: how many. */
  private final Map<String, Map<Integer, Integer>> sites = new LinkedHashMap<>();
  private long created;

  /** The driver's loop: iteration {@code i} begins ({@code -1}: setup). */
  public void iteration(int i) {
    iteration = i;
  }

  /** The pool created a region for a new array (no free region of its size). */
  public void regionCreated() {
    created++;
    if (iteration < 0) {
      return; // setup makes the program's arrays: that is what it is for
    }
    iterationsWithNewRegions.set(iteration);
    sites.computeIfAbsent(site(), k -> new LinkedHashMap<>()).merge(iteration, 1, Integer::sum);
  }

  /** Regions created in all, setup included. */
  public long created() {
    return created;
  }

  /** The first frame outside the array libraries: the program's line that made the array. */
  private static String site() {
    return StackWalker.getInstance().walk(frames -> frames
        .filter(f -> !f.getClassName().startsWith("org.apophenia.samples.array.")
            && !f.getClassName().startsWith("org.apophenia.samples.numpy."))
        .findFirst()
        .map(f -> f.getClassName() + "." + f.getMethodName() + "(" + (f.getFileName() == null ? "unknown source"
            : f.getFileName() + (f.getLineNumber() >= 0 ? ":" + f.getLineNumber() : "")) + ")")
        .orElse("unknown site"));
  }

  /**
   * The warnings for a run of {@code iterations} iterations: none if its second half (at least
   * {@value #MIN_JUDGED_ITERATIONS} iterations) created regions in fewer than half of its
   * iterations; else one per site that made arrays there, most arrays first.
   */
  public List<Warning> warnings(int iterations) {
    int from = iterations / 2;
    int judged = iterations - from;
    if (judged < MIN_JUDGED_ITERATIONS) {
      return List.of();
    }
    int growing = iterationsWithNewRegions.get(from, iterations).cardinality();
    if (2 * growing < judged) {
      return List.of();
    }
    List<Warning> out = new ArrayList<>();
    sites.forEach((site, perIteration) -> {
      int arrays = 0;
      int its = 0;
      for (Map.Entry<Integer, Integer> e : perIteration.entrySet()) {
        if (e.getKey() >= from && e.getKey() < iterations) {
          arrays += e.getValue();
          its++;
        }
      }
      if (arrays > 0) {
        out.add(new Warning(site, arrays, its, judged, arrays + (arrays == 1 ? " array" : " arrays") + " made at "
            + site + " in " + its + " of the last " + judged + " iterations were still alive when their iteration "
            + "ended, so the region pool only grows: no two iterations name the same regions and nothing repeats "
            + "to be traced. Keep in fields only what the next iteration needs; keep a result as a Java value "
            + "(.item()), not as an array in a collection; use every result you compute (README, \"Write your own "
            + "program\", Lifetimes)"));
      }
    });
    out.sort(Comparator.comparingInt(Warning::arrays).reversed());
    return out;
  }
}
