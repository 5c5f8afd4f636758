package org.apophenia.autotrace;

import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;

/**
 * No re-recording storms: the runtime's word on each reissued occurrence of a trace (replayed, or
 * not: its precondition failed or its operations diverged from the recording, so the runtime analysed
 * and recorded it again), kept per trace id as the bits of its last {@link Knobs#RETIREMENT_WINDOW}
 * reissues. When more than {@link Knobs#RETIRE_AFTER_FAILURES} of them failed, the trace is retired
 * from automatic tracing: evicted from the {@link TraceCache} and never promoted again
 * ({@link TraceCache#retire}), so it costs a bounded number of recordings, and the operations it
 * covered are left to other traces. Legion's preset never retires.
 *
 * <p>Reports arrive while the issuer is issuing (the runtime answers at {@code tend}), so a retirement
 * is applied when the next operation arrives ({@link #due}), never in the middle of a selection.
 * Memory: one word per trace id reported on. Application thread only.
 */
final class Retirement {
  private final int limit;
  private final long mask;
  private final boolean off;
  private final Long2LongOpenHashMap outcomes = new Long2LongOpenHashMap();
  private final LongOpenHashSet retired = new LongOpenHashSet();
  private final LongArrayList due = new LongArrayList();
  /** Reissues reported and how many of them failed. */
  long reported;
  long failed;

  Retirement(ApopheniaSettings settings) {
    this.limit = settings.get(Knobs.RETIRE_AFTER_FAILURES);
    int window = settings.get(Knobs.RETIREMENT_WINDOW);
    this.mask = window >= 64 ? -1L : (1L << window) - 1;
    this.off = limit == ApopheniaSettings.UNBOUNDED;
  }

  /** A reissue of trace {@code id} was replayed, or not ({@code replayed} false: the runtime recorded it again). */
  void report(long id, boolean replayed) {
    reported++;
    if (!replayed) {
      failed++;
    }
    if (off || retired.contains(id)) {
      return;
    }
    long bits = ((outcomes.get(id) << 1) | (replayed ? 0 : 1)) & mask;
    if (Long.bitCount(bits) > limit) {
      outcomes.remove(id);
      retired.add(id);
      due.add(id);
    } else {
      outcomes.put(id, bits);
    }
  }

  /** Whether retirements wait to be applied. */
  boolean hasDue() {
    return !due.isEmpty();
  }

  /** The ids retired since the last call, in order; the list is cleared. */
  long[] takeDue() {
    long[] ids = due.toLongArray();
    due.clear();
    return ids;
  }

  /** Whether trace {@code id} was retired. */
  boolean isRetired(long id) {
    return retired.contains(id);
  }

  /** Traces retired so far. */
  int retired() {
    return retired.size();
  }

  /** The retired ids, ascending. */
  long[] retiredIds() {
    long[] ids = retired.toLongArray();
    java.util.Arrays.sort(ids);
    return ids;
  }
}
