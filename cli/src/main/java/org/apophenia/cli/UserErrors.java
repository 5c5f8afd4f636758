package org.apophenia.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import org.apophenia.cli.output.OutputFailure;
import org.apophenia.cli.streams.InputException;
import org.apophenia.cli.streams.MalformedStreamException;
import org.apophenia.shards.ShardFailure;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/** How the CLI reports mistakes: one line, the command's name, the problem; exit code 2. */
final class UserErrors {
  static final int USAGE = 2;

  private UserErrors() {}

  static int handle(ParameterException e, String[] args) {
    CommandLine cmd = e.getCommandLine();
    String message = e.getMessage().startsWith("Error: ") ? e.getMessage().substring(7) : e.getMessage();
    cmd.getErr().println(prefix(cmd) + message + " (see '" + cmd.getCommandSpec().qualifiedName() + " --help')");
    return USAGE;
  }

  /** A shard of a replicated run was lost: it died, left, or a collective timed out waiting for it. */
  static final int SHARD_LOST = 3;

  static int handleExecution(Exception e, CommandLine cmd, ParseResult parsed) throws Exception {
    if (e instanceof ShardFailure f) {
      // one line naming the shard; a divergence is a bug of the agreement (1), a mismatch a mistake (2)
      cmd.getErr().println(prefix(cmd) + f.getMessage());
      return switch (f.kind()) {
        case LOST, TIMEOUT -> SHARD_LOST;
        case MISMATCH -> USAGE;
        case DIVERGED -> 1;
      };
    }
    if (e instanceof UserError || e instanceof IllegalArgumentException || e instanceof InputException
        || e instanceof MalformedStreamException || e instanceof OutputFailure) {
      cmd.getErr().println(prefix(cmd) + e.getMessage());
      return USAGE;
    }
    if (e instanceof org.apophenia.replay.TraceMismatchException m) {
      // --safe-tracing: a replay that differs from its recording is the user's trace, not a bug
      cmd.getErr().println(prefix(cmd) + "safe tracing: " + m.getMessage());
      return USAGE;
    }
    if (e instanceof IOException io) {
      // the file system refused (a disk full, a directory removed under the run): one line, naming the file
      cmd.getErr().println(prefix(cmd) + (io instanceof FileSystemException f && f.getFile() != null
          ? "cannot write " + f.getFile() + ": " + OutputFailure.reason(io) : OutputFailure.reason(io)));
      return USAGE;
    }
    if (e instanceof UncheckedIOException u) {
      cmd.getErr().println(prefix(cmd) + OutputFailure.reason(u.getCause()));
      return USAGE;
    }
    throw e;
  }

  private static String prefix(CommandLine cmd) {
    return cmd.getCommandSpec().qualifiedName() + ": error: ";
  }
}
