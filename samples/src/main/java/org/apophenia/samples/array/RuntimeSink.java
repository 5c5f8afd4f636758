package org.apophenia.samples.array;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.BitSet;
import org.apophenia.apophenia.TraceSink;
import org.apophenia.legion.Future;
import org.apophenia.legion.IndexLauncher;
import org.apophenia.legion.LegionRuntime;

/**
 * The runtime's front door as an Apophenia {@link TraceSink}: each {@link ArrayOp} becomes an index
 * launch, each marker a {@code beginTrace}/{@code endTrace}. It also keeps the counts every mode
 * reports the same way (operations, traced, replayed, traces, replays), which operations were traced
 * or replayed (by program-order index), and the real time spent inside the runtime's front door
 * (dependence analysis, or replay when a trace engine handles the operation).
 *
 * <p>It also guards the tracing contract, whoever placed the markers (Apophenia or a hand-written
 * annotation): every occurrence of a trace id must repeat the first one token for token, else an
 * IllegalStateException names the trace and the first differing operation. (The runtime's trace
 * engine would otherwise replay a wrong recording or fall back silently.) Costs one token and one
 * comparison per traced operation.
 *
 * <p>Trace ids from Apophenia are longs; the runtime's are ints: ids are mapped densely in order of
 * first use. Not thread-safe.
 */
final class RuntimeSink implements TraceSink<ArrayOp> {
  private final LegionRuntime runtime;
  private final TraceSink<ArrayOp> observer;
  private final LongOpenHashSet seen = new LongOpenHashSet();
  private final it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap ids = new it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap();
  final BitSet traced = new BitSet();
  final BitSet replayed = new BitSet();
  long ops;
  long tracedOps;
  long replayedOps;
  long replays;
  long frontDoorNanos;
  long longestTrace;
  private boolean open;
  private boolean openIsReplay;
  private long openId;
  private int position;
  private final it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap<it.unimi.dsi.fastutil.longs.LongArrayList> recorded =
      new it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap<>();

  RuntimeSink(LegionRuntime runtime, TraceSink<ArrayOp> observer) {
    this.runtime = runtime;
    this.observer = observer;
  }

  @Override
  public void op(ArrayOp op) {
    ArrayOp.IndexTask t = (ArrayOp.IndexTask) op;
    long t0 = System.nanoTime();
    Future f = runtime.executeIndex(new IndexLauncher(t.taskId(), t.domain(), t.requirements(), t.args(),
        t.futureReduction()));
    frontDoorNanos += System.nanoTime() - t0;
    if (t.result() != null) {
      t.result().set(f);
    }
    if (open) {
      checkRepeat(op);
      traced.set((int) ops);
      tracedOps++;
      if (openIsReplay) {
        replayed.set((int) ops);
        replayedOps++;
      }
    }
    ops++;
    if (observer != null) {
      observer.op(op);
    }
  }

  @Override
  public void beginTrace(long id) {
    openIsReplay = !seen.add(id);
    if (openIsReplay) {
      replays++;
    }
    open = true;
    openId = id;
    position = 0;
    if (!openIsReplay) {
      recorded.put(id, new it.unimi.dsi.fastutil.longs.LongArrayList());
    }
    int rid = ids.computeIfAbsent(id, k -> ids.size());
    long t0 = System.nanoTime();
    runtime.beginTrace(rid);
    frontDoorNanos += System.nanoTime() - t0;
    if (observer != null) {
      observer.beginTrace(id);
    }
  }

  @Override
  public void endTrace(long id) {
    longestTrace = Math.max(longestTrace, position);
    if (openIsReplay && position != recorded.get(id).size()) {
      throw new IllegalStateException("trace " + id + " ended after " + position + " operations, its first occurrence had "
          + recorded.get(id).size());
    }
    long t0 = System.nanoTime();
    runtime.endTrace(ids.get(id));
    frontDoorNanos += System.nanoTime() - t0;
    open = false;
    if (observer != null) {
      observer.endTrace(id);
    }
  }

  private void checkRepeat(ArrayOp op) {
    long token = ArrayTokenizer.INSTANCE.token(op);
    it.unimi.dsi.fastutil.longs.LongArrayList first = recorded.get(openId);
    if (!openIsReplay) {
      first.add(token);
    } else if (position >= first.size() || first.getLong(position) != token) {
      throw new IllegalStateException("operation " + position + " (" + op.name() + ") of an occurrence of trace " + openId
          + " differs from the trace's first occurrence: the markers enclose a different sequence of operations");
    }
    position++;
  }

  /** Distinct trace ids issued. */
  long tracesRecorded() {
    return seen.size();
  }
}
