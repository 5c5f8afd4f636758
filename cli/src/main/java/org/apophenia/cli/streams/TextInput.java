package org.apophenia.cli.streams;

import java.io.FileInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.apophenia.cli.output.OutputFailure;

/**
 * The one reader of text input, shared by every command: task streams ({@link StreamReader}), machine
 * files and token files. It streams the file line by line and holds one line at a time.
 *
 * <p>Contract: the file must be UTF-8 (a leading byte-order mark is dropped); lines end with
 * {@code \n} or {@code \r\n}. A line that is not UTF-8 (the message gives the byte's offset in the
 * file), holds a NUL byte (a binary file) or is longer than {@link #MAX_LINE_BYTES} is malformed: a
 * {@link MalformedStreamException} naming file, line and reason, thrown or, if the caller asks, handed
 * to it so it can skip the line (so is a line the caller's handler refuses by throwing one). Skipping
 * gives up, with a {@link MalformedStreamException}, after {@link #MAX_SKIPPED_LINES} malformed
 * lines or {@link #MAX_SKIPPED_BYTES} malformed bytes in a row without a good line: a device such as
 * {@code /dev/zero} or a binary file is not a stream with a few bad lines. A file that cannot be
 * opened or read raises {@link InputException} naming the file and why (an empty path, no such file,
 * a directory, permission denied). Never throws {@link java.nio.charset.MalformedInputException} or
 * an unchecked I/O exception.
 *
 * <p><b>Live input.</b> {@code -} is standard input; it, a named pipe (FIFO) and a device are
 * <em>live</em> ({@link #isLive}): opened exactly once (checking one would consume it, or wait for a
 * writer that then goes), read as the bytes arrive, and a last line without its newline is an
 * incomplete line (the producer stopped mid-line), reported as malformed after every complete line
 * before it was handed over; a regular file's last line may lack its newline. A caller may ask to be
 * told before a read that would wait for the producer ({@code idle}: issue what it holds, flush what
 * it wrote) and to see each line's bytes as they were ({@link RawLines}).
 */
public final class TextInput {
  /** Longest line accepted: 1 MiB. No format here has lines near it; a longer one is binary or broken. */
  public static final int MAX_LINE_BYTES = 1 << 20;
  /** Largest whole document ({@link #readDocument}): 16 MiB, about 50 times a 256-node machine file. */
  public static final int MAX_DOCUMENT_BYTES = 16 << 20;
  /** Malformed lines in a row after which skipping them gives up: a capture's interleaved lines come a few at a time. */
  public static final int MAX_SKIPPED_LINES = 1000;
  /** Malformed bytes in a row (one endless line, or many bad ones) after which skipping them gives up: 16 MiB. */
  public static final long MAX_SKIPPED_BYTES = 16L << 20;

  /** The argument that names standard input. */
  public static final String STDIN = "-";

  private TextInput() {}

  /** Whether {@code file} is {@code -}, standard input. */
  public static boolean isStdin(Path file) {
    return file.toString().equals(STDIN);
  }

  /**
   * Whether {@code file} is live input: standard input, a named pipe, a device (anything that exists
   * and is neither a regular file nor a directory), read as it arrives and opened only once.
   */
  public static boolean isLive(Path file) {
    if (isStdin(file)) {
      return true;
    }
    if (file.toString().isEmpty()) {
      return false;
    }
    return Files.exists(file) && !Files.isRegularFile(file) && !Files.isDirectory(file);
  }

  /** How messages name {@code file}: {@code <stdin>} for {@code -}. */
  public static Path displayName(Path file) {
    return isStdin(file) ? Path.of("<stdin>") : file;
  }

  /** Sees each line's bytes as read, before the line is decoded and handed over. */
  @FunctionalInterface
  public interface RawLines {
    /**
     * The line's {@code length} bytes in {@code bytes} (a byte-order mark and a {@code \r} included,
     * the {@code \n} not), and whether a {@code \n} ended it. The array is reused after the call.
     */
    void raw(byte[] bytes, int length, boolean terminated);
  }

  /** Receives one line (without its terminator) and its 1-based number. */
  @FunctionalInterface
  public interface LineHandler {
    void line(long number, String text);
  }

  /**
   * Hands every line of {@code file} to {@code handler}, in order; returns the number of lines. A
   * malformed line goes to {@code onMalformed}, or is thrown if that is null.
   */
  public static long forEachLine(Path file, LineHandler handler, Consumer<MalformedStreamException> onMalformed) {
    return forEachLine(file, handler, onMalformed, MAX_LINE_BYTES);
  }

  private static long forEachLine(Path file, LineHandler handler, Consumer<MalformedStreamException> onMalformed,
      int maxLineBytes) {
    return forEachLine(file, handler, onMalformed, maxLineBytes, null, null);
  }

  /**
   * {@link #forEachLine(Path, LineHandler, Consumer)}, telling {@code idle} (if not null) before each
   * read that would wait for more input, and {@code raw} (if not null) each line's bytes.
   */
  public static long forEachLine(Path file, LineHandler handler, Consumer<MalformedStreamException> onMalformed,
      Runnable idle, RawLines raw) {
    return forEachLine(file, handler, onMalformed, MAX_LINE_BYTES, idle, raw);
  }

  private static long forEachLine(Path file, LineHandler handler, Consumer<MalformedStreamException> onMalformed,
      int maxLineBytes, Runnable idle, RawLines raw) {
    boolean live = isLive(file);
    Path name = displayName(file);
    try (InputStream in = open(file)) {
      Lines lines = new Lines(name, in, handler, onMalformed, maxLineBytes);
      lines.live = live;
      lines.idle = idle;
      lines.raw = raw;
      return lines.run();
    } catch (InputException | MalformedStreamException e) {
      throw e;
    } catch (IOException e) {
      throw new InputException(name, "cannot read: " + OutputFailure.reason(e));
    }
  }

  /**
   * The whole of {@code file} as one string (lines joined by {@code \n}), at most
   * {@link #MAX_DOCUMENT_BYTES}; the same checks per line, except that one line may be the whole
   * document (JSON written without line breaks).
   */
  public static String readDocument(Path file) {
    StringBuilder b = new StringBuilder();
    forEachLine(file, (n, text) -> {
      if ((long) b.length() + text.length() > MAX_DOCUMENT_BYTES) {
        throw new MalformedStreamException(file, n, "file longer than " + MAX_DOCUMENT_BYTES + " bytes");
      }
      b.append(text).append('\n');
    }, null, MAX_DOCUMENT_BYTES);
    return b.toString();
  }

  /**
   * Checks that {@code file} can be opened for reading (exists, is not a directory, permissions), so
   * a command can refuse it before any work; throws {@link InputException} naming the problem.
   */
  public static void checkReadable(Path file) {
    if (isStdin(file)) {
      return;
    }
    if (isLive(file)) {
      // a pipe is opened once, when it is read: opening it here would wait for a writer, and closing
      // it would leave that writer with no reader
      if (!Files.isReadable(file)) {
        throw new InputException(file, "cannot read: permission denied");
      }
      return;
    }
    try (InputStream in = open(file)) {
      // opened is enough: reading would consume a pipe such as /dev/stdin
    } catch (IOException e) {
      throw new InputException(file, "cannot read: " + OutputFailure.reason(e));
    }
  }

  /** Opens {@code file} for reading, or names why it cannot be. */
  static InputStream open(Path file) {
    if (isStdin(file)) {
      return new FilterInputStream(System.in) {
        @Override
        public void close() {
          // standard input stays open: it is the process's, not this reader's
        }
      };
    }
    if (file.toString().isEmpty()) {
      throw InputException.emptyPath();
    }
    if (isLive(file)) {
      try {
        return new FileInputStream(file.toFile()); // its available() asks the pipe, for the idle hook
      } catch (java.io.FileNotFoundException e) {
        throw new InputException(file, "cannot read: " + e.getMessage());
      }
    }
    if (Files.isDirectory(file)) {
      throw new InputException(file, "is a directory, not a file");
    }
    try {
      return Files.newInputStream(file);
    } catch (NoSuchFileException e) {
      throw new InputException(file, "no such file");
    } catch (IOException e) {
      throw new InputException(file, "cannot read: " + OutputFailure.reason(e));
    }
  }

  /** One pass over a file's bytes. */
  private static final class Lines {
    private final Path file;
    private final InputStream in;
    private final LineHandler handler;
    private final Consumer<MalformedStreamException> onMalformed;
    private final int maxLineBytes;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    private byte[] buf = new byte[256];
    private int len;
    private boolean tooLong;
    private long line;
    /** Offset in the file of the current line's first byte, and the bytes of the line so far. */
    private long lineStart;
    private long lineBytes;
    /** Malformed lines, and their bytes, since the last good line (only when skipping). */
    private long badLines;
    private long badBytes;
    /** Live input (see the class notes), the hook before a read that would wait, the raw lines' listener. */
    boolean live;
    Runnable idle;
    RawLines raw;
    private boolean terminated;

    Lines(Path file, InputStream in, LineHandler handler, Consumer<MalformedStreamException> onMalformed,
        int maxLineBytes) {
      this.maxLineBytes = maxLineBytes;
      this.file = file;
      this.in = in;
      this.handler = handler;
      this.onMalformed = onMalformed;
    }

    long run() throws IOException {
      byte[] chunk = new byte[1 << 16];
      boolean any = false;
      int n;
      while (true) {
        if (idle != null && in.available() == 0) {
          idle.run(); // the producer may be waiting for what the lines so far decide
        }
        n = in.read(chunk);
        if (n < 0) {
          break;
        }
        any |= n > 0;
        for (int i = 0; i < n; i++) {
          byte b = chunk[i];
          lineBytes++;
          if (b == '\n') {
            terminated = true;
            finishLine();
          } else if (len < maxLineBytes) {
            if (len == buf.length) {
              buf = java.util.Arrays.copyOf(buf, Math.min(maxLineBytes, 2 * len));
            }
            buf[len++] = b;
          } else if (onMalformed == null) {
            // refuse now rather than at a newline that may never come (a device, a binary file)
            throw new MalformedStreamException(file, line + 1, "line longer than " + maxLineBytes + " bytes");
          } else {
            tooLong = true; // drop the rest of the line, so memory stays bounded by one line
            if (badBytes + lineBytes > MAX_SKIPPED_BYTES) {
              throw giveUp(line + 1, badLines + 1, badBytes + lineBytes);
            }
          }
        }
      }
      if (any && (len > 0 || tooLong)) {
        if (live) {
          // the producer stopped mid-line: every complete line went through, this one is not a line
          throw new MalformedStreamException(file, line + 1, "incomplete last line: the stream ended after "
              + lineBytes + " bytes of it, without a newline (the " + line + " complete lines before it were read)");
        }
        terminated = false;
        finishLine();
      }
      return line;
    }

    /** The error that ends skipping at line {@code at}, after {@code lines} malformed lines of {@code bytes} bytes. */
    private MalformedStreamException giveUp(long at, long lines, long bytes) {
      return new MalformedStreamException(file, at, "gave up skipping malformed input after " + lines
          + " malformed line" + (lines == 1 ? "" : "s") + " (" + bytes + " bytes) in a row (at most "
          + MAX_SKIPPED_LINES + " lines or " + MAX_SKIPPED_BYTES + " bytes in a row are skipped)");
    }

    private void finishLine() {
      line++;
      int start = 0;
      int end = len;
      len = 0;
      long offset = lineStart;
      long bytes = lineBytes;
      lineStart += lineBytes;
      lineBytes = 0;
      if (raw != null) {
        raw.raw(buf, end, terminated);
      }
      terminated = false;
      if (tooLong) {
        tooLong = false;
        malformed("line longer than " + maxLineBytes + " bytes", bytes);
        return;
      }
      if (line == 1 && end >= 3 && buf[0] == (byte) 0xEF && buf[1] == (byte) 0xBB && buf[2] == (byte) 0xBF) {
        start = 3; // a UTF-8 byte-order mark, as some editors write
      }
      if (end > start && buf[end - 1] == '\r') {
        end--;
      }
      for (int i = start; i < end; i++) {
        if (buf[i] == 0) {
          malformed("NUL byte at column " + (i - start + 1) + ", byte offset " + (offset + i) + " (a binary file?)",
              bytes);
          return;
        }
      }
      ByteBuffer in = ByteBuffer.wrap(buf, start, end - start);
      CharBuffer chars = CharBuffer.allocate(end - start);
      decoder.reset();
      CoderResult r = decoder.decode(in, chars, true);
      if (r.isError()) {
        int at = in.position();
        malformed(String.format("not UTF-8: byte 0x%02X at column %d, byte offset %d", buf[at] & 0xff,
            at - start + 1, offset + at), bytes);
        return;
      }
      decoder.flush(chars);
      chars.flip();
      if (onMalformed == null) {
        handler.line(line, chars.toString());
        return;
      }
      try {
        handler.line(line, chars.toString());
      } catch (MalformedStreamException e) {
        skipped(e, bytes); // the caller's parser refused the line: skipped like any malformed one
        return;
      }
      badLines = 0;
      badBytes = 0;
    }

    private void malformed(String reason, long bytes) {
      MalformedStreamException e = new MalformedStreamException(file, line, reason);
      if (onMalformed == null) {
        throw e;
      }
      skipped(e, bytes);
    }

    /** Hands a malformed line of {@code bytes} bytes to the caller, unless too many came in a row. */
    private void skipped(MalformedStreamException e, long bytes) {
      if (badLines + 1 > MAX_SKIPPED_LINES || badBytes + bytes > MAX_SKIPPED_BYTES) {
        throw giveUp(line, badLines + 1, badBytes + bytes);
      }
      badLines++;
      badBytes += bytes;
      onMalformed.accept(e);
    }
  }
}
