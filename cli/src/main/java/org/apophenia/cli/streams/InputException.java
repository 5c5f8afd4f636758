package org.apophenia.cli.streams;

import java.nio.file.Path;

/**
 * An input file cannot be used at all (missing, a directory, unreadable): the message is
 * {@code FILE: reason}. A problem with one line is a {@link MalformedStreamException} instead.
 */
public final class InputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public InputException(Path file, String reason) {
    super(file + ": " + reason);
  }

  private InputException(String message) {
    super(message);
  }

  /** An empty path argument ({@code analyze ""}): named as such, not as the current directory. */
  public static InputException emptyPath() {
    return new InputException("empty path: no file named ('' given)");
  }
}
