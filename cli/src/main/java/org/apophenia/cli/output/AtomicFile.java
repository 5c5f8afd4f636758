package org.apophenia.cli.output;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * One file replaced whole ({@code bench --markdown FILE}): the new content is written to
 * {@code .apophenia-tmp-<pid>-<start>-<name>} beside it, synced, and renamed over it, so a reader finds
 * the old file or the new one, never a part. A symbolic link of that name is replaced, never written
 * through. A temporary file a killed run left is removed by the next write into the same directory
 * (only if its owner is dead, {@link OwnerTag}); on SIGTERM the shutdown hook removes it. Stateless.
 */
public final class AtomicFile {
  static final String PREFIX = ".apophenia-tmp-";

  private AtomicFile() {}

  /** Replaces {@code file} with {@code bytes}; a failure names {@code file} and leaves it as it was. */
  public static void write(Path file, byte[] bytes) {
    Path abs = file.toAbsolutePath();
    Path dir = abs.getParent();
    removeStale(dir);
    Path tmp = dir.resolve(PREFIX + OwnerTag.current() + "-" + abs.getFileName());
    ShutdownCleanup.register(tmp);
    try {
      try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
          StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        while (b.hasRemaining()) {
          ch.write(b);
        }
        ch.force(true);
      }
      Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      Sync.directory(dir);
    } catch (IOException e) {
      try {
        Files.deleteIfExists(tmp);
      } catch (IOException ignored) {
        // the next write into this directory removes it
      }
      throw OutputFailure.of(abs, e);
    } finally {
      ShutdownCleanup.unregister(tmp);
    }
  }

  /** Removes the temporary files of dead runs in {@code dir}. */
  static void removeStale(Path dir) {
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, PREFIX + "*")) {
      for (Path p : s) {
        Optional<OwnerTag> owner = OwnerTag.parse(p.getFileName().toString(), PREFIX);
        if (owner.isPresent() && !owner.get().isAlive() && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
          try {
            Files.deleteIfExists(p);
          } catch (IOException e) {
            // not ours to insist on
          }
        }
      }
    } catch (IOException | SecurityException e) {
      // the write itself will say what is wrong with the directory
    }
  }
}
