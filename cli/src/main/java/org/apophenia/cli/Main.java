package org.apophenia.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.apophenia.cli.output.CheckedStream;
import org.apophenia.cli.output.OutputFailure;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code apophenia} command line. Each subcommand is one class in this package; register new
 * ones in {@link #SUBCOMMANDS}.
 *
 * <p>Exit codes: 0 on success, 1 on an internal failure, 2 on a user mistake (bad arguments, a
 * missing or malformed file, an invalid configuration) or on what the user must change in the
 * environment (an output that cannot be written, a heap too small); 3 when a shard of a replicated
 * run was lost (it died or left, or an all-reduce timed out waiting for it). Those print one line
 * that names the problem, never a stack trace.
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

  /** The process's standard output as bytes, once {@link #main} made it; null in-process. */
  private static volatile java.io.OutputStream rawStdout;

  /**
   * Standard output as bytes for a command that writes a stream back byte for byte
   * ({@code analyze --emit markers}), or null when the command line runs in-process (tests), where
   * only the command's writer exists.
   */
  static java.io.OutputStream rawStdout() {
    return rawStdout;
  }

  /**
   * The process entry: standard output and error whose failed writes are errors
   * ({@link CheckedStream}), arguments checked as the bytes the process was given
   * ({@link Arguments#fromProcess}), and running out of heap on any thread reported as one line.
   */
  public static void main(String[] args) {
    CheckedStream stdout = CheckedStream.stdout();
    CheckedStream stderr = CheckedStream.stderr();
    Charset cs = Charset.defaultCharset(); // what System.out would have used
    PrintWriter out = new PrintWriter(new OutputStreamWriter(stdout, cs), true);
    PrintWriter err = new PrintWriter(new OutputStreamWriter(stderr, cs), true);
    rawStdout = stdout;
    String command = commandOf(args);
    Thread.setDefaultUncaughtExceptionHandler((t, e) -> {
      if (e instanceof OutOfMemoryError) { // a helper thread (the trace optimiser, a figure's run)
        reportOnce(err, command, OutOfMemory.message(command));
        System.exit(UserErrors.USAGE);
      }
      e.printStackTrace();
    });
    int code;
    if (CheckedStream.isUnwritable(1)) {
      code = fail(err, command, "standard output is closed or read-only (give it a file, a pipe or /dev/null)");
    } else {
      try {
        code = run(Arguments.fromProcess(args), out, err);
      } catch (UserError e) {
        code = fail(err, command, e.getMessage());
      }
    }
    System.exit(code);
  }

  private static final java.util.concurrent.atomic.AtomicBoolean REPORTED = new java.util.concurrent.atomic.AtomicBoolean();

  private static void reportOnce(PrintWriter err, String command, String line) {
    if (REPORTED.compareAndSet(false, true)) {
      err.println(prefix(command) + line);
      err.flush();
    }
  }

  private static int fail(PrintWriter err, String command, String line) {
    try {
      err.println(prefix(command) + line);
      err.flush();
    } catch (OutputFailure e) {
      // standard error is broken too: the exit code is all that is left
    }
    return UserErrors.USAGE;
  }

  private static String prefix(String command) {
    return "apophenia" + (command == null ? "" : " " + command) + ": error: ";
  }

  /** The subcommand {@code args} name, or null. */
  private static String commandOf(String[] args) {
    if (args.length == 0) {
      return "demo";
    }
    for (String a : args) {
      if (!a.startsWith("-")) {
        return NAMES.contains(a) ? a : null;
      }
    }
    return null;
  }

  private static final java.util.Set<String> NAMES =
      java.util.Set.of("repeats", "analyze", "machines", "run", "demo", "bench", "figures");

  /**
   * Runs the command line in-process; returns the exit code. Used by {@link #main} and tests. A write
   * to {@code out} or {@code err} that fails, and running out of heap, are one line on {@code err}
   * and exit code 2.
   */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    if (args.length == 0) {
      args = new String[] {"demo"}; // the first command a new user types runs the demo
    }
    String command = commandOf(args);
    CommandLine cli = new CommandLine(new Main());
    for (Supplier<Object> sub : SUBCOMMANDS) {
      // a CommandLine of its own, so that picocli applies the command's model transformers (those of
      // its mixins too: ApopheniaFlags adds its flags that way), which it skips for a bare object
      cli.addSubcommand(new CommandLine(sub.get()));
    }
    // after the subcommands: picocli registers a converter with the commands it already has
    cli.registerConverter(Integer.class, new Arguments.Int());
    cli.registerConverter(int.class, new Arguments.Int());
    cli.registerConverter(Long.class, new Arguments.Long());
    cli.registerConverter(long.class, new Arguments.Long());
    cli.registerConverter(Path.class, new Arguments.PathArg());
    cli.setOut(out);
    cli.setErr(err);
    cli.setParameterExceptionHandler(UserErrors::handle);
    cli.setExecutionExceptionHandler(UserErrors::handleExecution);
    cli.setExecutionStrategy(Main::execute);
    int code = 0;
    try {
      code = cli.execute(args);
      out.flush();
    } catch (OutOfMemoryError e) {
      String line = OutOfMemory.message(command);
      return fail(err, command, line);
    } catch (OutputFailure e) {
      // the command may have reported this failure already (its writer holds the bytes it could not write)
      return code == UserErrors.USAGE ? code : fail(err, command, e.getMessage());
    }
    try {
      err.flush();
    } catch (OutputFailure e) {
      return UserErrors.USAGE; // nothing can be said on a broken standard error
    }
    if (out.checkError() || err.checkError()) {
      // a writer that swallowed its failure (a PrintWriter over a stream that only reports)
      return code == 0 ? fail(err, command, "cannot write standard output or standard error") : code;
    }
    return code;
  }

  /**
   * picocli's {@link CommandLine.RunLast}, with a write that fails while printing help or the version
   * passed to the execution exception handler like any other command's (one line, exit code 2):
   * picocli prints those outside the handler, with a stack trace and exit code 1
   * ({@code apophenia analyze --help | head -1}).
   */
  private static int execute(CommandLine.ParseResult parsed) {
    try {
      return new CommandLine.RunLast().execute(parsed);
    } catch (OutputFailure e) {
      List<CommandLine> chain = parsed.asCommandLineList();
      throw new CommandLine.ExecutionException(chain.get(chain.size() - 1), e.getMessage(), e);
    }
  }

  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"apophenia " + Provenance.version()};
    }
  }
}
