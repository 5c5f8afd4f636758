package org.apophenia.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.apophenia.autotrace.ApopheniaSettings;
import org.apophenia.cli.output.FileSet;
import org.apophenia.samples.apps.Jacobi;
import org.apophenia.samples.apps.RunOptions;
import org.apophenia.samples.apps.RunResult;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.sim.machine.Machine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code apophenia demo} (also {@code apophenia} with no arguments): the paper's Jacobi program with no
 * annotations, run once without tracing and once with Apophenia on the default machine; prints the
 * comparison and writes the pictures.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = "Run Jacobi (paper Figure 1) untraced and with Apophenia, compare, and write the pictures.")
final class DemoCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "apophenia-demo",
      description = "Where the pictures go (default: ${DEFAULT-VALUE}).")
  Path out;

  /** {@code --settings} and a flag per knob: the settings of the run under Apophenia. */
  @Mixin ApopheniaFlags apophenia;

  @Override
  public Integer call() throws IOException {
    ApopheniaSettings config = apophenia.settings();
    Path target = OutputPaths.directory("--out", out, SampleRunSupport.RUN_FILES);
    OutputPaths.temporaryDirectory("the demo keeps per-operation records there while it runs");
    PrintWriter w = spec.commandLine().getOut();
    Machine m = SampleRunSupport.machine("workstation");
    RunOptions o = RunOptions.of(Mode.NONE, 200, m, SampleRunSupport.costModel("legion"));
    w.println("Jacobi iteration x = (b - R @ x) / d (paper Figure 1), 200 iterations on a simulated workstation;");
    w.println("the program has no trace annotations.");
    w.flush();
    PrintWriter bar = System.console() != null ? spec.commandLine().getErr() : null;
    w.println(Provenance.header(SampleRunSupport.provenance("demo", o.withMode(Mode.AUTO))));
    RunResult none = SampleRunSupport.run("demo", new Jacobi(), o, null, bar);
    RunResult auto;
    try (FileSet set = FileSet.open(target)) {
      auto = SampleRunSupport.run("demo", new Jacobi(), o.withMode(Mode.AUTO).withConfig(config), set, bar);
      set.commit();
    }
    w.printf("%-22s %12s %12s%n", "", "no tracing", "Apophenia");
    w.printf("%-22s %12d %12d%n", "operations", none.ops(), auto.ops());
    w.printf("%-22s %11.1f%% %11.1f%%%n", "traced (coverage)", 100 * none.coverage(), 100 * auto.coverage());
    w.printf("%-22s %12s %12s%n", "replayed from iter.", "-", auto.warmupIterations() < 0 ? "never"
        : String.valueOf(auto.warmupIterations()));
    w.printf("%-22s %9.1f ms %9.1f ms%n", "analysis (real)", none.analysisNanos() / 1e6, auto.analysisNanos() / 1e6);
    w.printf("%-22s %12s %9.1f ms%n", "Apophenia (real)", "-", auto.apopheniaNanos() / 1e6);
    w.printf("%-22s %9.1f ms %9.1f ms%n", "simulated makespan", none.simulatedMakespanNanos() / 1e6,
        auto.simulatedMakespanNanos() / 1e6);
    w.println("real times: one run of each in a fresh JVM, untraced first, so they include compiling the code "
        + "(the untraced run pays for the runtime's analysis); 'apophenia run jacobi --jit-warmup 100' measures "
        + "compiled code");
    w.printf("simulated times under the cost model %s%n", o.costModel().describe());
    boolean same = none.checksum().equals(auto.checksum());
    w.printf("checksums %s (%s...)%n", same ? "equal" : "DIFFER", auto.checksum().substring(0, 16));
    w.printf("one trace covers two iterations, as the paper's Figure 1 explains; pictures in %s/ "
        + "(trace-search.png, timeline.json for Perfetto, timeline.paje for ViTE)%n", out);
    return same ? 0 : 1;
  }
}
