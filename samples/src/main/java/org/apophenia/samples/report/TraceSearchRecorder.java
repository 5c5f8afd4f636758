package org.apophenia.samples.report;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2ObjectLinkedOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.List;
import org.apophenia.apophenia.TraceSink;
import org.apophenia.apophenia.Traceability;
import org.apophenia.samples.streams.StreamOp;
import org.apophenia.samples.streams.StreamTokenizer;

/**
 * A counting sink for {@code analyze}: records, per forwarded operation, its token and the trace it
 * was issued in, and per trace id its length, operation names, occurrences and replays. Memory: 12
 * bytes per operation plus the traces. Not thread-safe.
 */
public final class TraceSearchRecorder implements TraceSink<StreamOp> {
  /** One trace id as issued. */
  public static final class TraceInfo {
    public final long id;
    public final List<String> names = new ArrayList<>();
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

  final LongArrayList tokens = new LongArrayList();
  final IntArrayList traceIds = new IntArrayList(); // -1 when untraced
  final Long2ObjectLinkedOpenHashMap<TraceInfo> traces = new Long2ObjectLinkedOpenHashMap<>();
  private TraceInfo open;
  private boolean firstOccurrence;
  long tracedOps;
  long replayedOps;
  long replays;
  long untraceableOps;
  long firstReplayOp = -1;

  @Override
  public void op(StreamOp op) {
    long index = tokens.size();
    tokens.add(op.kind() == Traceability.TRACEABLE ? StreamTokenizer.INSTANCE.token(op) : 0);
    if (op.kind() == Traceability.UNTRACEABLE) {
      untraceableOps++;
    }
    if (open == null) {
      traceIds.add(-1);
      return;
    }
    traceIds.add((int) open.id);
    tracedOps++;
    if (firstOccurrence) {
      open.names.add(op.name());
      open.length++;
    } else {
      replayedOps++;
      if (firstReplayOp < 0) {
        firstReplayOp = index;
      }
    }
  }

  @Override
  public void beginTrace(long id) {
    TraceInfo t = traces.get(id);
    firstOccurrence = t == null;
    if (t == null) {
      t = new TraceInfo(id, tokens.size());
      traces.put(id, t);
    } else {
      replays++;
    }
    t.occurrences++;
    open = t;
  }

  @Override
  public void endTrace(long id) {
    open = null;
  }

  public long ops() {
    return tokens.size();
  }

  public List<TraceInfo> traces() {
    return new ArrayList<>(traces.values());
  }

  /** The trace id of operation {@code i}, or -1. */
  public int traceIdOf(int i) {
    return traceIds.getInt(i);
  }

  public long tokenOf(int i) {
    return tokens.getLong(i);
  }

  /**
   * For each operation, how many of the previous {@code window} operations (itself included) were
   * traced: the curve of the paper's Figure 10. O(ops).
   */
  public int[] tracedInWindow(int window) {
    int n = tokens.size();
    int[] out = new int[n];
    int count = 0;
    for (int i = 0; i < n; i++) {
      if (traceIds.getInt(i) >= 0) {
        count++;
      }
      if (i >= window && traceIds.getInt(i - window) >= 0) {
        count--;
      }
      out[i] = count;
    }
    return out;
  }

  /** The summary of this run ({@code summary.json} and {@code --json}). */
  public Summary summary() {
    long ops = ops();
    long issued = traces.size() + replays;
    return new Summary(ops, tracedOps, replayedOps, ops == 0 ? 0 : (double) tracedOps / ops,
        traces.size(), replays, issued == 0 ? 0 : (double) tracedOps / issued, firstReplayOp,
        untraceableOps);
  }
}
