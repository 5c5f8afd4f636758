package org.apophenia.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.cli.figures.Figure;
import org.apophenia.cli.output.FileSet;
import org.apophenia.cli.figures.FigureSettings;
import org.apophenia.cli.figures.Figures;
import org.apophenia.cli.figures.ShapeCheck;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code apophenia figures}: Figures 6–9 of the Apophenia paper regenerated on the simulated machines
 * under the {@code legion} cost model; per figure a PNG, a CSV and a printed table with the shapes
 * checked (PASS/FAIL).
 */
@Command(
    name = "figures",
    mixinStandardHelpOptions = true,
    description = {"Regenerate Figures 6-9 of the Apophenia paper (weak scaling, strong scaling, warm-up) on the "
        + "simulated machines under the legion cost model: per figure a PNG, a CSV and a table, with the paper's "
        + "shapes checked (PASS/FAIL).",
        "--quick runs weak scaling on 1 and 4 nodes, sizes small and large, cfd for Figure 6 and swe for "
            + "Figure 7, 1 and 8 GPUs for Figure 8; the shapes it cannot show are reported as SKIP, not judged.",
        "Exit code 1 if a shape check FAILs (--keep-going: 0 all the same)."})
final class FiguresCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--quick", description = "The abbreviated configuration (about 40 s of CPU).")
  boolean quick;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "apophenia-figures",
      description = "Where figureN.png and figureN.csv go (default: ${DEFAULT-VALUE}).")
  Path out;

  @Option(names = "--keep-going",
      description = "Exit with 0 even if a shape check FAILs (the FAILs are printed all the same).")
  boolean keepGoing;

  @Option(names = "--jobs", paramLabel = "N", defaultValue = "2",
      description = "Runs in parallel (default: ${DEFAULT-VALUE}); the results do not depend on it.")
  int jobs;

  @Override
  public Integer call() throws IOException {
    if (jobs < 1) {
      throw new UserError("--jobs must be at least 1, got " + jobs);
    }
    // checked before any run: minutes of simulation must not end in an unwritable directory
    List<String> files = new java.util.ArrayList<>(Figures.files());
    files.add("provenance.json");
    Path target = OutputPaths.directory("--out", out, files);
    PrintWriter w = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    CostModel costs = CostModel.legion();
    // every run's knobs are the defaults but Figure 8's bounded variant (maxTraceLength 200, named in its series)
    Map<String, Object> provenance = Provenance.of("figures" + (quick ? " --quick" : ""),
        org.apophenia.autotrace.ApopheniaSettings.defaults(), true, "legion", costs);
    provenance.put("knobsNote", "Figure 8's series 'auto (traces <= 200 ops)' runs with maxTraceLength 200");
    w.println(Provenance.header(provenance));
    w.println("Apophenia paper, Figures 6-9, regenerated in simulation" + (quick ? " (quick configuration)" : ""));
    w.println("cost model: " + costs.describe());
    w.println("steady state (Figures 6-8): " + Figures.STEADY_STATE);
    w.flush();
    FigureSettings settings = quick ? FigureSettings.quick(jobs) : FigureSettings.full(jobs);
    List<Figure> figures;
    try (FileSet set = FileSet.open(target)) {
      figures = Figures.make(settings, costs, set, line -> {
        err.println(line);
        err.flush();
      });
      set.writeString("provenance.json", new com.fasterxml.jackson.databind.ObjectMapper()
          .enable(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT).writeValueAsString(provenance));
      set.commit(); // the four figures' CSVs and PNGs appear together, or not at all
    }
    long pass = 0;
    long judged = 0;
    long skipped = 0;
    for (Figure f : figures) {
      w.println();
      Figures.print(f, w);
      pass += f.checks().stream().filter(c -> c.judged() && c.pass()).count();
      judged += f.checks().stream().filter(ShapeCheck::judged).count();
      skipped += f.checks().stream().filter(c -> !c.judged()).count();
    }
    w.println();
    w.printf("shapes: %d of %d PASS%s; figures and CSVs in %s/%n", pass, judged,
        skipped == 0 ? "" : ", " + skipped + " not judged in the " + settings.name() + " configuration (SKIP above)",
        out);
    if (pass < judged) {
      w.printf("%d shape %s FAILed%s%n", judged - pass, judged - pass == 1 ? "check" : "checks",
          keepGoing ? " (--keep-going: exit code 0)" : ": exit code 1 (--keep-going for 0)");
      return keepGoing ? 0 : 1;
    }
    return 0;
  }
}
