package org.apophenia.cli;

/**
 * A mistake of the user's (a missing file, a malformed line, an invalid value): reported as one
 * line naming the problem, exit code 2, no stack trace.
 */
public final class UserError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public UserError(String message) {
    super(message);
  }

  public UserError(String message, Throwable cause) {
    super(message, cause);
  }
}
