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
 * <p>So each window length longer than {@link #LONG_WINDOW} keeps a count of its consecutive ingested
 * results that added nothing. While that count is {@code r > 0}, one launch of that length in
 * {@code min(2^r - 1, maxSkips) + 1} is mined: a launch is mined and sets that many skips (from the
 * count at that launch), and the launches after it are skipped until they are used up (the ruler's
 * other lengths go on as before). A result of that length that adds something sets its count back
 * to 0 and ends its skips. While {@link #LONG_WINDOW} or more operations in a row have gone out
 * untraced (the run the issuer counts when each operation arrives, as for the {@link BackOff}), every
 * count and skip is set back to 0: that is not noise around a covered loop but a new phase, and a new
 * phase's long loop is found only by long windows.
 *
 * <p>Every input is a count of the stream's operations or an ingested result, and ingestion is
 * deterministic ({@link TraceFinder}), so the skips depend only on the stream and the settings, and
 * replicas agree. O(distinct lengths) per launch, no allocation. Not thread-safe: the application
 * thread owns it.
 */
final class StaleWindows {
  /**
   * Windows longer than this are long: the ruler's short windows cost little, are mined at the
   * application thread's ingestion points when the mining thread is late, and find the loop's pieces
   * after each perturbation; the long ones are most of the mining work on a noisy stream.
   */
  static final int LONG_WINDOW = 512;
  /** Distinct window lengths tracked at most: the ruler's doublings within a buffer and across buffers. */
  private static final int MAX_LENGTHS = 64;

  private final int maxSkips;
  /** The window lengths seen so far, and per length its count of results adding nothing and skips left. */
  private final int[] lengths = new int[MAX_LENGTHS];
  private final int[] staleResults = new int[MAX_LENGTHS];
  private final int[] skipsLeft = new int[MAX_LENGTHS];
  private int known;
  /** Whether some count or skip is not 0 (so that a long untraced run clears them once). */
  private boolean dirty;
  /** Launches skipped. */
  long skipped;

  /** @param maxSkips {@code staleWindowSkips}: launches of one length skipped in a row at most (0: none) */
  StaleWindows(int maxSkips) {
    this.maxSkips = maxSkips;
  }

  /**
   * Every operation: {@code untracedRun} operations have been forwarded untraced since the last
   * traced one. O(1) unless a long run ends the skips, once per run.
   */
  void untracedRun(long untracedRun) {
    if (dirty && untracedRun >= LONG_WINDOW) {
      Arrays.fill(staleResults, 0, known, 0);
      Arrays.fill(skipsLeft, 0, known, 0);
      dirty = false;
    }
  }

  /** Whether to skip the launch of a window of {@code w} tokens. */
  boolean skip(int w) {
    if (maxSkips == 0 || w <= LONG_WINDOW) {
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
      skipsLeft[i] = (int) Math.min(maxSkips, (1L << r) - 1); // r is at most 62
    }
    return false;
  }

  /** The result of a window of {@code w} tokens was ingested; {@code added}: it added something to watch. */
  void ingested(int w, boolean added) {
    if (maxSkips == 0 || w <= LONG_WINDOW) {
      return;
    }
    int i = indexOf(w);
    if (i >= 0) {
      staleResults[i] = added ? 0 : Math.min(staleResults[i] + 1, 62);
      if (added) {
        skipsLeft[i] = 0;
      } else {
        dirty = true;
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
