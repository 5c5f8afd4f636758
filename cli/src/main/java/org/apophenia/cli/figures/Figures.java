package org.apophenia.cli.figures;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.function.Consumer;
import org.apophenia.cli.output.FileSet;
import org.apophenia.legion.cost.CostModel;

/**
 * The entry point of {@code apophenia figures}: runs the figures ({@link PaperFigures}), writes each as
 * {@code figureN.png} and {@code figureN.csv} under a directory, and prints its table. Stateless.
 */
public final class Figures {
  /** How Figures 6–8 measure steady state, as the output states it. */
  public static final String STEADY_STATE = SteadyWindow.DESCRIPTION;

  private Figures() {}

  /**
   * Runs every figure under {@code costs} and writes them into {@code out} (null: not written; the
   * caller commits it); {@code progress} sees one line per run.
   */
  public static List<Figure> make(FigureSettings settings, CostModel costs, FileSet out,
      Consumer<String> progress) throws IOException {
    List<Figure> figures = PaperFigures.make(settings, new FigureRunner(costs, settings.jobs(), progress));
    if (out != null) {
      for (Figure f : figures) {
        FigureOutput.write(f, out, costs.describe());
      }
    }
    return figures;
  }

  /** The files {@link #make} writes, for the output directory's checks before any run. */
  public static List<String> files() {
    List<String> names = new java.util.ArrayList<>();
    for (int n : PaperFigures.NUMBERS) {
      names.add("figure" + n + ".csv");
      names.add("figure" + n + ".png");
    }
    return names;
  }

  /** The figure's table and checks, as the command prints them. */
  public static void print(Figure f, PrintWriter w) {
    FigureOutput.table(f, w);
  }

  /** The figure's points as CSV (header included). */
  public static String csv(Figure f) {
    return FigureOutput.csv(f);
  }
}
