package org.apophenia.autotrace;

/**
 * Counts the operations forwarded untraced whose token had occurred before, within the history the
 * finder mines, and never went out inside a trace: a recurring gap that a longer trace could cover,
 * as opposed to an inserted task seen once, the operations of a loop traced elsewhere that a dropped
 * task left untraced, or a task that recurs only farther apart than any window mined (no trace can
 * hold both occurrences). The {@link BackOff} resets on such an operation. The issuer feeds it once
 * a first trace has gone out (before, the back-off is not in effect): that trace's own operations had
 * arrived unrecorded and are not marked traced until they go out inside a trace again.
 *
 * <p>Memory is fixed: a direct-mapped table of {@value #SLOTS} slots of one {@code long} each (a
 * token's fingerprint, three bits: seen, seen again within the horizon, went out traced; and the low
 * 32 bits of the position where it last arrived), 128 KiB whatever the stream. A token whose slot
 * another token took is forgotten and starts afresh, so on a stream with more distinct tokens than
 * slots in rotation fewer gaps count as recurring (the back-off then resets only on long untraced
 * runs). Distances are taken modulo 2^32 positions. Collisions depend only on the tokens and
 * positions, so replicas agree. Each call is one probe, O(1), with no allocation. Not thread-safe:
 * the application thread owns it.
 */
final class UntracedRecurrence {
  static final int SLOTS = 1 << 14;
  private static final int SEEN = 1;
  private static final int SEEN_AGAIN = 2;
  private static final int TRACED = 4;
  private static final int FLAGS = 7;

  private final long[] slots = new long[SLOTS];
  private final long horizon;
  private long count;

  /** @param horizon the most positions apart two occurrences may be to count as a recurrence */
  UntracedRecurrence(long horizon) {
    this.horizon = horizon;
  }

  /** The number of untraced operations so far whose token recurred within the horizon and was never traced. */
  long count() {
    return count;
  }

  /** A token arrived at stream position {@code position} (it joins the pending queue). */
  void arrived(long token, long position) {
    int i = slot(token);
    int f = fingerprint(token);
    long e = slots[i];
    int bits = (int) (e >>> 32);
    int next;
    if ((bits & ~FLAGS) != f) {
      next = f | SEEN;
    } else {
      boolean near = ((position - e) & 0xFFFF_FFFFL) <= horizon;
      next = near ? bits | SEEN_AGAIN : bits & ~SEEN_AGAIN;
    }
    slots[i] = (long) next << 32 | (position & 0xFFFF_FFFFL);
  }

  /** An operation with this token went out inside a trace. */
  void wentOutTraced(long token) {
    int i = slot(token);
    long e = slots[i];
    if (((int) (e >>> 32) & ~FLAGS) == fingerprint(token)) {
      slots[i] = e | (long) TRACED << 32;
    }
  }

  /** An operation with this token went out untraced: counted if its token recurred near, never traced. */
  void wentOutUntraced(long token) {
    int bits = (int) (slots[slot(token)] >>> 32);
    if ((bits & ~FLAGS) == fingerprint(token) && (bits & (SEEN_AGAIN | TRACED)) == SEEN_AGAIN) {
      count++;
    }
  }

  private static int slot(long token) {
    return (int) ((token * 0x9E3779B97F4A7C15L) >>> (64 - 14));
  }

  /** Independent of the slot's bits (another multiplier), flag bits cleared, never that of an empty slot. */
  private static int fingerprint(long token) {
    return (int) ((token * 0xC2B2AE3D27D4EB4FL) >>> 32) & ~FLAGS | FLAGS + 1;
  }
}
