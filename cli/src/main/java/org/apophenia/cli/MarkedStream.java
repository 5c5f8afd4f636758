package org.apophenia.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import org.apophenia.autotrace.TraceSink;
import org.apophenia.cli.streams.StreamOp;
import org.apophenia.cli.streams.TextInput;

/**
 * {@code analyze --emit markers}: the input stream written back, byte for byte and in order, with a
 * {@code tbegin ID} line before and a {@code tend ID} line after each trace occurrence Apophenia
 * issued (each occurrence its own pair). A sink in front of the report's: it sees the operations in
 * the order Apophenia forwards them, which is the order they were read (the sink's contract), so each
 * operation takes the next line read from a queue. Lines that are not operations (comments, blank
 * lines, and malformed lines under {@code --skip-malformed}) travel with the operation after them;
 * those after the last operation go out at {@link #finish}.
 *
 * <p>When it is written: a line goes out as soon as Apophenia forwards its operation, a marker as
 * soon as Apophenia issues it, into a buffer that is flushed at every marker (each decision is out as
 * soon as it is made, with the lines before it), whenever the input has nothing more to read
 * ({@link #flush}, TextInput's idle hook, so a producer that waits gets every line decided so far)
 * and at least every {@value #FLUSH_BYTES} bytes: a write per marker, none per operation. Memory: the lines of the
 * operations Apophenia holds back (at most {@code maxPendingOps} of them) and of one parsed chunk.
 * Application thread only.
 */
final class MarkedStream implements TraceSink<StreamOp>, TextInput.RawLines {
  /** Buffered output flushed on its own once this full. */
  static final int FLUSH_BYTES = 1 << 16;

  private final TraceSink<StreamOp> next;
  private final OutputStream out;
  /** Per operation read and not forwarded yet: its line, with the lines before it that are not operations. */
  private final ArrayDeque<byte[]> lines = new ArrayDeque<>();
  private byte[] carry = new byte[256];
  private int carried;
  private byte[] buf = new byte[FLUSH_BYTES];
  private int buffered;
  private long occurrences;

  MarkedStream(TraceSink<StreamOp> next, OutputStream out) {
    this.next = next;
    this.out = out;
  }

  /**
   * Where the marked stream goes: the process's standard output as bytes when there is one
   * ({@link Main#main}), else {@code w}, the command's writer (in-process runs; the bytes, UTF-8 as
   * read, are decoded line by line).
   */
  static OutputStream standardOutput(PrintWriter w) {
    OutputStream raw = Main.rawStdout();
    if (raw != null) {
      w.flush();
      return raw;
    }
    return new OutputStream() {
      @Override
      public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void write(byte[] b, int off, int len) {
        w.write(new String(b, off, len, StandardCharsets.UTF_8));
      }

      @Override
      public void flush() {
        w.flush();
      }
    };
  }

  @Override
  public void raw(byte[] bytes, int length, boolean terminated) {
    int need = carried + length + 1;
    if (need > carry.length) {
      carry = Arrays.copyOf(carry, Math.max(need, 2 * carry.length));
    }
    System.arraycopy(bytes, 0, carry, carried, length);
    carried += length;
    if (terminated) {
      carry[carried++] = '\n';
    }
  }

  /** The line just read was parsed into an operation: it (and what was carried) is that operation's. */
  void taken() {
    lines.add(Arrays.copyOf(carry, carried));
    carried = 0;
    if (carry.length > 4096) {
      carry = new byte[256]; // one long line does not keep a large buffer for the rest of the stream
    }
  }

  @Override
  public void op(StreamOp op) {
    emitLine();
    next.op(op);
  }

  @Override
  public void op(StreamOp op, long token) {
    emitLine();
    next.op(op, token);
  }

  @Override
  public void beginTrace(long id) {
    occurrences++;
    emit(("tbegin " + id + "\n").getBytes(StandardCharsets.US_ASCII));
    flush(); // a decision goes out as soon as it is made: one write per marker, none per operation
    next.beginTrace(id);
  }

  @Override
  public void endTrace(long id) {
    emit(("tend " + id + "\n").getBytes(StandardCharsets.US_ASCII));
    flush();
    next.endTrace(id);
  }

  /** Trace occurrences written (pairs of markers). */
  long occurrences() {
    return occurrences;
  }

  private void emitLine() {
    byte[] line = lines.poll();
    if (line == null) {
      throw new IllegalStateException("an operation was forwarded that was never read");
    }
    emit(line);
  }

  private void emit(byte[] b) {
    if (buffered + b.length > buf.length) {
      drain();
      if (b.length > buf.length) {
        write(b, b.length);
        return;
      }
    }
    System.arraycopy(b, 0, buf, buffered, b.length);
    buffered += b.length;
  }

  private void drain() {
    if (buffered > 0) {
      write(buf, buffered);
      buffered = 0;
    }
  }

  private void write(byte[] b, int n) {
    try {
      out.write(b, 0, n);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes out and flushes everything decided so far. */
  void flush() {
    drain();
    try {
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** At the end of the input, after Apophenia forwarded everything: the lines after the last operation, then a flush. */
  void finish() {
    if (!lines.isEmpty()) {
      throw new IllegalStateException(lines.size() + " operations read were never forwarded");
    }
    if (carried > 0) {
      emit(Arrays.copyOf(carry, carried));
      carried = 0;
    }
    flush();
  }
}
