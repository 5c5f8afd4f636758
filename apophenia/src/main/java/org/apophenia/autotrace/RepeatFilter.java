package org.apophenia.autotrace;

import java.util.Arrays;

/**
 * Answers, in O(1) per window, whether a window at the end of the token history can hold a repeat
 * that FindRepeats would report, so that a window that cannot is not mined at all (its result is the
 * empty one, known in advance).
 *
 * <p><b>Why it is sound.</b> FindRepeats reports strings of at least the minimum trace length with
 * two occurrences in the window. Both occurrences begin with the same {@code m}-gram for any
 * {@code m} up to that length (here the minimum trace length, at most {@value #MAX_GRAM}, so that a
 * gram's hash stays a few multiplications), so the window holds an {@code m}-gram that occurs twice
 * inside it: at some position
 * {@code p} whose previous occurrence {@code prev(p)} lies inside the window too. Keeping the largest
 * {@code prev(p)} over every {@code m}-gram seen so far, a window {@code [end - w, end)} ending at the
 * newest token can hold a repeat only if that largest value is at least {@code end - w}. The test over-
 * approximates (overlapping occurrences count, and so would two {@code m}-grams whose 64-bit hashes
 * collide): it may let a window without repeats be mined, never the reverse.
 *
 * <p><b>Cost.</b> Per token: one hash of the last {@code m} tokens and one or two lookups (one probe,
 * usually) in a table of {@code m}-grams to their latest start, kept in two generations of
 * {@code horizon} tokens (the longest window), so memory stays bounded: 64 to 128 bytes per token of
 * the horizon. While the stream is covered by known traces the finder mines few windows and
 * the filter is paused ({@link #pause}): no lookups; a window that reaches back before the last
 * resumption is then always mined. Not thread-safe: the application thread's.
 */
final class RepeatFilter {
  /**
   * The longest history a filter is built for: its tables take 64 to 128 bytes per token of it, 16 to
   * 32 MB here. A finder with a longer history mines every window.
   */
  static final int MAX_HORIZON = 1 << 18;

  /** The longest gram hashed; a longer minimum trace length is checked on its first {@value} tokens. */
  static final int MAX_GRAM = 8;

  private final int m;
  private final long horizon;
  /** The last {@code m} tokens, by position modulo {@code m}. */
  private final long[] recent;
  /**
   * Two generations of an open-addressing table (linear probing) from {@code m}-gram hash ({@code 0}:
   * empty) to its latest start in that generation: the grams seen in the current generation of {@code horizon}
   * tokens, and those seen in the one before. A gram is looked up in both, so every start of the last
   * {@code horizon} tokens is found; at each generation's end the older table is cleared and reused.
   * Each holds at most {@code horizon} grams in at least twice as many slots.
   */
  private long[] keys;
  private long[] starts;
  private long[] oldKeys;
  private long[] oldStarts;
  private final int mask;
  private long generationStart;
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
    if (minLength < 1 || horizon < minLength || horizon > MAX_HORIZON) {
      throw new IllegalArgumentException("minLength " + minLength + ", horizon " + horizon);
    }
    this.m = Math.min(minLength, MAX_GRAM);
    this.horizon = horizon;
    this.recent = new long[m];
    int slots = Integer.highestOneBit((int) Math.max(32, 2 * horizon - 1)) << 1;
    keys = new long[slots];
    starts = new long[slots];
    oldKeys = new long[slots];
    oldStarts = new long[slots];
    mask = slots - 1;
  }

  /** Appends the token at the next position. */
  void push(long token) {
    long p = position++;
    recent[(int) (p % m)] = token;
    if (paused || p < m - 1) {
      return; // a gram that straddles a resumption is recorded: its tokens are real, only older
    }
    if (p - generationStart >= horizon) {
      long[] k = oldKeys;
      long[] st = oldStarts;
      Arrays.fill(k, 0);
      oldKeys = keys;
      oldStarts = starts;
      keys = k;
      starts = st;
      generationStart = p;
    }
    long start = p - m + 1;
    long g = gramHash(start);
    long earlier = record(g, start);
    if (earlier < 0) {
      earlier = find(g);
    }
    if (earlier > latestEarlier) {
      latestEarlier = earlier;
    }
  }

  /** Records the gram {@code g} at {@code start} in the current table; returns its start there, or -1. */
  private long record(long g, long start) {
    int i = slot(g);
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
        return -1;
      }
      i = (i + 1) & mask;
    }
  }

  /** The gram's latest start in the previous generation, or -1. */
  private long find(long g) {
    for (int i = slot(g); ; i = (i + 1) & mask) {
      long k = oldKeys[i];
      if (k == g) {
        return oldStarts[i];
      }
      if (k == 0) {
        return -1;
      }
    }
  }

  private int slot(long g) {
    return (int) (g ^ (g >>> 32)) & mask;
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
    // no clearing: the grams kept from before the pause are real occurrences (an answer can only
    // grow from them), and a pair with an occurrence in the pause lies in a window that starts before
    // validFrom, which is mined. A resumption so costs nothing, however often coverage flickers.
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
