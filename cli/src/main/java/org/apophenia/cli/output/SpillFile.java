package org.apophenia.cli.output;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Records a command keeps on disk instead of in the heap while it runs (the per-operation records of
 * {@code analyze --out}), written once and read back once or more; gone on every exit path.
 *
 * <p>Design. The file is created in {@code java.io.tmpdir} as
 * {@code apophenia-spill-<pid>-<start>-<what>-<random>.bin} ({@link OwnerTag}) and opened with
 * {@link StandardOpenOption#DELETE_ON_CLOSE}, which on Linux and the other Unix systems unlinks the
 * name at once: the data lives on in the open file and the operating system frees it when the process
 * ends, however it ends (a normal exit, an error, SIGTERM, SIGKILL, running out of memory). Where the
 * name outlives the open (a file system or an operating system that cannot unlink an open file),
 * {@link #close} deletes it, a shutdown hook deletes it on SIGTERM, and {@link #removeStale} at the
 * next start deletes the files whose owner is dead; only dead owners' files are ever removed. Reads go
 * through positional reads of the same channel, so reading back never needs the name. Not
 * thread-safe.
 */
public final class SpillFile implements Closeable {
  /** The prefix of every spill file's name. */
  public static final String PREFIX = "apophenia-spill-";

  private final Path path;
  private final FileChannel channel;
  private final BufferedOutputStream out;
  private boolean closed;

  private SpillFile(Path path, FileChannel channel) {
    this.path = path;
    this.channel = channel;
    this.out = new BufferedOutputStream(new ChannelOutput(channel), 1 << 16);
  }

  /**
   * A new spill file for {@code what} (a short name: {@code ops}, {@code names}, {@code mining}) in
   * {@code java.io.tmpdir}; first removes the spill files that killed runs left there.
   */
  public static SpillFile create(String what) throws IOException {
    Path dir = tempDirectory();
    removeStale(dir);
    Path p = dir.resolve(PREFIX + OwnerTag.current() + "-" + what + "-"
        + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".bin");
    FileChannel ch = FileChannel.open(p, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
        StandardOpenOption.WRITE, StandardOpenOption.DELETE_ON_CLOSE);
    SpillFile f = new SpillFile(p, ch);
    if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
      ShutdownCleanup.register(p); // the name is still there: delete it on SIGTERM too
    }
    return f;
  }

  /** {@code java.io.tmpdir}, where spill files go. */
  public static Path tempDirectory() {
    return Path.of(System.getProperty("java.io.tmpdir"));
  }

  /** Where the records are written, in order; buffered. */
  public OutputStream output() {
    return out;
  }

  /**
   * The records written so far, from the first byte; each call reads them again from the start.
   * Flushes the output first.
   */
  public InputStream readBack() throws IOException {
    out.flush();
    return new ChannelInput(channel);
  }

  /** Bytes written so far (after a flush). */
  public long size() throws IOException {
    out.flush();
    return channel.size();
  }

  /** The name the file was created under (already unlinked on Unix); for messages. */
  public Path path() {
    return path;
  }

  /** Closes and removes the file; idempotent. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      channel.close(); // DELETE_ON_CLOSE removes the name if it was not unlinked at once
    } finally {
      Files.deleteIfExists(path);
      ShutdownCleanup.unregister(path);
    }
  }

  /**
   * Deletes the spill files in {@code dir} whose owner is dead (a run killed before it could clean
   * up); files of live runs, and anything not named like a spill file, are left alone. Returns how
   * many were removed. Never fails: a file it cannot remove stays.
   */
  public static int removeStale(Path dir) {
    int removed = 0;
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, PREFIX + "*")) {
      for (Path p : s) {
        Optional<OwnerTag> owner = OwnerTag.parse(p.getFileName().toString(), PREFIX);
        if (owner.isPresent() && !owner.get().isAlive() && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
          try {
            Files.deleteIfExists(p);
            removed++;
          } catch (IOException e) {
            // another user's file, or a race with another cleaner: not ours to insist on
          }
        }
      }
    } catch (IOException | SecurityException e) {
      // an unreadable temporary directory: creating the spill file will say so
    }
    return removed;
  }

  /** Writes to the channel at its position (the end). */
  private static final class ChannelOutput extends OutputStream {
    private final FileChannel ch;

    ChannelOutput(FileChannel ch) {
      this.ch = ch;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      ByteBuffer buf = ByteBuffer.wrap(b, off, len);
      while (buf.hasRemaining()) {
        ch.write(buf);
      }
    }
  }

  /** Positional reads from byte 0, independent of the channel's position. */
  private static final class ChannelInput extends InputStream {
    private final FileChannel ch;
    private long pos;

    ChannelInput(FileChannel ch) {
      this.ch = ch;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (len == 0) {
        return 0;
      }
      int n = ch.read(ByteBuffer.wrap(b, off, len), pos);
      if (n > 0) {
        pos += n;
      }
      return n;
    }
  }
}
