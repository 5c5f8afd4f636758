package org.apophenia.autotrace;

import java.util.Arrays;

/**
 * Which long windows to skip because mining them keeps repeating what is already known.
 *
 * <p>On a noisy stream the {@link BackOff} is reset again and again, and every reset sends mining back
 * to every window length. The long windows then cost the mining thread most of its time (a window of
 * several buffers takes milliseconds), and each one finds the loop's traces again: every repeat in its
 * result is already cached, a refused variant, or too rare ({@link OccurrenceWatcher#ingest} adds
 * nothing). The application then waits for them at their ingestion points, for nothing.
 *
 * <p>So each window length longer than {@code minLength} keeps a count of its consecutive ingested
 * results that added nothing. After {@code r} of them, the next {@code min(2^r - 1, maxSkips)}
 * launches of that length are skipped (the ruler's other lengths go on as before). A result of that
 * length that adds something sets its count back to 0 and ends its skips. When {@code minLength} operations in a row go out
 * untraced, every count is set back to 0: that is not noise around a covered loop but a new phase,
 * and a new phase's long loop is found only by long windows.
 *
 * <p>Every input is a count of the stream's operations or an ingested result, and ingestion is
 * deterministic ({@link TraceFinder}), so the skips depend only on the stream and the settings, and
 * replicas agree. O(distinct lengths) per launch, no allocation. Not thread-safe: the application
 * thread owns it.
 */
final class StaleWindows {
  /** Distinct window lengths tracked at most: the ruler's doublings within a buffer and across buffers. */
  private static final int MAX_LENGTHS = 64;

  private final int maxSkips;
  private final int minLength;
  /** The window lengths seen so far, and per length its count of results adding nothing and skips left. */
  private final int[] lengths = new int[MAX_LENGTHS];
  private final int[] staleResults = new int[MAX_LENGTHS];
  private final int[] skipsLeft = new int[MAX_LENGTHS];
  private int known;
  /** Launches skipped. */
  long skipped;

  /**
   * @param maxSkips {@code staleWindowSkips}: launches of one length skipped in a row at most (0: none)
   * @param minLength windows this long or shorter are never skipped, and an untraced run this long
   *     is a new phase
   */
  StaleWindows(int maxSkips, int minLength) {
    this.maxSkips = maxSkips;
    this.minLength = minLength;
  }

  /**
   * Whether to skip the launch of a window of {@code w} tokens, with {@code untracedRun} operations
   * forwarded untraced since the last traced one.
   */
  boolean skip(int w, long untracedRun) {
    if (maxSkips == 0) {
      return false;
    }
    if (untracedRun >= minLength) {
      Arrays.fill(staleResults, 0, known, 0);
      Arrays.fill(skipsLeft, 0, known, 0);
    }
    if (w <= minLength) {
      return false;
    }
    int i = indexOf(w);
    if (i < 0) {
      return false;
    }
    if (skipsLeft[i] > 0) {
      skipsLeft[i]--;
      skipped++;
      return true;
    }
    int r = staleResults[i];
    if (r > 0) {
      skipsLeft[i] = (int) Math.min(maxSkips, (1L << Math.min(r, 62)) - 1);
    }
    return false;
  }

  /** The result of a window of {@code w} tokens was ingested; {@code added}: it added something to watch. */
  void ingested(int w, boolean added) {
    if (maxSkips == 0 || w <= minLength) {
      return;
    }
    int i = indexOf(w);
    if (i >= 0) {
      staleResults[i] = added ? 0 : Math.min(staleResults[i] + 1, 62);
      if (added) {
        skipsLeft[i] = 0;
      }
    }
  }

  /** The slot of length {@code w}, added if new; -1 past {@link #MAX_LENGTHS} lengths (never skipped). */
  private int indexOf(int w) {
    for (int i = 0; i < known; i++) {
      if (lengths[i] == w) {
        return i;
      }
    }
    if (known == MAX_LENGTHS) {
      return -1;
    }
    lengths[known] = w;
    return known++;
  }
}
