package org.apophenia.samples.figures;

import java.util.List;

/**
 * What the figures run: the full configuration of the paper's Figures 6–9, or the quick one. Immutable.
 *
 * <p>Quick mode abbreviates: weak scaling on 1, 2 and 4 nodes (not 8 and 16), sizes small and large (no
 * medium), the cfd sample only (Figure 6's s3d and Figure 7's swe left out), strong scaling on 1, 4 and 8
 * GPUs (not 2, 16, 32), and fewer iterations (still past the warm-up).
 *
 * @param quick the abbreviated configuration
 * @param jobs runs in parallel
 */
public record FigureSettings(boolean quick, int jobs) {
  /** The preset of the weak-scaling figures (4 GPUs per node, as the paper's Perlmutter runs). */
  static final String WEAK_PRESET = "perlmutter";
  /** The preset of the strong-scaling figure (the paper's FlexFlow runs were on Eos, 8 GPUs per node). */
  static final String STRONG_PRESET = "eos";

  List<Integer> weakNodes() {
    return quick ? List.of(1, 2, 4) : List.of(1, 2, 4, 8, 16);
  }

  List<String> sizes() {
    return quick ? List.of("small", "large") : ProblemSizes.LABELS;
  }

  /** The samples of Figure 6 (S3D-like, HTR-like) or 7 (CFD, TorchSWE-like). */
  List<String> samples(int figure) {
    if (quick) {
      return List.of("cfd");
    }
    return figure == 6 ? List.of("s3d", "cfd") : List.of("cfd", "swe");
  }

  List<Integer> strongGpus() {
    return quick ? List.of(1, 4, 8) : List.of(1, 2, 4, 8, 16, 32);
  }

  /** Loop iterations per run: past each sample's warm-up, with a steady window after it. */
  int iterations(String sample) {
    return switch (sample) {
      case "s3d" -> quick ? 30 : 36;
      case "mlp" -> quick ? 32 : 40;
      default -> quick ? 18 : 24;
    };
  }
}
