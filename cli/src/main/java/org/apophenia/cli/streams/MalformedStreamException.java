package org.apophenia.cli.streams;

import java.nio.file.Path;

/** A line of a stream file that does not follow its format; the message names file, line and reason. */
public final class MalformedStreamException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public MalformedStreamException(Path file, long line, String reason) {
    super(file + ":" + line + ": " + reason);
  }
}
