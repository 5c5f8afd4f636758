package org.apophenia.autotrace;

/**
 * Counts the operations forwarded untraced whose token had occurred before and never went out inside
 * a trace: a recurring gap that a longer trace could cover, as opposed to an inserted task seen once
 * or the operations of a loop traced elsewhere that a dropped task left untraced. The
 * {@link BackOff} resets on such an operation.
 *
 * <p>Memory is fixed: a direct-mapped table of {@value #SLOTS} slots, each a token's 29-bit
 * fingerprint (28 bits and a bit that tells it from an empty slot) and three bits (seen, seen again, went out traced), 128 KiB whatever the stream. A token
 * whose slot another token took is forgotten and starts afresh, so on a stream with more distinct
 * tokens than slots in rotation fewer gaps count as recurring (the back-off then resets only on long
 * untraced runs). Collisions depend only on the tokens, so replicas agree. Each call is one probe,
 * O(1), with no allocation. Not thread-safe: the application thread owns it.
 */
final class UntracedRecurrence {
  static final int SLOTS = 1 << 15;
  private static final int SEEN = 1;
  private static final int SEEN_AGAIN = 2;
  private static final int TRACED = 4;
  private static final int FLAGS = 7;

  private final int[] slots = new int[SLOTS];
  private long count;

  /** The number of untraced operations so far whose token recurred and was never traced. */
  long count() {
    return count;
  }

  /** A token arrived (it joins the pending queue). */
  void arrived(long token) {
    int i = slot(token);
    int f = fingerprint(token);
    int e = slots[i];
    slots[i] = (e & ~FLAGS) == f ? e | SEEN_AGAIN : f | SEEN;
  }

  /** An operation with this token went out inside a trace. */
  void wentOutTraced(long token) {
    int i = slot(token);
    int e = slots[i];
    if ((e & ~FLAGS) == fingerprint(token)) {
      slots[i] = e | TRACED;
    }
  }

  /** An operation with this token went out untraced: counted if its token recurred, never traced. */
  void wentOutUntraced(long token) {
    int e = slots[slot(token)];
    if ((e & ~FLAGS) == fingerprint(token) && (e & (SEEN_AGAIN | TRACED)) == SEEN_AGAIN) {
      count++;
    }
  }

  private static int slot(long token) {
    return (int) ((token * 0x9E3779B97F4A7C15L) >>> (64 - 15));
  }

  /** Independent of the slot's bits (another multiplier), flag bits cleared, never that of an empty slot. */
  private static int fingerprint(long token) {
    return (int) ((token * 0xC2B2AE3D27D4EB4FL) >>> 32) & ~FLAGS | FLAGS + 1;
  }
}
