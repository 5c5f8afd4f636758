package org.apophenia.cli.figures;

import java.util.List;
import java.util.Map;

/**
 * What the figures run: the full configuration of the paper's Figures 6–9 ({@link #full}), the quick one
 * ({@link #quick}), or any smaller one (tests). Immutable.
 *
 * @param name how the configuration is described in the output
 * @param weakNodes node counts of the weak-scaling figures (4 GPUs per node)
 * @param sizes problem sizes of the weak-scaling figures ({@link ProblemSizes#LABELS})
 * @param figure6 samples of Figure 6 (the paper's S3D and HTR)
 * @param figure7 samples of Figure 7 (the paper's CFD and TorchSWE)
 * @param strongGpus GPU counts of Figure 8 (8 per node)
 * @param iterations loop iterations per sample: enough that its warm-up comes before the steady-state
 *     window, the last third of the run ({@link SteadyWindow}), and three times a whole number of the
 *     sample's check periods, so that the window is whole periods that start right after a check (see
 *     {@link #full})
 * @param jobs runs in parallel (the results do not depend on it)
 */
public record FigureSettings(String name, List<Integer> weakNodes, List<String> sizes, List<String> figure6,
    List<String> figure7, List<Integer> strongGpus, Map<String, Integer> iterations, int jobs) {
  /** The preset of the weak-scaling figures (4 GPUs per node, as the paper's Perlmutter runs). */
  static final String WEAK_PRESET = "perlmutter";
  /** The preset of the strong-scaling figure (the paper's FlexFlow runs were on Eos, 8 GPUs per node). */
  static final String STRONG_PRESET = "eos";

  public FigureSettings {
    weakNodes = List.copyOf(weakNodes);
    sizes = List.copyOf(sizes);
    figure6 = List.copyOf(figure6);
    figure7 = List.copyOf(figure7);
    strongGpus = List.copyOf(strongGpus);
    iterations = Map.copyOf(iterations);
    if (weakNodes.isEmpty() || sizes.isEmpty() || strongGpus.isEmpty() || jobs < 1) {
      throw new IllegalArgumentException("figure settings need nodes, sizes, GPUs and at least one job: " + name);
    }
  }

  /**
   * The paper's configuration: 1–16 nodes, three sizes, s3d/cfd/swe, 1–32 GPUs.
   *
   * <p>Iterations: s3d, cfd and swe block on a check every 10 steps and mlp every 4, and the simulated
   * clock at an iteration's mark is the latest finish of everything issued so far, so s3d's and cfd's
   * per-iteration times repeat every 10 iterations as one dear iteration and cheap ones. A window that
   * is not whole periods misreads the rate (it holds the dear iteration or not, whatever the code
   * does; BENCHMARKS.md, "Figures once kept in the code's comments"); 30 and 48 iterations make the
   * last third one period of 10 and four of 4, each starting right after a check and after every
   * warm-up.
   */
  public static FigureSettings full(int jobs) {
    return new FigureSettings("full", List.of(1, 2, 4, 8, 16), ProblemSizes.LABELS, List.of("s3d", "cfd"),
        List.of("cfd", "swe"), List.of(1, 2, 4, 8, 16, 32), Map.of("s3d", 30, "cfd", 30, "swe", 30, "mlp", 48), jobs);
  }

  /**
   * The abbreviated configuration: weak scaling on 1 and 4 nodes (not 2, 8, 16), sizes small and large
   * (no medium), one sample per figure, cfd in Figure 6 and swe in Figure 7 (no s3d: two figures of
   * the same runs would be the same picture), strong scaling on 1 and 8 GPUs (not 2, 4, 16, 32), and
   * the full configuration's iterations (fewer would cut the window's check period, or put mlp's
   * warm-up inside it). The shapes it cannot show (a fall on the medium size, a peak between 1 and 8
   * GPUs) are reported as not judged.
   */
  public static FigureSettings quick(int jobs) {
    return new FigureSettings("quick", List.of(1, 4), List.of("small", "large"), List.of("cfd"), List.of("swe"),
        List.of(1, 8), Map.of("cfd", 30, "swe", 30, "mlp", 48), jobs);
  }

  List<String> samples(int figure) {
    return figure == 6 ? figure6 : figure7;
  }

  int iterations(String sample) {
    Integer n = iterations.get(sample);
    if (n == null) {
      throw new IllegalArgumentException("no iteration count for " + sample + " in " + name);
    }
    return n;
  }
}
