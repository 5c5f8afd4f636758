package org.apophenia.cli;

import java.util.function.Function;
import java.util.function.Supplier;
import org.apophenia.samples.apps.Sample;
import org.apophenia.samples.apps.Samples;
import picocli.CommandLine.Option;

/**
 * Which program {@code run} runs: a built-in sample by name ({@code SAMPLE}) or a program of one's
 * own ({@code --class NAME [--classpath JAR_OR_DIR]}, {@link UserProgram}). Both go the same way
 * through {@code run} afterwards: modes, {@code --json}, {@code --out}, checksums, knobs.
 */
final class ProgramOptions {
  @Option(names = "--class", paramLabel = "NAME",
      description = "Run a program of your own instead of SAMPLE: a class extending "
          + "org.apophenia.samples.ports.NpProgram (README, \"Write your own program\"), by its full name (default: none, run SAMPLE).")
  String className;

  @Option(names = "--classpath", paramLabel = "JAR|DIR",
      description = "Where --class is: a jar or a directory of compiled classes (several separated by the platform's path "
          + "separator, ':' on Linux); default: the CLI's own class path.")
  String classpath;

  /** A program to run: fresh instances of it, and how its own exceptions are reported. */
  record Program(String name, Supplier<Sample> factory, Function<RuntimeException, RuntimeException> failure) {
    Sample create() {
      return factory.get();
    }
  }

  /**
   * A hand-placed annotation whose occurrences differ ({@code --mode manual}): the user's to fix, one
   * line naming the program's annotation and where the occurrence differed. Under {@code auto} the
   * markers are Apophenia's, and a mismatch is a bug: it stays an internal failure.
   */
  static RuntimeException annotationMismatch(org.apophenia.samples.adapter.Mode mode, Sample s,
      org.apophenia.samples.adapter.TraceMismatchException e) {
    if (mode != org.apophenia.samples.adapter.Mode.MANUAL) {
      return e;
    }
    return new UserError("--mode manual: the hand-placed traces of " + s.name() + " (one around every "
        + s.manualTraceIterations() + (s.manualTraceIterations() == 1 ? " iteration" : " iterations") + " from iteration " + s.manualTraceStart()
        + ": manualTraceIterations(), manualTraceStart()) do not repeat: " + e.getMessage()
        + "; give the period after which the loop issues the same operations on the same arrays", e);
  }

  /** The program {@code sample} (the positional argument, or null) and these options name. */
  Program resolve(String sample) {
    if (className == null) {
      if (classpath != null) {
        throw new UserError("--classpath " + classpath + " needs --class NAME (the program's class)");
      }
      if (sample == null) {
        throw new UserError("give a SAMPLE (one of " + String.join(", ", Samples.names())
            + ") or --class NAME for a program of your own");
      }
      Samples.create(sample); // unknown names are refused now
      return new Program(sample, () -> Samples.create(sample), e -> e);
    }
    if (sample != null) {
      throw new UserError("give either SAMPLE (" + sample + ") or --class " + className + ", not both");
    }
    UserProgram p = UserProgram.load(className, classpath);
    return new Program(className, p::create, p::failure);
  }
}
