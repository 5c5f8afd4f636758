package org.apophenia.cli.report;

import it.unimi.dsi.fastutil.longs.Long2ObjectLinkedOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apophenia.autotrace.TraceSink;
import org.apophenia.autotrace.Traceability;
import org.apophenia.cli.output.OutputFailure;
import org.apophenia.cli.output.SpillFile;
import org.apophenia.cli.streams.StreamOp;
import org.apophenia.cli.streams.StreamTokenizer;

/**
 * A counting sink for {@code analyze} (and {@code run --out}): counts operations, traced and replayed
 * ones, and per trace id its length, occurrences and replays. Not thread-safe.
 *
 * <p>Memory is flat in the length of the stream. A {@link #counting()} log keeps no per-operation
 * record at all: a few counters and one bit per trace id (ids are dense from 0), to tell a trace's
 * first occurrence from its replays. A {@link #spilling()} log, for the files of {@code --out},
 * also keeps one small entry per trace id (length, first operation, occurrences: what
 * {@code traces.json} lists) and writes to {@link SpillFile}s each operation's token and trace id (12
 * bytes), read back by {@link #forEachOp}, and the operation names of each trace's first occurrence,
 * read back by {@link #forEachTrace}; they are gone when the log is closed or the process ends,
 * however it ends.
 */
public final class TraceSearchLog implements TraceSink<StreamOp>, Closeable {
  /** One trace id as issued. */
  public static final class TraceInfo {
    public final long id;
    public int length;
    public long firstOp;
    public long occurrences;

    TraceInfo(long id, long firstOp) {
      this.id = id;
      this.firstOp = firstOp;
    }

    public long replays() {
      return occurrences - 1;
    }
  }

  /** Receives each trace with the operation names of its first occurrence. */
  @FunctionalInterface
  public interface TraceVisitor {
    void trace(TraceInfo trace, List<String> names) throws IOException;
  }

  /** Receives each operation's record, in order. */
  @FunctionalInterface
  public interface OpVisitor {
    void op(long index, long token, int traceId) throws IOException;
  }

  /** Per trace id, for {@code traces.json}; null for a counting log. */
  private final Long2ObjectLinkedOpenHashMap<TraceInfo> traces;
  /** Trace ids issued so far (dense small ids; the rare larger one goes to {@link #sparseIds}). */
  private final BitSet issued = new BitSet();
  private final LongOpenHashSet sparseIds = new LongOpenHashSet();
  private long issuedCount;
  private final SpillFile spillFile;
  private final DataOutputStream spill;
  /** The names of the operations of first occurrences, in order (they are disjoint and in id order). */
  private final SpillFile namesFile;
  private final DataOutputStream namesOut;
  private boolean inTrace;
  private long openId;
  private TraceInfo open;
  private boolean firstOccurrence;
  private long ops;
  private long tracedOps;
  private long replayedOps;
  private long replays;
  private long untraceableOps;
  private long firstReplayOp = -1;

  private TraceSearchLog(boolean perOp) throws IOException {
    if (perOp) {
      traces = new Long2ObjectLinkedOpenHashMap<>();
      spillFile = SpillFile.create("ops");
      SpillFile names;
      try {
        names = SpillFile.create("names");
      } catch (IOException | RuntimeException e) {
        spillFile.close();
        throw e;
      }
      namesFile = names;
      spill = new DataOutputStream(spillFile.output());
      namesOut = new DataOutputStream(namesFile.output());
    } else {
      traces = null;
      spillFile = null;
      spill = null;
      namesFile = null;
      namesOut = null;
    }
  }

  /** A log of counts only, for a run that writes no files. */
  public static TraceSearchLog counting() {
    try {
      return new TraceSearchLog(false);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // cannot happen: nothing is opened
    }
  }

  /** A log that also keeps the per-operation records {@link ReportWriter} needs, on disk. */
  public static TraceSearchLog spilling() throws IOException {
    return new TraceSearchLog(true);
  }

  /** Whether {@link #forEachOp} and the traces' names are available. */
  public boolean recordsOps() {
    return spill != null;
  }

  @Override
  public void op(StreamOp op) {
    long index = ops++;
    if (op.kind() == Traceability.UNTRACEABLE) {
      untraceableOps++;
    }
    int traceId = -1;
    if (inTrace) {
      traceId = (int) openId;
      tracedOps++;
      if (firstOccurrence) {
        if (open != null) {
          writeName(op.name());
          open.length++;
        }
      } else {
        replayedOps++;
        if (firstReplayOp < 0) {
          firstReplayOp = index;
        }
      }
    }
    if (spill != null) {
      try {
        spill.writeLong(op.kind() == Traceability.TRACEABLE ? StreamTokenizer.INSTANCE.token(op) : 0);
        spill.writeInt(traceId);
      } catch (IOException e) {
        throw OutputFailure.of(spillFile.path(), e);
      }
    }
  }

  private void writeName(String name) {
    try {
      byte[] b = name.getBytes(StandardCharsets.UTF_8);
      namesOut.writeInt(b.length);
      namesOut.write(b);
    } catch (IOException e) {
      throw OutputFailure.of(namesFile.path(), e);
    }
  }

  @Override
  public void beginTrace(long id) {
    firstOccurrence = markIssued(id);
    if (!firstOccurrence) {
      replays++;
    }
    inTrace = true;
    openId = id;
    if (traces != null) {
      TraceInfo t = traces.get(id);
      if (t == null) {
        t = new TraceInfo(id, ops);
        traces.put(id, t);
      }
      t.occurrences++;
      open = t;
    }
  }

  /** Records that {@code id} was issued; true the first time. */
  private boolean markIssued(long id) {
    boolean first;
    if (id >= 0 && id < 1 << 26) {
      first = !issued.get((int) id);
      issued.set((int) id);
    } else {
      first = sparseIds.add(id);
    }
    if (first) {
      issuedCount++;
    }
    return first;
  }

  @Override
  public void endTrace(long id) {
    inTrace = false;
    open = null;
  }

  public long ops() {
    return ops;
  }

  /** Each trace id as issued, in order of first occurrence; empty for a counting log. */
  public List<TraceInfo> traces() {
    return traces == null ? List.of() : new ArrayList<>(traces.values());
  }

  /**
   * An estimate of the bytes this log holds in memory: what grows is one bit per trace id (and,
   * spilling, a small entry per id); never anything per operation.
   */
  public long retainedBytes() {
    long b = 128 + issued.size() / 8 + 16L * sparseIds.size();
    if (traces != null) {
      b += 96L * traces.size();
    }
    return b;
  }

  /**
   * Hands every trace, in order of first occurrence, to {@code visitor} with the operation names of
   * its first occurrence, read back from disk; one trace's names at a time are in memory. Only for a
   * {@link #spilling()} log.
   */
  public void forEachTrace(TraceVisitor visitor) throws IOException {
    if (namesOut == null) {
      throw new IllegalStateException("a counting log keeps no trace names");
    }
    namesOut.flush();
    try (DataInputStream in = new DataInputStream(new BufferedInputStream(namesFile.readBack(), 1 << 16))) {
      for (TraceInfo t : traces.values()) {
        List<String> names = new ArrayList<>(t.length);
        for (int k = 0; k < t.length; k++) {
          byte[] b = new byte[in.readInt()];
          in.readFully(b);
          names.add(new String(b, StandardCharsets.UTF_8));
        }
        visitor.trace(t, names);
      }
    }
  }

  /**
   * Hands every operation's record to {@code visitor}, in order, reading them back from disk. Only for
   * a {@link #spilling()} log.
   */
  public void forEachOp(OpVisitor visitor) throws IOException {
    if (spill == null) {
      throw new IllegalStateException("a counting log keeps no per-operation records");
    }
    spill.flush();
    try (DataInputStream in = new DataInputStream(new BufferedInputStream(spillFile.readBack(), 1 << 16))) {
      for (long i = 0; i < ops; i++) {
        long token = in.readLong();
        visitor.op(i, token, in.readInt());
      }
    }
  }

  /** The summary of this run ({@code summary.json} and {@code --json}). */
  public Summary summary() {
    long occurrences = issuedCount + replays;
    return new Summary(ops, tracedOps, replayedOps, ops == 0 ? 0 : (double) tracedOps / ops,
        issuedCount, replays, occurrences == 0 ? 0 : (double) tracedOps / occurrences, firstReplayOp,
        untraceableOps);
  }

  /** Removes the spill files of a spilling log. */
  @Override
  public void close() throws IOException {
    if (spill != null) {
      try {
        spillFile.close();
      } finally {
        namesFile.close();
      }
    }
  }
}
