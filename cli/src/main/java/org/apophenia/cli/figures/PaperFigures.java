package org.apophenia.cli.figures;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Figures 6–9 of the Apophenia paper (ASPLOS'25 §6) regenerated on the simulated machines under the
 * {@code legion} cost model: weak scaling of s3d and cfd (Figure 6, the paper's S3D and HTR), of cfd and
 * swe (Figure 7, CFD and TorchSWE), strong scaling of mlp (Figure 8, FlexFlow), and the warm-up
 * iterations before steady replay (Figure 9). Every number comes from a run of a sample; nothing is
 * fitted. Stateless.
 */
public final class PaperFigures {
  /** Figure 9 of the paper: iterations until steady state, per application (§6.3). */
  static final Map<String, Integer> PAPER_WARMUP = Map.of("s3d", 50, "cfd", 300, "swe", 300, "mlp", 30);
  static final List<String> WEAK_MODES = List.of("none", "manual", "auto");
  static final List<String> STRONG_MODES = List.of("none", "manual", "auto", "auto-200");
  /** The figures {@link #make} makes, in order. */
  static final List<Integer> NUMBERS = List.of(6, 7, 8, 9);
  /** The fixed total problem of Figure 8: the large size on one GPU ("we fix the batch size for single GPU"). */
  static final int MLP_PROXY = 32;

  private PaperFigures() {}

  /** Runs every configuration of the four figures and checks their shapes. */
  public static List<Figure> make(FigureSettings s, FigureRunner runner) {
    List<Figure> out = new ArrayList<>();
    List<FigurePoint> fig6 = runner.run(weakRuns(s, 6));
    out.add(new Figure(6, "Weak scaling of s3d and cfd (the paper's S3D and HTR), " + nodesLabel(s), fig6,
        ShapeChecks.weak("figure 6", fig6, s), "paper: auto within 0.92-1.03x of manual, 0.96-1.82x over untraced"));
    List<FigurePoint> fig7 = runner.run(weakRuns(s, 7));
    out.add(new Figure(7, "Weak scaling of cfd and swe (the paper's CFD and TorchSWE), " + nodesLabel(s), fig7,
        ShapeChecks.weak("figure 7", fig7, s), "paper: auto 0.92-2.64x (CFD) and 0.91-2.82x (TorchSWE) over untraced"));
    List<FigurePoint> fig8 = runner.run(strongRuns(s));
    out.add(new Figure(8, "Strong scaling of mlp (the paper's FlexFlow) on " + FigureSettings.STRONG_PRESET, fig8,
        ShapeChecks.strong("figure 8", fig8), "paper: at 32 GPUs auto-200 0.97x manual and 1.5x untraced"));
    List<FigurePoint> fig9 = new ArrayList<>();
    String warmSize = s.sizes().contains("medium") ? "medium" : s.sizes().get(0);
    for (Figure f : out) {
      for (FigurePoint p : f.points()) {
        FigureRun r = p.run();
        boolean pick = r.mode().equals("auto")
            && (r.sample().equals("mlp") ? r.gpus() == 1 : r.nodes() == 1 && r.size().equals(warmSize));
        if (pick && fig9.stream().noneMatch(q -> q.run().sample().equals(r.sample()))) {
          fig9.add(p);
        }
      }
    }
    out.add(new Figure(9, "Warm-up iterations before steady replay (auto, one node)", fig9, ShapeChecks.warmup(fig9),
        "paper (Figure 9): S3D 50, HTR 50, CFD 300, TorchSWE 300, FlexFlow 30 iterations"));
    return out;
  }

  private static String nodesLabel(FigureSettings s) {
    return String.format(Locale.ROOT, "%s, %s nodes x 4 GPUs", FigureSettings.WEAK_PRESET, s.weakNodes());
  }

  /** Weak scaling: every sample of the figure, size, node count and mode. */
  static List<FigureRun> weakRuns(FigureSettings s, int figure) {
    List<FigureRun> runs = new ArrayList<>();
    for (String sample : s.samples(figure)) {
      for (String size : s.sizes()) {
        for (int nodes : s.weakNodes()) {
          int gpus = 4 * nodes;
          int proxy = ProblemSizes.weakProxySize(sample, nodes);
          double k = ProblemSizes.scale(ProblemSizes.pointsPerGpu(size), sample, proxy, gpus);
          for (String mode : WEAK_MODES) {
            runs.add(new FigureRun(sample, size, mode, FigureSettings.WEAK_PRESET, nodes, gpus, proxy, k,
                s.iterations(sample)));
          }
        }
      }
    }
    return runs;
  }

  /** Strong scaling: mlp with a fixed total problem on 1..32 GPUs (8 per node). */
  static List<FigureRun> strongRuns(FigureSettings s) {
    List<FigureRun> runs = new ArrayList<>();
    double k = ProblemSizes.scale(ProblemSizes.pointsPerGpu("large"), "mlp", MLP_PROXY, 1);
    for (int gpus : s.strongGpus()) {
      int nodes = (gpus + 7) / 8;
      for (String mode : STRONG_MODES) {
        runs.add(new FigureRun("mlp", "fixed", mode, FigureSettings.STRONG_PRESET, nodes, gpus, MLP_PROXY, k,
            s.iterations("mlp")));
      }
    }
    return runs;
  }
}
