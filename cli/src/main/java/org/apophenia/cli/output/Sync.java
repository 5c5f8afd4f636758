package org.apophenia.cli.output;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Syncing a directory, so that a rename in it survives a power cut as well as a killed process: on
 * Linux a directory opens for reading and {@code fsync}s like a file. Best effort: where the
 * platform refuses (some file systems, other operating systems), the rename is still atomic for
 * every process that runs on, which is what the file-set invariant needs short of a power cut.
 */
final class Sync {
  private Sync() {}

  static void directory(Path dir) {
    try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
      ch.force(true);
    } catch (IOException | UnsupportedOperationException e) {
      // best effort, see above
    }
  }
}
