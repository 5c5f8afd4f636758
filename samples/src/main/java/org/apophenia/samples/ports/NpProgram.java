package org.apophenia.samples.ports;

import org.apophenia.samples.numpy.Np;

/**
 * The smallest contract for a program of one's own over {@link Np}: extend it, write
 * {@link #setup(Np, int)}, {@link #step(Np, int)} and {@link #resultArrays()}, and run it with
 * {@code apophenia run --class NAME --classpath JAR_OR_DIR} in any mode. Everything else has a
 * default that a program may override: its name (the class's simple name), the problem size
 * ({@value #DEFAULT_SIZE}) and iterations ({@value #DEFAULT_ITERATIONS}) used without {@code --size}
 * and {@code --iterations}, the hand-placed annotation of {@code --mode manual} (a trace around
 * every {@value #DEFAULT_MANUAL_ITERATIONS} iterations from iteration {@value #DEFAULT_MANUAL_START};
 * no blocking wait such as {@code item()} may then fall inside {@code step}) and the check of its numbers (none).
 *
 * <p>Lifetimes, as for the ported programs: the program keeps in its fields what the next
 * iteration needs and nothing more; an array it no longer references gives its region back to the
 * pool at the end of the iteration (the driver calls {@link Np#iterationBoundary(Object)} with the
 * program object). An array kept longer (in a list, a field never overwritten) holds its region for
 * good: if each iteration keeps one, the pool only grows, no two iterations name the same regions,
 * and nothing can be traced; the run then warns, naming where those arrays were made. Keep a Java
 * {@code double} ({@code a.sum().item()}) instead of a one-element array. A fresh instance per run,
 * made by a public constructor without arguments.
 */
public abstract class NpProgram extends PortedSample {
  /** The problem size without {@code --size}. */
  public static final int DEFAULT_SIZE = 64;
  /** The loop iterations without {@code --iterations}. */
  public static final int DEFAULT_ITERATIONS = 100;
  /** Iterations in one hand-placed trace, by default. */
  public static final int DEFAULT_MANUAL_ITERATIONS = 2;
  /** The first iteration of the hand-placed traces, by default. */
  public static final int DEFAULT_MANUAL_START = 2;

  /** The class's simple name. */
  @Override
  public String name() {
    return getClass().getSimpleName();
  }

  @Override
  public String description() {
    return "a program of one's own, " + getClass().getName();
  }

  @Override
  public int defaultSize() {
    return DEFAULT_SIZE;
  }

  @Override
  public int defaultIterations() {
    return DEFAULT_ITERATIONS;
  }

  /**
   * A hand-placed trace around this many consecutive iterations ({@code --mode manual}): the
   * period after which the loop names the same regions again; two for a loop whose new value is
   * computed while the old one is alive ({@code v = f(v)}). A wrong period is reported as the
   * operation where the second occurrence differed from the first.
   */
  @Override
  public int manualTraceIterations() {
    return DEFAULT_MANUAL_ITERATIONS;
  }

  /**
   * The first iteration of the hand-placed traces: {@value #DEFAULT_MANUAL_START}, once the pool's
   * regions have settled into their cycle (the first iterations free what setup left behind).
   */
  @Override
  public int manualTraceStart() {
    return DEFAULT_MANUAL_START;
  }

  /** No check by default: "not checked". */
  @Override
  protected String verify(Np np) {
    return "not checked (" + getClass().getSimpleName() + " does not override verify)";
  }
}
