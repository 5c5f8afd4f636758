package org.apophenia.cli.figures;

import java.util.Locale;

/**
 * One configuration of a figure: a sample in one mode on one simulated machine, at one problem size.
 * Immutable value; its {@link #key()} identifies the run, so figures sharing a configuration (the cfd
 * sample in Figures 6 and 7) share its result.
 *
 * @param sample the sample's name
 * @param size the problem-size label (small, medium, large; strong scaling: fixed)
 * @param mode none, manual, auto, or auto-N (auto with a maximum trace length of N)
 * @param preset the machine preset (perlmutter, eos)
 * @param nodes nodes of the machine
 * @param gpus GPUs used: one tile (point of every index launch) per GPU
 * @param proxySize the sample's own size argument (the proxy problem computed in this JVM)
 * @param scale points each proxy point stands for ({@link org.apophenia.sim.machine.ProblemScale})
 * @param iterations loop iterations run
 */
public record FigureRun(String sample, String size, String mode, String preset, int nodes, int gpus, int proxySize,
    double scale, int iterations) {
  /** The maximum trace length of an {@code auto-N} mode, or 0 (unbounded, or not auto). */
  public int maxTraceLength() {
    return mode.startsWith("auto-") ? Integer.parseInt(mode.substring(5)) : 0;
  }

  /** What identifies the run: every field. */
  public String key() {
    return String.format(Locale.ROOT, "%s/%s/%s/%s:%d/%d/%d/%.6g/%d", sample, size, mode, preset, nodes, gpus,
        proxySize, scale, iterations);
  }
}
