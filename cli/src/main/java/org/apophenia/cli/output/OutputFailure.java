package org.apophenia.cli.output;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A write that failed or was cut short: the message is one line naming the target (a file, or
 * standard output) and the operating system's reason, e.g. {@code cannot write standard output: No
 * space left on device}. Unchecked, so that it passes through {@link java.io.PrintWriter} (which
 * swallows {@link IOException}s) and through callbacks.
 */
public final class OutputFailure extends UncheckedIOException {
  private static final long serialVersionUID = 1L;

  public OutputFailure(String target, IOException cause) {
    super("cannot write " + target + ": " + reason(cause), cause);
  }

  /** A failure to write {@code file}. */
  public static OutputFailure of(Path file, IOException cause) {
    return new OutputFailure(file.toString(), cause);
  }

  /** The operating system's reason, without the file name the exception repeats (for reading and writing alike). */
  public static String reason(IOException e) {
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof NoSuchFileException) {
      return "no such file or directory";
    }
    if (e instanceof FileSystemException f) {
      return f.getReason() != null ? f.getReason() : "the file system refused";
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }
}
