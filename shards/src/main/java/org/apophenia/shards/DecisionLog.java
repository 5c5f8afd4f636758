package org.apophenia.shards;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.apophenia.autotrace.TraceSink;

/**
 * The trace decisions a shard made, as the runtime received them: one line per marker,
 * {@code op,trace,marker}, where {@code op} is the number of operations forwarded before the marker
 * (the index of a trace's first operation at {@code begin}, of the operation after its last at
 * {@code end}), {@code trace} the trace id and {@code marker} {@code begin} or {@code end}; the first
 * line is that header. Replicated shards must write byte-identical logs.
 *
 * <p>A decorator of the sink it observes: forwards every call to {@code next} (if any), so it can sit
 * anywhere a sink is attached; per operation it adds one increment. The SHA-256 of the log is kept as
 * it is written, so that shards can compare logs without a file. With a file, the lines go to a
 * hidden temporary file next to it, which {@link #commit()} flushes to disk and renames into place in
 * one step; {@link #close()} without a commit deletes it: the file is whole or absent, never half
 * written. Application thread only.
 *
 * @param <O> the operation type
 */
public final class DecisionLog<O> implements TraceSink<O>, AutoCloseable {
  /** The first line of every log. */
  public static final String HEADER = "op,trace,marker\n";

  private final TraceSink<O> next;
  private final Path file;
  private final Path partial;
  private final OutputStream out;
  private final MessageDigest sha;
  private final StringBuilder line = new StringBuilder(48);
  private long ops;
  private long markers;
  private byte[] digest;
  private boolean committed;
  private boolean discarded;

  private DecisionLog(TraceSink<O> next, Path file) throws IOException {
    this.next = next;
    this.file = file;
    try {
      this.sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    if (file != null) {
      Path dir = file.toAbsolutePath().getParent();
      Files.createDirectories(dir);
      this.partial = Files.createTempFile(dir, "." + file.getFileName(), ".partial");
      this.out = new java.io.BufferedOutputStream(Files.newOutputStream(partial, StandardOpenOption.WRITE), 1 << 16);
    } else {
      this.partial = null;
      this.out = null;
    }
    write(HEADER);
  }

  /**
   * A log written to {@code file} (or only digested, if null) that forwards to {@code next} (or
   * nothing, if null).
   */
  public static <O> DecisionLog<O> open(Path file, TraceSink<O> next) {
    try {
      return new DecisionLog<>(next, file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the decision log " + file + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void op(O op) {
    ops++;
    if (next != null) {
      next.op(op);
    }
  }

  @Override
  public void op(O op, long token) {
    ops++;
    if (next != null) {
      next.op(op, token);
    }
  }

  @Override
  public void beginTrace(long id) {
    marker(id, "begin");
    if (next != null) {
      next.beginTrace(id);
    }
  }

  @Override
  public void endTrace(long id) {
    marker(id, "end");
    if (next != null) {
      next.endTrace(id);
    }
  }

  private void marker(long id, String kind) {
    line.setLength(0);
    line.append(ops).append(',').append(id).append(',').append(kind).append('\n');
    write(line);
    markers++;
  }

  private void write(CharSequence s) {
    if (digest != null) {
      throw new IllegalStateException("the decision log is finished");
    }
    byte[] b = s.toString().getBytes(StandardCharsets.US_ASCII);
    sha.update(b);
    if (out != null) {
      try {
        out.write(b);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write the decision log " + file + ": " + e.getMessage(), e);
      }
    }
  }

  /** Operations seen. */
  public long ops() {
    return ops;
  }

  /** Markers logged (begins and ends). */
  public long markers() {
    return markers;
  }

  /** Ends the log: no line can be added after; returns its SHA-256. Idempotent. */
  public byte[] finish() {
    if (digest == null) {
      digest = sha.digest();
    }
    return digest.clone();
  }

  /** The SHA-256 of the log, in hex (finishes it). */
  public String sha256() {
    return HexFormat.of().formatHex(finish());
  }

  /** The first 8 bytes of the digest, as shards compare it in one all-reduce (finishes the log). */
  public long digestPrefix() {
    byte[] d = finish();
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = (v << 8) | (d[i] & 0xff);
    }
    return v;
  }

  /** The file the log is committed to, or null if it has none. */
  public Path file() {
    return file;
  }

  /**
   * Finishes the log and, if it has a file, forces its bytes to disk and renames it into place
   * atomically (replacing an older log of the same name).
   */
  public void commit() {
    finish();
    if (committed || file == null) {
      committed = true;
      return;
    }
    try {
      out.close();
      try (FileChannel ch = FileChannel.open(partial, StandardOpenOption.WRITE)) {
        ch.force(true);
      }
      Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      committed = true;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the decision log " + file + ": " + e.getMessage(), e);
    }
  }

  /** Without a {@link #commit()}, deletes what was written: nothing half-written is left. Idempotent. */
  @Override
  public void close() {
    if (committed || discarded || partial == null) {
      return;
    }
    discarded = true;
    try {
      out.close();
    } catch (IOException ignored) {
      // the file is deleted next
    }
    try {
      Files.deleteIfExists(partial);
    } catch (IOException ignored) {
      // a hidden .partial file; nothing reads it
    }
  }
}
