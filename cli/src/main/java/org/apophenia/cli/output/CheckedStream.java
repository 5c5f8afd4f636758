package org.apophenia.cli.output;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Standard output or error as a stream whose failed writes are errors: {@link System#out} is a
 * {@link java.io.PrintStream}, which swallows every {@link IOException} (a full disk, a closed pipe, a
 * closed descriptor), so a command writing to it would exit 0 with nothing written. This stream
 * throws {@link OutputFailure} naming the target instead, at the write or flush that failed, and
 * remembers the first failure ({@link #failure}) for a caller whose writer swallowed it. Not
 * thread-safe.
 */
public final class CheckedStream extends OutputStream {
  private final OutputStream out;
  private final String target;
  private OutputFailure failure;

  /** A stream writing to {@code out}, whose failures name {@code target} ("standard output"). */
  public CheckedStream(OutputStream out, String target) {
    this.out = out;
    this.target = target;
  }

  /** File descriptor 1, unbuffered (wrap it in a buffered writer). */
  public static CheckedStream stdout() {
    return new CheckedStream(new FileOutputStream(FileDescriptor.out), "standard output");
  }

  /** File descriptor 2, unbuffered. */
  public static CheckedStream stderr() {
    return new CheckedStream(new FileOutputStream(FileDescriptor.err), "standard error");
  }

  /**
   * Whether file descriptor {@code fd} cannot take output: closed ({@code >&-}; the JVM then reuses the
   * number for a file it opens read-only) or open for reading only, where the operating system says
   * ({@code /proc/self/fdinfo} on Linux); false where it cannot tell. Checked before any work, since a
   * command that prints only at its end would otherwise notice only then.
   */
  public static boolean isUnwritable(int fd) {
    Path info = Path.of("/proc/self/fdinfo/" + fd);
    if (!Files.isDirectory(Path.of("/proc/self/fdinfo"))) {
      return false;
    }
    try {
      for (String line : Files.readAllLines(info)) {
        if (line.startsWith("flags:")) {
          int flags = Integer.parseInt(line.substring(6).strip(), 8);
          return (flags & 3) == 0; // O_ACCMODE == O_RDONLY
        }
      }
      return false;
    } catch (NoSuchFileException e) {
      return true;
    } catch (IOException | NumberFormatException | SecurityException e) {
      return false;
    }
  }

  @Override
  public void write(int b) throws IOException {
    try {
      out.write(b);
    } catch (IOException e) {
      throw fail(e);
    }
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    try {
      out.write(b, off, len);
    } catch (IOException e) {
      throw fail(e);
    }
  }

  @Override
  public void flush() throws IOException {
    try {
      out.flush();
    } catch (IOException e) {
      throw fail(e);
    }
  }

  /** Flushes; never closes the descriptor (the JVM owns it). */
  @Override
  public void close() throws IOException {
    flush();
  }

  /** The first failure, or null. */
  public OutputFailure failure() {
    return failure;
  }

  private OutputFailure fail(IOException e) {
    // a new exception at every failed write: a writer closed after a failure flushes again, and
    // try-with-resources would add the one it threw to itself as suppressed (an
    // IllegalArgumentException, "Self-suppression not permitted", that hid the real message)
    OutputFailure f = new OutputFailure(target, e);
    if (failure == null) {
      failure = f;
    }
    return f;
  }
}
