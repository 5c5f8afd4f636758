package org.apophenia.cli.figures;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The shapes of the paper's Figures 6–9 as checks on the points that ran (ASPLOS'25 §6.1–6.3): untraced
 * throughput falls with nodes, more on small problems; traced throughput stays flat on large ones; the
 * speed-up of auto over untraced shrinks with the size and stays within the paper's range; auto stays
 * close to manual; a maximum trace length of 200 helps at the largest strong-scaling point. A check with
 * no points to decide on fails and says so; a point that is not {@link FigurePoint#ok() ok} (failed, or
 * not warm in its window) is not decided on, since its throughput is not a steady state's. Stateless.
 */
final class ShapeChecks {
  /** The paper's range of none-to-auto speed-ups, widened to round numbers: 0.91–2.82× (§6.1). */
  static final double MIN_SPEEDUP = 0.9;
  static final double MAX_SPEEDUP = 3.0;
  /** The paper's auto/manual range (§6.1, S3D: 0.92–1.03×). */
  static final double MIN_AUTO_MANUAL = 0.92;
  static final double MAX_AUTO_MANUAL = 1.03;
  /** How far from flat traced weak scaling may go on the large size. */
  static final double FLAT = 0.15;

  private ShapeChecks() {}

  static List<ShapeCheck> weak(String figure, List<FigurePoint> points, FigureSettings s) {
    List<ShapeCheck> out = new ArrayList<>();
    List<Integer> nodes = s.weakNodes();
    int first = nodes.get(0);
    int last = nodes.get(nodes.size() - 1);
    String mid = "medium";
    String small = s.sizes().get(0);
    String large = s.sizes().get(s.sizes().size() - 1);
    for (String sample : samples(points)) {
      if (!s.sizes().contains(mid)) {
        // on the large size the tasks hide the runtime's work, so untraced throughput need not fall there
        out.add(ShapeCheck.notJudged(figure, sample + ": untraced throughput falls with nodes (" + mid + ")",
            "it needs the medium size, which this configuration does not run (on large the tasks hide the "
                + "runtime's work; the full run has medium)"));
      } else {
        double a = rate(points, sample, mid, "none", first);
        double b = rate(points, sample, mid, "none", last);
        out.add(new ShapeCheck(figure, sample + ": untraced throughput falls with nodes (" + mid + ")", b < a,
            fmt("%s it/s on %d " + (first == 1 ? "node" : "nodes") + " -> %s on %d", a, first, b, last)));
      }
      double ds = drop(points, sample, small, first, last);
      double dl = drop(points, sample, large, first, last);
      out.add(new ShapeCheck(figure, sample + ": untraced falls more on " + small + " than on " + large, ds > dl,
          fmt("drop %s%% (%s) vs %s%% (%s)", 100 * ds, small, 100 * dl, large)));
      for (String mode : List.of("manual", "auto")) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        double base = rate(points, sample, large, mode, first);
        for (int n : nodes) {
          double r = rate(points, sample, large, mode, n) / base;
          lo = Math.min(lo, r);
          hi = Math.max(hi, r);
        }
        boolean flat = lo >= 1 - FLAT && hi <= 1 + FLAT;
        out.add(new ShapeCheck(figure, sample + ": " + mode + " within 15% of flat on " + large, flat,
            fmt("relative to 1 node: %s-%s", lo, hi)));
      }
      double sLo = Double.POSITIVE_INFINITY;
      double sHi = 0;
      boolean shrinks = true;
      StringBuilder per = new StringBuilder();
      for (int n : nodes) {
        double prev = Double.POSITIVE_INFINITY;
        for (String size : s.sizes()) {
          double sp = rate(points, sample, size, "auto", n) / rate(points, sample, size, "none", n);
          sLo = Math.min(sLo, sp);
          sHi = Math.max(sHi, Double.isNaN(sp) ? Double.POSITIVE_INFINITY : sp);
          shrinks &= sp <= prev;
          prev = sp;
        }
      }
      per.append(fmt("speed-ups %s-%sx", sLo, sHi));
      out.add(new ShapeCheck(figure, sample + ": none->auto speed-up shrinks as the size grows", shrinks,
          per.toString()));
      out.add(new ShapeCheck(figure, sample + ": none->auto speed-up in 0.9-3.0x everywhere",
          sLo >= MIN_SPEEDUP && sHi <= MAX_SPEEDUP, per.toString()));
      double amLo = Double.POSITIVE_INFINITY;
      double amHi = 0;
      for (int n : nodes) {
        for (String size : s.sizes()) {
          double r = rate(points, sample, size, "auto", n) / rate(points, sample, size, "manual", n);
          if (!Double.isNaN(r)) {
            amLo = Math.min(amLo, r);
            amHi = Math.max(amHi, r);
          }
        }
      }
      out.add(new ShapeCheck(figure, sample + ": auto/manual in 0.92-1.03 everywhere",
          amLo >= MIN_AUTO_MANUAL && amHi <= MAX_AUTO_MANUAL, fmt("auto/manual %s-%s", amLo, amHi)));
    }
    return out;
  }

  static List<ShapeCheck> strong(String figure, List<FigurePoint> points) {
    List<ShapeCheck> out = new ArrayList<>();
    int max = points.stream().mapToInt(p -> p.run().gpus()).max().orElse(0);
    int min = points.stream().mapToInt(p -> p.run().gpus()).min().orElse(0);
    double a200 = strongRate(points, "auto-200", max);
    double auto = strongRate(points, "auto", max);
    out.add(new ShapeCheck(figure, "auto-200 >= auto (unbounded) at " + max + " GPUs", a200 >= auto,
        fmt("%s vs %s it/s", a200, auto)));
    double best = 0;
    for (FigurePoint p : points) {
      if (p.run().mode().equals("none") && p.ok()) {
        best = Math.max(best, p.iterationsPerSecond());
      }
    }
    double atMax = strongRate(points, "none", max);
    long counts = points.stream().mapToInt(p -> p.run().gpus()).distinct().count();
    if (counts < 3) {
      // a fall after a peak needs a count between the ends: with two, the best is one of the two
      out.add(ShapeCheck.notJudged(figure, "untraced falls with GPUs (below its best at " + max + " GPUs)",
          "it needs a GPU count between " + min + " and " + max + " for a peak to fall from (the full run has 1-32)"));
    } else {
      out.add(new ShapeCheck(figure, "untraced falls with GPUs (below its best at " + max + " GPUs)", atMax < best,
          fmt("%s it/s at %d GPUs, best %s, %s at %d", atMax, max, best, strongRate(points, "none", min), min)));
    }
    return out;
  }

  static List<ShapeCheck> warmup(List<FigurePoint> points) {
    List<ShapeCheck> out = new ArrayList<>();
    for (FigurePoint p : points) {
      int w = p.warmupIterations();
      out.add(new ShapeCheck("figure 9", p.run().sample() + ": reaches steady replay", w >= 0,
          fmt("warm-up %s of %s iterations", w, p.run().iterations())));
    }
    return out;
  }

  private static Set<String> samples(List<FigurePoint> points) {
    Set<String> s = new LinkedHashSet<>();
    for (FigurePoint p : points) {
      s.add(p.run().sample());
    }
    return s;
  }

  private static double drop(List<FigurePoint> points, String sample, String size, int first, int last) {
    return 1 - rate(points, sample, size, "none", last) / rate(points, sample, size, "none", first);
  }

  /** The steady-state throughput of one weak-scaling point, NaN if it did not run or is not ok. */
  static double rate(List<FigurePoint> points, String sample, String size, String mode, int nodes) {
    for (FigurePoint p : points) {
      FigureRun r = p.run();
      if (r.sample().equals(sample) && r.size().equals(size) && r.mode().equals(mode) && r.nodes() == nodes) {
        return p.ok() ? p.iterationsPerSecond() : Double.NaN;
      }
    }
    return Double.NaN;
  }

  /** The steady-state throughput of one strong-scaling point, NaN if it did not run or is not ok. */
  static double strongRate(List<FigurePoint> points, String mode, int gpus) {
    for (FigurePoint p : points) {
      if (p.run().mode().equals(mode) && p.run().gpus() == gpus) {
        return p.ok() ? p.iterationsPerSecond() : Double.NaN;
      }
    }
    return Double.NaN;
  }

  private static String fmt(String f, Object... args) {
    Object[] a = args.clone();
    for (int i = 0; i < a.length; i++) {
      if (a[i] instanceof Double d) {
        a[i] = Double.isNaN(d) ? "n/a" : String.format(Locale.ROOT, Math.abs(d) >= 100 ? "%.0f" : "%.2f", d);
      }
    }
    return String.format(Locale.ROOT, f.replace("%d", "%s"), a);
  }
}
