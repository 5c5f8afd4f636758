package org.apophenia.apophenia;

import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;

/**
 * Answers, in O(1) per window, whether a window at the end of the token history can hold a repeat
 * that FindRepeats would report, so that a window that cannot is not mined at all (its result is the
 * empty one, known in advance).
 *
 * <p><b>Why it is sound.</b> FindRepeats reports strings of at least {@code m} tokens (the minimum
 * trace length) with two occurrences in the window. Both occurrences begin with the same
 * {@code m}-gram, so the window holds an {@code m}-gram that occurs twice inside it: at some position
 * {@code p} whose previous occurrence {@code prev(p)} lies inside the window too. Keeping the largest
 * {@code prev(p)} over every {@code m}-gram seen so far, a window {@code [end - w, end)} ending at the
 * newest token can hold a repeat only if that largest value is at least {@code end - w}. The test over-
 * approximates (overlapping occurrences count, and so would two {@code m}-grams whose 64-bit hashes
 * collide): it may let a window without repeats be mined, never the reverse.
 *
 * <p><b>Cost.</b> Per token: one hash of the last {@code m} tokens and one lookup in a hash table
 * of {@code m}-grams to their latest start (one probe, usually), from which grams older than
 * {@code horizon} tokens (the longest window) are dropped, so memory stays bounded (32 bytes a slot,
 * 4 to 8 slots per token of the horizon). While the stream is covered by known traces the finder mines few windows and
 * the filter is paused ({@link #pause}): no lookups; a window that reaches back before the last
 * resumption is then always mined. Not thread-safe: the application thread's.
 */
final class RepeatFilter {
  private final int m;
  private final long horizon;
  /** The last {@code m} tokens, by position modulo {@code m}. */
  private final long[] recent;
  /**
   * Open addressing, linear probing: {@code m}-gram hash ({@code 0}: empty) and the gram's latest
   * start. Entries older than {@code horizon} are dropped when the table is rebuilt, which happens
   * when it is half full: at most {@code horizon} live entries, so a rebuild frees at least a quarter
   * of the slots and costs O(slots) once per {@code horizon / 2} insertions or more.
   */
  private long[] keys;
  private long[] starts;
  private long[] spareKeys;
  private long[] spareStarts;
  private final int mask;
  private int used;
  /** Tokens pushed so far (the next token's position). */
  private long position;
  /** The largest earlier-occurrence position of any m-gram recorded so far ({@code -1}: none). */
  private long latestEarlier = -1;
  /** Windows that start before this position are not answered: grams before it were not recorded. */
  private long validFrom;
  private boolean paused;

  /**
   * A filter for repeats of at least {@code minLength} tokens in windows of at most {@code horizon}
   * tokens.
   */
  RepeatFilter(int minLength, long horizon) {
    if (minLength < 1 || horizon < minLength || horizon > 1 << 28) {
      throw new IllegalArgumentException("minLength " + minLength + ", horizon " + horizon);
    }
    this.m = minLength;
    this.horizon = horizon;
    this.recent = new long[minLength];
    int slots = Integer.highestOneBit((int) Math.max(64, 4 * horizon - 1)) << 1;
    keys = new long[slots];
    starts = new long[slots];
    spareKeys = new long[slots];
    spareStarts = new long[slots];
    mask = slots - 1;
  }

  /** Appends the token at the next position. */
  void push(long token) {
    long p = position++;
    recent[(int) (p % m)] = token;
    if (paused || p < m - 1) {
      return; // a gram that straddles a resumption is recorded: its tokens are real, only older
    }
    long start = p - m + 1;
    long earlier = record(gramHash(start), start);
    if (earlier > latestEarlier) {
      latestEarlier = earlier;
    }
  }

  /** Records the gram {@code g} at {@code start}; returns its previous start, or -1. */
  private long record(long g, long start) {
    int i = (int) (g ^ (g >>> 32)) & mask;
    while (true) {
      long k = keys[i];
      if (k == g) {
        long earlier = starts[i];
        starts[i] = start;
        return earlier;
      }
      if (k == 0) {
        keys[i] = g;
        starts[i] = start;
        if (++used > (mask + 1) / 2) {
          rebuild(start - horizon);
        }
        return -1;
      }
      i = (i + 1) & mask;
    }
  }

  /** Keeps the entries that start at {@code oldest} or later (older ones can lie in no window). */
  private void rebuild(long oldest) {
    long[] k = spareKeys;
    long[] st = spareStarts;
    java.util.Arrays.fill(k, 0);
    int n = 0;
    for (int j = 0; j <= mask; j++) {
      long g = keys[j];
      if (g != 0 && starts[j] >= oldest) {
        int i = (int) (g ^ (g >>> 32)) & mask;
        while (k[i] != 0) {
          i = (i + 1) & mask;
        }
        k[i] = g;
        st[i] = starts[j];
        n++;
      }
    }
    spareKeys = keys;
    spareStarts = starts;
    keys = k;
    starts = st;
    used = n;
  }

  /** Whether the window of the last {@code w} tokens pushed may hold a repeat of {@code m} tokens or more. */
  boolean mayRepeat(int w) {
    long from = position - w;
    return paused || w > horizon || from < validFrom || latestEarlier >= from;
  }

  /** Stops recording (the stream is covered): until {@link #resume}, every window is mined. */
  void pause() {
    paused = true;
  }

  /**
   * Records again from the next token on; windows that start before it are always mined, since the
   * grams of the pause were not recorded.
   */
  void resume() {
    if (!paused) {
      return;
    }
    paused = false;
    java.util.Arrays.fill(keys, 0);
    used = 0;
    validFrom = position;
  }

  boolean paused() {
    return paused;
  }

  /** A 64-bit hash of the m tokens from {@code start}, never 0 (the empty slot). */
  private long gramHash(long start) {
    long h = 0x9E37_79B9_7F4A_7C15L;
    for (int i = 0; i < m; i++) {
      h = (h ^ recent[(int) ((start + i) % m)]) * 0xBF58_476D_1CE4_E5B9L;
      h ^= h >>> 31;
    }
    return h == 0 ? 1 : h;
  }
}
