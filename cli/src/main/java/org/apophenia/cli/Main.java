package org.apophenia.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code apophenia} command line. Each subcommand is one class in this package; register new
 * ones in {@link #SUBCOMMANDS}.
 *
 * <p>Exit codes: 0 on success, 1 on an internal failure, 2 on a user mistake (bad arguments, a
 * missing or malformed file, an invalid configuration), 3 when a shard of a replicated run was lost
 * (it died or left, or an all-reduce timed out waiting for it); user mistakes and lost shards print
 * one line that names the problem, never a stack trace.
 */
@Command(
    name = "apophenia",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description = "Automatic trace detection for task-based runtimes.",
    subcommands = {CommandLine.HelpCommand.class})
public final class Main {
  /** The subcommands, in the order {@code --help} lists them. */
  static final List<Supplier<Object>> SUBCOMMANDS = List.of(
      RepeatsCommand::new,
      AnalyzeCommand::new,
      MachinesCommand::new,
      RunCommand::new,
      DemoCommand::new,
      BenchCommand::new,
      FiguresCommand::new);

  private Main() {}

  public static void main(String[] args) {
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs the command line in-process; returns the exit code. Used by {@link #main} and tests. */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    if (args.length == 0) {
      args = new String[] {"demo"}; // the first command a new user types runs the demo
    }
    CommandLine cli = new CommandLine(new Main());
    for (Supplier<Object> sub : SUBCOMMANDS) {
      // a CommandLine of its own, so that picocli applies the command's model transformers (those of
      // its mixins too: ApopheniaFlags adds its flags that way), which it skips for a bare object
      cli.addSubcommand(new CommandLine(sub.get()));
    }
    cli.setOut(out);
    cli.setErr(err);
    cli.setParameterExceptionHandler(UserErrors::handle);
    cli.setExecutionExceptionHandler(UserErrors::handleExecution);
    int code = cli.execute(args);
    out.flush();
    err.flush();
    return code;
  }

  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = Main.class.getPackage().getImplementationVersion();
      return new String[] {"apophenia " + (v == null ? "development build" : v)};
    }
  }
}
