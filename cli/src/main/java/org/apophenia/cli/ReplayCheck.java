package org.apophenia.cli;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.apophenia.autotrace.TraceSink;

/**
 * {@code analyze --safe-tracing}: with no runtime behind it, a captured stream's replay is the
 * reissue of a trace, and this sink checks every reissue's tokens against the trace's first
 * occurrence (its recording), as the samples' trace engine checks each replayed operation against its
 * recording in the same mode. A difference is a {@link UserError} naming the trace, the position, the
 * expected and the seen token. Memory: the tokens of each trace's first occurrence. One comparison
 * per operation inside a reissue; application thread only.
 *
 * @param <O> the operation type
 */
final class ReplayCheck<O> implements TraceSink<O> {
  private final TraceSink<O> next;
  private final Long2ObjectOpenHashMap<long[]> recordings = new Long2ObjectOpenHashMap<>();
  private LongArrayList recording;
  private long[] expected;
  private long open = -1;
  private int position;
  private long firstOp;
  private long ops;

  ReplayCheck(TraceSink<O> next) {
    this.next = next;
  }

  @Override
  public void op(O op) {
    next.op(op);
    ops++;
  }

  @Override
  public void op(O op, long token) {
    if (open >= 0) {
      if (recording != null) {
        recording.add(token);
      } else if (position >= expected.length || expected[position] != token) {
        throw new UserError("safe tracing: trace " + open + " diverged from its recording at operation " + position
            + " (operation " + (firstOp + position) + " of the stream): expected token "
            + (position >= expected.length ? "tend" : Long.toHexString(expected[position])) + ", got "
            + Long.toHexString(token));
      }
      position++;
    }
    next.op(op, token);
    ops++;
  }

  @Override
  public void beginTrace(long id) {
    open = id;
    position = 0;
    firstOp = ops;
    expected = recordings.get(id);
    recording = expected == null ? new LongArrayList() : null;
    next.beginTrace(id);
  }

  @Override
  public void endTrace(long id) {
    if (recording != null) {
      recordings.put(id, recording.toLongArray());
    } else if (position != expected.length) {
      throw new UserError("safe tracing: trace " + id + " diverged from its recording at operation " + position
          + ": expected token " + Long.toHexString(expected[position]) + ", got tend");
    }
    open = -1;
    recording = null;
    next.endTrace(id);
  }
}
