package org.apophenia.cli.figures;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.imageio.ImageIO;
import org.apophenia.cli.output.FileSet;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Writes a {@link Figure} three ways: a CSV of its points (one row per run, fixed column order, numbers
 * in a locale-independent format, so the same runs give the same bytes), a PNG drawn with XChart
 * (one panel per sample; colour by mode, line style by size), and a plain-text table with the checks.
 * Stateless.
 */
final class FigureOutput {
  static final String CSV_HEADER = "figure,sample,size,mode,preset,nodes,gpus,proxy_size,points_per_proxy_point,"
      + "iterations,warmup,window_from,iterations_per_second,mean_gpu_task_us,status,window_iterations,steady_warm";
  private static final Map<String, Color> MODE_COLOURS = Map.of("none", new Color(214, 39, 40),
      "manual", new Color(44, 160, 44), "auto", new Color(31, 119, 180), "auto-200", new Color(255, 127, 14));

  private FigureOutput() {}

  static String csv(Figure f) {
    StringBuilder b = new StringBuilder(CSV_HEADER).append('\n');
    for (FigurePoint p : f.points()) {
      FigureRun r = p.run();
      // columns are only ever appended, so that readers of earlier CSVs keep working
      // a run with no warm-up point (untraced, or never all replayed) has an empty cell, not -1
      b.append(String.format(Locale.ROOT, "%d,%s,%s,%s,%s,%d,%d,%d,%.6g,%d,%s,%s,%s,%s,%s,%d,%b%n", f.number(),
          r.sample(), r.size(), r.mode(), r.preset(), r.nodes(), r.gpus(), r.proxySize(), r.scale(), r.iterations(),
          p.warmupIterations() < 0 ? "" : String.valueOf(p.warmupIterations()),
          p.windowFrom() < 0 ? "" : String.valueOf(p.windowFrom()), num(p.iterationsPerSecond()), num(p.meanTaskMicros()),
          p.status().replace(',', ';'), p.windowFrom() < 0 ? 0 : r.iterations() - p.windowFrom(), p.steadyWarm()));
    }
    return b.toString();
  }

  private static String num(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.6g", v);
  }

  /** The table and the checks, as printed by {@code apophenia figures}. */
  static void table(Figure f, PrintWriter w) {
    w.printf("Figure %d: %s%n", f.number(), f.title());
    if (f.number() == 9) {
      w.printf("  %-8s %22s %18s%n", "sample", "warm-up (iterations)", "paper (Figure 9)");
      for (FigurePoint p : f.points()) {
        Integer paper = PaperFigures.PAPER_WARMUP.get(p.run().sample());
        w.printf("  %-8s %22s %18s%n", p.run().sample(), p.warmupIterations() < 0 ? "never" : p.warmupIterations(),
            paper == null ? "-" : paper);
      }
    } else {
      boolean strong = f.number() == 8;
      Set<Integer> xs = new TreeSet<>();
      Set<String> rows = new LinkedHashSet<>();
      for (FigurePoint p : f.points()) {
        xs.add(strong ? p.run().gpus() : p.run().nodes());
        rows.add(p.run().sample() + "|" + p.run().size() + "|" + p.run().mode());
      }
      w.printf("  steady state: %s (%s); columns: %s%n", SteadyWindow.DESCRIPTION, windows(f),
          strong ? "GPUs" : "nodes (x 4 GPUs)");
      StringBuilder h = new StringBuilder(String.format(Locale.ROOT, "  %-7s %-7s %-9s %9s", "sample", "size", "mode",
          "task us"));
      for (int x : xs) {
        h.append(String.format(Locale.ROOT, " %9d", x));
      }
      w.println(h);
      for (String row : rows) {
        String[] k = row.split("\\|");
        StringBuilder line = new StringBuilder();
        double task = Double.NaN;
        for (int x : xs) {
          FigurePoint p = find(f, k[0], k[1], k[2], x, strong);
          if (p != null && Double.isNaN(task)) {
            task = p.meanTaskMicros();
          }
          line.append(p == null ? String.format(Locale.ROOT, " %9s", "")
              : String.format(Locale.ROOT, " %9s", Double.isNaN(p.iterationsPerSecond()) ? "-"
                  : String.format(Locale.ROOT, p.ok() ? "%.2f" : "%.2f*", p.iterationsPerSecond())));
        }
        w.printf(Locale.ROOT, "  %-7s %-7s %-9s %9.0f%s%n", k[0], k[1], k[2], task, line);
      }
      for (FigurePoint p : f.points()) {
        if (!p.ok()) {
          FigureRun r = p.run();
          w.printf("  note%s: %s %s %s on %d %s: %s%n", Double.isNaN(p.iterationsPerSecond()) ? "" : " (*)",
              r.sample(), r.size(), r.mode(), r.gpus(), r.gpus() == 1 ? "GPU" : "GPUs", p.status());
        }
      }
    }
    w.println("  " + f.note());
    for (ShapeCheck c : f.checks()) {
      w.println("  " + c);
    }
  }

  /** Each sample's window as iterations of its run: "s3d: last 12 of 36, cfd: last 8 of 24". */
  static String windows(Figure f) {
    Map<String, Integer> its = new java.util.LinkedHashMap<>();
    for (FigurePoint p : f.points()) {
      its.putIfAbsent(p.run().sample(), p.run().iterations());
    }
    List<String> parts = new ArrayList<>();
    its.forEach((s, n) -> parts.add(String.format(Locale.ROOT, "%s: last %d of %d", s, SteadyWindow.length(n), n)));
    return String.join(", ", parts);
  }

  private static FigurePoint find(Figure f, String sample, String size, String mode, int x, boolean strong) {
    for (FigurePoint p : f.points()) {
      FigureRun r = p.run();
      if (r.sample().equals(sample) && r.size().equals(size) && r.mode().equals(mode)
          && (strong ? r.gpus() : r.nodes()) == x) {
        return p;
      }
    }
    return null;
  }

  /** Writes {@code stem.csv} and {@code stem.png} into {@code set}. */
  static void write(Figure f, FileSet set, String costModel) throws IOException {
    set.writeString(f.stem() + ".csv", csv(f));
    System.setProperty("java.awt.headless", "true");
    List<BufferedImage> panels = new ArrayList<>();
    if (f.number() == 9) {
      panels.add(BitmapEncoder.getBufferedImage(warmupChart(f)));
    } else {
      Set<String> samples = new LinkedHashSet<>();
      for (FigurePoint p : f.points()) {
        samples.add(p.run().sample());
      }
      for (String s : samples) {
        panels.add(BitmapEncoder.getBufferedImage(scalingChart(f, s)));
      }
    }
    int width = panels.stream().mapToInt(BufferedImage::getWidth).sum();
    String window = f.number() == 9 ? "" : "steady state: " + SteadyWindow.DESCRIPTION + " (" + windows(f) + "). ";
    List<String> footer = wrap(window + "cost model: " + costModel, Math.max(60, width / 7));
    int top = panels.stream().mapToInt(BufferedImage::getHeight).max().orElse(1);
    int height = top + 8 + 16 * footer.size();
    BufferedImage img = new BufferedImage(Math.max(1, width), height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, img.getWidth(), img.getHeight());
    int x = 0;
    for (BufferedImage p : panels) {
      g.drawImage(p, x, 0, null);
      x += p.getWidth();
    }
    g.setColor(Color.DARK_GRAY);
    for (int i = 0; i < footer.size(); i++) {
      g.drawString(footer.get(i), 8, top + 16 * (i + 1));
    }
    g.dispose();
    ImageIO.setUseCache(false); // no cache file in java.io.tmpdir: the PNG is small
    try (OutputStream o = set.create(f.stem() + ".png")) {
      if (!ImageIO.write(img, "png", o)) {
        throw new IllegalStateException("no PNG writer in this Java runtime");
      }
    }
  }

  /** {@code s} in lines of at most about {@code n} characters, broken at spaces. */
  private static List<String> wrap(String s, int n) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder();
    for (String word : s.split(" ")) {
      if (line.length() > 0 && line.length() + 1 + word.length() > n) {
        lines.add(line.toString());
        line.setLength(0);
      }
      line.append(line.length() == 0 ? "" : " ").append(word);
    }
    lines.add(line.toString());
    return lines;
  }

  private static XYChart scalingChart(Figure f, String sample) {
    boolean strong = f.number() == 8;
    XYChart chart = new XYChartBuilder().width(720).height(460)
        .title("Figure " + f.number() + ": " + sample + (strong ? " strong scaling" : " weak scaling"))
        .xAxisTitle(strong ? "GPUs" : "nodes (4 GPUs each)").yAxisTitle("iterations per simulated second").build();
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    // x: every node or GPU count a tick of its own (log2 on a linear axis); y: log, labelled within decades
    org.apophenia.cli.report.ChartAxes.countAxis(chart);
    org.apophenia.cli.report.ChartAxes.readableLogY(chart);
    List<String> drawnNames = new ArrayList<>();
    List<List<Double>> drawnXs = new ArrayList<>();
    List<List<Double>> drawnYs = new ArrayList<>();
    Set<String> lines = new LinkedHashSet<>();
    for (FigurePoint p : f.points()) {
      if (p.run().sample().equals(sample)) {
        lines.add(p.run().size() + "|" + p.run().mode());
      }
    }
    boolean any = false;
    for (String line : lines) {
      String[] k = line.split("\\|");
      List<Double> xs = new ArrayList<>();
      List<Double> ys = new ArrayList<>();
      for (FigurePoint p : f.points()) {
        FigureRun r = p.run();
        if (r.sample().equals(sample) && r.size().equals(k[0]) && r.mode().equals(k[1])
            && p.iterationsPerSecond() > 0) {
          xs.add(org.apophenia.cli.report.ChartAxes.log2(strong ? r.gpus() : r.nodes()));
          ys.add(p.iterationsPerSecond());
        }
      }
      if (xs.isEmpty()) {
        continue;
      }
      any = true;
      String name = strong ? k[1] : k[1] + " " + k[0];
      // a series drawn exactly over an earlier one would hide it: the legend says so, and its marker
      // is a cross over the earlier one's
      String legend = org.apophenia.cli.report.ChartAxes.legendName(name, xs, ys, drawnNames, drawnXs, drawnYs);
      drawnNames.add(name);
      drawnXs.add(xs);
      drawnYs.add(ys);
      XYSeries s = chart.addSeries(legend, xs, ys);
      Color c = MODE_COLOURS.getOrDefault(k[1], Color.GRAY);
      s.setLineColor(c);
      s.setMarkerColor(c);
      s.setMarker(!legend.equals(name) ? SeriesMarkers.CROSS : k[0].equals("small") ? SeriesMarkers.TRIANGLE_UP
          : k[0].equals("medium") ? SeriesMarkers.DIAMOND : SeriesMarkers.CIRCLE);
      float[] dash = k[0].equals("small") ? new float[] {2, 3} : k[0].equals("medium") ? new float[] {7, 4} : null;
      if (!legend.equals(name)) {
        dash = new float[] {4, 6}; // the earlier line shows through the gaps
      }
      s.setLineStyle(dash == null ? new BasicStroke(2f)
          : new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, dash, 0));
    }
    if (!any) {
      chart.addSeries("no data", new double[] {0}, new double[] {1});
    }
    return chart;
  }

  private static CategoryChart warmupChart(Figure f) {
    CategoryChart chart = new CategoryChartBuilder().width(620).height(460)
        .title("Figure 9: warm-up iterations before steady replay").xAxisTitle("sample").yAxisTitle("iterations")
        .build();
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
    List<String> names = new ArrayList<>();
    List<Integer> ours = new ArrayList<>();
    List<Integer> paper = new ArrayList<>();
    for (FigurePoint p : f.points()) {
      // a run that never replayed every iteration has no warm-up: said in its label, not drawn as 0
      names.add(p.run().sample() + (p.warmupIterations() < 0 ? " (never steady)" : ""));
      ours.add(Math.max(0, p.warmupIterations()));
      paper.add(PaperFigures.PAPER_WARMUP.getOrDefault(p.run().sample(), 0));
    }
    if (names.isEmpty()) {
      names.add("none");
      ours.add(0);
      paper.add(0);
    }
    chart.addSeries("this simulation", names, ours);
    chart.addSeries("paper (Figure 9)", names, paper);
    return chart;
  }
}
