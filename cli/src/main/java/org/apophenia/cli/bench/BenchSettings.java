package org.apophenia.cli.bench;

import java.io.PrintWriter;
import org.apophenia.autotrace.ApopheniaSettings;

/**
 * How a benchmark run is sized and where progress lines go.
 *
 * @param quick small sizes and few repetitions (the whole suite in under two minutes on two cores)
 * @param progress progress lines (stderr), or null for none
 * @param apophenia the settings Apophenia runs with wherever a group runs it with ours (the command's
 *     knob flags; the interceptor group also runs Legion's preset beside them)
 */
public record BenchSettings(boolean quick, PrintWriter progress, ApopheniaSettings apophenia) {
  /** With Apophenia's default settings. */
  public BenchSettings(boolean quick, PrintWriter progress) {
    this(quick, progress, ApopheniaSettings.defaults());
  }

  /** Prints one progress line, if progress is wanted. */
  public void progress(String format, Object... args) {
    if (progress != null) {
      progress.printf("bench: " + format + "%n", args);
      progress.flush();
    }
  }

  /** {@code quick} or {@code full} by mode. */
  public <T> T pick(T quickValue, T fullValue) {
    return quick ? quickValue : fullValue;
  }
}
