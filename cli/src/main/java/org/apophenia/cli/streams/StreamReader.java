package org.apophenia.cli.streams;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads a task-stream file line by line and hands each operation to a consumer, without holding the
 * stream in memory: what every format shares (the file read by {@link TextInput}, blank lines and
 * {@code #} comments skipped, malformed lines skipped on request), each remaining line parsed by its
 * format's {@link StreamParser}. Malformed lines raise {@link MalformedStreamException} naming file,
 * line number and reason. One instance per file; not thread-safe.
 */
public final class StreamReader {
  private final Path file;
  private final StreamParser parser;
  private final boolean skipMalformed;
  private static final int KEPT_SKIPPED = 100;
  private final List<MalformedStreamException> skipped = new ArrayList<>();
  private long skippedCount;

  /** A strict reader: the first malformed line raises {@link MalformedStreamException}. */
  public StreamReader(Path file, StreamFormat format) {
    this(file, format, false);
  }

  /**
   * A reader that, with {@code skipMalformed}, drops malformed lines and remembers them
   * ({@link #skipped()}) instead of failing: for captures whose lines were interleaved by concurrent
   * writers.
   */
  public StreamReader(Path file, StreamFormat format, boolean skipMalformed) {
    this.file = file;
    this.parser = format.parser(TextInput.displayName(file));
    this.skipMalformed = skipMalformed;
  }

  /** The first {@value #KEPT_SKIPPED} malformed lines skipped so far, in order (memory stays bounded). */
  public List<MalformedStreamException> skipped() {
    return List.copyOf(skipped);
  }

  /** How many malformed lines were skipped so far. */
  public long skippedCount() {
    return skippedCount;
  }

  private void skip(MalformedStreamException e) {
    if (skipped.size() < KEPT_SKIPPED) {
      skipped.add(e);
    }
    skippedCount++;
  }

  /**
   * Parses every operation in order; returns how many there were. The file is read by
   * {@link TextInput}: a line that is not UTF-8 or holds a NUL byte is malformed like any other, and
   * skipping gives up after {@link TextInput#MAX_SKIPPED_LINES} malformed lines or
   * {@link TextInput#MAX_SKIPPED_BYTES} malformed bytes in a row.
   */
  public long forEach(Consumer<StreamOp> action) {
    return forEach(action, null, null);
  }

  /**
   * {@link #forEach(Consumer)}, telling {@code idle} (if not null) before a read that would wait for
   * the producer, and {@code raw} (if not null) every line's bytes, before the line's operation (if
   * any) goes to {@code action}: see {@link TextInput#forEachLine(Path, TextInput.LineHandler,
   * Consumer, Runnable, TextInput.RawLines)}.
   */
  public long forEach(Consumer<StreamOp> action, Runnable idle, TextInput.RawLines raw) {
    long[] ops = {0};
    Consumer<MalformedStreamException> onMalformed = skipMalformed ? this::skip : null;
    TextInput.forEachLine(file, (line, s) -> {
      String t = s.strip();
      if (t.isEmpty() || t.startsWith("#")) {
        return;
      }
      // a line the parser refuses is malformed like one that is not UTF-8: TextInput skips it, or throws
      StreamOp op = parser.parse(t, line);
      action.accept(op);
      ops[0]++;
    }, onMalformed, idle, raw);
    return ops[0];
  }
}
