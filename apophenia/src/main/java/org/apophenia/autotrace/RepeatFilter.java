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
 * approximates (overlapping occurrences count, and so would two {@code m}-grams taken for one, see
 * the table): it may let a window without repeats be mined, never the reverse.
 *
 * <p><b>Cost.</b> Per token: one hash of the last {@code m} tokens and one or two lookups (one probe,
 * usually) in a table of {@code m}-grams to their latest start, kept in two generations of
 * {@code horizon} tokens (the longest window), so memory stays bounded: 32 to 64 bytes per token of
 * the horizon. While the stream is covered by known traces the finder mines few windows and
 * the filter is paused ({@link #pause}): no lookups; a window that reaches back before the last
 * resumption is then always mined. Not thread-safe: the application thread's.
 */
final class RepeatFilter {
  /**
   * The longest history a filter is built for: its tables take 32 to 64 bytes per token of it, 8 to
   * 16 MB here. A finder with a longer history mines every window.
   */
  static final int MAX_HORIZON = 1 << 18;

  /** The longest gram hashed; a longer minimum trace length is checked on its first {@value} tokens. */
  static final int MAX_GRAM = 8;

  private final int m;
  private final long horizon;
  /** The last {@code m} tokens, a ring: {@link #next} is where the next token goes, so the oldest. */
  private final long[] recent;
  private int next;
  /**
   * Two generations of an open-addressing table (linear probing) from an {@code m}-gram to its latest
   * start in that generation: the grams seen in the current generation of {@code horizon} tokens, and
   * those seen in the one before. A gram is looked up in both, so every start of the last
   * {@code horizon} tokens is found; at each generation's end the older table is cleared and reused.
   * Each holds at most {@code horizon} grams in at least twice as many slots.
   *
   * <p>A slot is two ints side by side: the gram hash's upper 32 bits (its fingerprint; the lower bits
   * chose the slot; {@code 0}: empty) and the start, less the generation's {@link #base}. The table is
   * far larger than a core's caches and each probe lands anywhere in it, so a probe is a cache miss:
   * one line per probe here, where a table of 64-bit keys beside a table of 64-bit starts took two,
   * at half the memory. Two grams with equal fingerprints in the same probe run are taken
   * for one, which can only make a window look repeating (the test stays an over-approximation).
   */
  private int[] table;
  private int[] oldTable;
  private long base;
  private long oldBase;
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
    table = new int[2 * slots];
    oldTable = new int[2 * slots];
    mask = slots - 1;
    base = -m;
    oldBase = -m;
  }

  /** Appends the token at the next position. */
  void push(long token) {
    long p = position++;
    recent[next] = token;
    if (++next == m) {
      next = 0;
    }
    if (paused || p < m - 1) {
      return; // a gram that straddles a resumption is recorded: its tokens are real, only older
    }
    if (p - generationStart >= horizon) {
      int[] t = oldTable;
      Arrays.fill(t, 0);
      oldTable = table;
      oldBase = base;
      table = t;
      generationStart = p;
      base = p - m; // every start recorded in this generation is after it: offsets are positive
    }
    long start = p - m + 1;
    long g = gramHash();
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
    int[] t = table;
    int fp = fingerprint(g);
    int offset = (int) (start - base);
    for (int i = slot(g); ; i = (i + 2) & (2 * mask + 1)) {
      int k = t[i];
      if (k == fp) {
        long earlier = t[i + 1] + base;
        t[i + 1] = offset;
        return earlier;
      }
      if (k == 0) {
        t[i] = fp;
        t[i + 1] = offset;
        return -1;
      }
    }
  }

  /** The gram's latest start in the previous generation, or -1. */
  private long find(long g) {
    int[] t = oldTable;
    int fp = fingerprint(g);
    for (int i = slot(g); ; i = (i + 2) & (2 * mask + 1)) {
      int k = t[i];
      if (k == fp) {
        return t[i + 1] + oldBase;
      }
      if (k == 0) {
        return -1;
      }
    }
  }

  /** The index of the gram's first slot: its hash's lower bits. */
  private int slot(long g) {
    return ((int) g & mask) << 1;
  }

  /** The gram's upper 32 bits, never 0 (the empty slot). */
  private static int fingerprint(long g) {
    int f = (int) (g >>> 32);
    return f == 0 ? 1 : f;
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

  /** A 64-bit hash of the last m tokens, oldest first. */
  private long gramHash() {
    long h = 0x9E37_79B9_7F4A_7C15L;
    long[] r = recent;
    for (int i = next; i < r.length; i++) {
      h = (h ^ r[i]) * 0xBF58_476D_1CE4_E5B9L;
      h ^= h >>> 31;
    }
    for (int i = 0; i < next; i++) {
      h = (h ^ r[i]) * 0xBF58_476D_1CE4_E5B9L;
      h ^= h >>> 31;
    }
    return h;
  }
}
