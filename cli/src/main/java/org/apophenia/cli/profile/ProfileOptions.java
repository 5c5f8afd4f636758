package org.apophenia.cli.profile;

import java.nio.file.Path;
import java.util.List;
import org.apophenia.cli.UserError;
import org.apophenia.recorder.Category;
import org.apophenia.recorder.Overflow;
import org.apophenia.recorder.RecorderSettings;
import picocli.CommandLine.Option;

/**
 * The event recorder's flags, for any command that runs Apophenia or the runtime: include with
 * {@code @Mixin ProfileOptions profile;}, check with {@link #settings()} before any work, and wrap the
 * work in {@link #start()} / {@link ProfileSession#finish}. Without {@code --profile} nothing is
 * recorded and no hooked class records anything (their probes are off).
 */
public final class ProfileOptions {
  /** What {@code --profile DIR} holds after a run. */
  public static final List<String> FILES = List.of(ProfileSession.CHROME, ProfileSession.PAJE, ProfileSession.SUMMARY);

  @Option(names = "--profile", paramLabel = "DIR",
      description = "Record what the program's threads did in real time (Apophenia's glue, mining, the runtime's "
          + "analysis and replay, waits) and write DIR/profile.json (Chrome trace events: open in Perfetto), "
          + "DIR/profile.paje (ViTE, pj_dump) and DIR/profile-summary.json (default: nothing recorded).")
  Path dir;

  @Option(names = "--profile-categories", paramLabel = "LIST", defaultValue = "all",
      description = "What --profile records: all, or a comma-separated list of ops, traces, mining, analysis, "
          + "replay, waits; default ${DEFAULT-VALUE}.")
  String categories;

  @Option(names = "--profile-overflow", paramLabel = "POLICY", defaultValue = "grow",
      description = "When a thread's event buffer is full because the background writer lags: grow (a larger "
          + "buffer, nothing lost), drop-oldest (overwrite, counted) or block (wait for the writer, nothing "
          + "lost); default ${DEFAULT-VALUE}.")
  String overflow;

  @Option(names = "--profile-buffer", paramLabel = "EVENTS", defaultValue = "" + RecorderSettings.DEFAULT_CAPACITY,
      description = "Events each thread's buffer holds before the overflow policy applies (24 bytes each, rounded "
          + "up to a power of two); default ${DEFAULT-VALUE}.")
  int buffer;

  /** Whether {@code --profile} was given. */
  public boolean enabled() {
    return dir != null;
  }

  public Path dir() {
    return dir;
  }

  /** The recorder's settings from the flags; a {@link UserError} naming the flag and value otherwise. */
  public RecorderSettings settings() {
    try {
      return parse();
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage(), e);
    }
  }

  private RecorderSettings parse() {
    RecorderSettings s = RecorderSettings.defaults();
    try {
      s = s.withCategories(Category.parseList(categories));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--profile-categories: " + e.getMessage(), e);
    }
    try {
      s = s.withOverflow(Overflow.parse(overflow));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--profile-overflow: " + e.getMessage(), e);
    }
    try {
      return s.withCapacity(buffer);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--profile-buffer: " + e.getMessage(), e);
    }
  }

  /** Starts and installs a recorder if {@code --profile} was given; else null. */
  public ProfileSession start() {
    return dir == null ? null : ProfileSession.start(dir, settings());
  }
}
