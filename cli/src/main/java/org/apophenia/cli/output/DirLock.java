package org.apophenia.cli.output;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The exclusive lock of a file-set directory, {@code DIR/.apophenia-lock}: held while a run installs
 * a set or recovers one, so that two runs never rename files in one directory at once. An operating
 * system file lock, released when the process ends however it ends. The lock file itself stays (an
 * empty hidden file): removing it would let two runs lock two different files of the same name.
 */
final class DirLock implements AutoCloseable {
  private final FileChannel channel;
  private final FileLock lock;

  private DirLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  /** Waits for the lock of {@code dir}. */
  static DirLock acquire(Path dir) throws IOException {
    FileChannel ch = FileChannel.open(dir.resolve(FileSet.LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        java.nio.file.LinkOption.NOFOLLOW_LINKS);
    try {
      return new DirLock(ch, ch.lock());
    } catch (IOException | RuntimeException e) {
      ch.close();
      throw e;
    }
  }

  @Override
  public void close() throws IOException {
    try {
      lock.release();
    } finally {
      channel.close();
    }
  }
}
