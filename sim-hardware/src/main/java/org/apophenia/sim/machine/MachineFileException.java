package org.apophenia.sim.machine;

/**
 * A machine file is malformed or invalid. {@link #path()} is a JSONPath-like location such as
 * {@code $.nodes[0].processors[2].kind} (or {@code line L, column C} for a syntax error) and
 * {@link #problem()} says what is wrong there; the message is {@code path + ": " + problem}.
 */
public final class MachineFileException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String path;
  private final String problem;

  public MachineFileException(String path, String problem) {
    super(path + ": " + problem);
    this.path = path;
    this.problem = problem;
  }

  /** Where in the file the problem is. */
  public String path() {
    return path;
  }

  /** What the problem is, without the location. */
  public String problem() {
    return problem;
  }
}
