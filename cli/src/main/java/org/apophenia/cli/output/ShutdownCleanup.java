package org.apophenia.cli.output;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What must not outlive this JVM when it is stopped by a signal (SIGTERM, SIGINT, SIGHUP run the
 * shutdown hooks; SIGKILL does not, which is what {@link SpillFile#removeStale} and
 * {@link FileSet}'s recovery are for): temporary files to delete and file sets to abort. One shutdown
 * hook for the whole JVM, installed on first use. Thread-safe.
 *
 * <p>The hook runs while the application's threads still run. A file set's abort therefore takes
 * the set's own lock ({@link FileSet#abortOnShutdown}), so it waits for a commit in progress to end
 * instead of removing files under it.
 */
final class ShutdownCleanup {
  private static final Set<Path> FILES = new LinkedHashSet<>();
  private static final Set<FileSet> SETS = new LinkedHashSet<>();
  private static boolean installed;
  private static boolean running;

  private ShutdownCleanup() {}

  static synchronized void register(Path file) {
    install();
    FILES.add(file);
  }

  static synchronized void unregister(Path file) {
    FILES.remove(file);
  }

  static synchronized void register(FileSet set) {
    install();
    SETS.add(set);
  }

  static synchronized void unregister(FileSet set) {
    SETS.remove(set);
  }

  private static void install() {
    if (installed || running) {
      return;
    }
    installed = true;
    try {
      Runtime.getRuntime().addShutdownHook(new Thread(ShutdownCleanup::run, "apophenia-cleanup"));
    } catch (IllegalStateException e) {
      // already shutting down: nothing registered now would be cleaned by a hook anyway
    }
  }

  private static void run() {
    List<FileSet> sets;
    List<Path> files;
    synchronized (ShutdownCleanup.class) {
      running = true;
      sets = new ArrayList<>(SETS);
      files = new ArrayList<>(FILES);
    }
    for (FileSet s : sets) {
      s.abortOnShutdown();
    }
    for (Path p : files) {
      try {
        Files.deleteIfExists(p);
      } catch (IOException e) {
        // the next start removes it (its owner is dead by then)
      }
    }
  }
}
