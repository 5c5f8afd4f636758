package org.apophenia.autotrace;

/**
 * The trace finder's back-off: which of the ruler's windows to skip while the stream is covered, when
 * to go back to mining every length, and which skipped windows to mine after all.
 *
 * <p><b>Covered.</b> Once the last {@code multiScaleFactor} operations forwarded were all traced (the
 * shortest window the schedule mines lies inside known traces), the stream is covered and its short
 * windows can only find repeats inside traces already issued: a window is then mined only if it is at
 * least twice as long as the last one mined while backing off, so every length is still mined once,
 * up to the whole history (what finds a trace longer than the pieces covering a loop out of phase),
 * and then nothing more. A covered stream so launches about {@code log2(history / multiScaleFactor)}
 * jobs instead of one every {@code multiScaleFactor} operations: each launch wakes the mining thread
 * and is ingested later, which on a loop of a few operations costs more than the matching.
 *
 * <p><b>Reset.</b> A reset sends mining back to every length until the stream is covered again. With
 * {@code backOffResetRun} 1 every operation forwarded untraced resets it. Above 1, what resets it is
 * evidence of content that no trace covers yet, not noise:
 * <ul>
 *   <li>that many operations forwarded untraced in a row, read when the ruler picks a window (a new
 *       phase: its operations go out one by one as they arrive, while the operations a broken match
 *       held back go out in a batch between two windows and are not seen as a run); or</li>
 *   <li>an operation forwarded untraced whose token had occurred before, within the history mined,
 *       and never went out inside a trace ({@link UntracedRecurrence}): a gap that recurs, such as
 *       the operations left between the traced pieces of a loop in every iteration, which a longer
 *       trace could cover. An inserted task seen once, or the loop's own operations around a dropped
 *       one (traced elsewhere), do not.</li>
 * </ul>
 * At such a reset, the windows skipped since the stream was last covered (the last
 * {@value #SKIPPED_KEPT}) are handed back to be launched at once ({@link #takeCatchUp}), so a new phase
 * is mined as with a run of 1 rather than that many operations later.
 *
 * <p>Every input is a count of the stream's operations, so the decisions depend only on the stream and
 * the settings, and replicas agree. Not thread-safe: the application thread owns it.
 */
final class BackOff {
  /** Skipped windows kept for a catch-up; a new phase is caught up within a few ruler windows. */
  static final int SKIPPED_KEPT = 8;

  private final int resetRun;
  private final int maxWindow;
  /** While backing off, windows shorter than this are not mined (0: mining every length). */
  private int minWindow;
  /** The issuer's count of recurring untraced operations at the last look. */
  private long recurringSeen;
  /** End positions and lengths of the windows skipped while not covered, the last {@link #SKIPPED_KEPT}. */
  private final long[] skippedEnds = new long[SKIPPED_KEPT];
  private final int[] skippedLengths = new int[SKIPPED_KEPT];
  /** Windows skipped while not covered since the stream was last covered or caught up (a long: it can grow for good). */
  private long skipped;
  private boolean catchUpDue;
  /** Windows not mined because of the back-off. */
  long windowsSkipped;

  /**
   * @param resetRun {@code backOffResetRun}
   * @param maxWindow the longest window mined (the whole history): after it, nothing longer is left
   */
  BackOff(int resetRun, int maxWindow) {
    this.resetRun = resetRun;
    this.maxWindow = maxWindow;
  }

  /**
   * Whether to skip the ruler's window of {@code w} tokens ending at {@code end}. {@code covered}: the
   * last {@code multiScaleFactor} operations forwarded were traced; {@code untracedRun}: operations
   * forwarded untraced since the last traced one; {@code recurringUntraced}: the issuer's running
   * count of untraced operations whose token recurred untraced ({@link UntracedRecurrence}).
   */
  boolean skip(int w, long end, boolean covered, long untracedRun, long recurringUntraced) {
    boolean recurred = recurringUntraced != recurringSeen;
    recurringSeen = recurringUntraced; // a recurrence seen while covered is not kept for later
    if (covered) {
      skipped = 0; // skipped while covered: skipped whatever the reset rule
    } else if (resetRun == 1 || untracedRun >= resetRun || recurred) {
      catchUpDue = minWindow != 0 && skipped > 0;
      minWindow = 0;
    }
    if (!covered && minWindow == 0) {
      return false;
    }
    if (w < minWindow) {
      windowsSkipped++;
      if (!covered) {
        int i = (int) (skipped++ % SKIPPED_KEPT);
        skippedEnds[i] = end;
        skippedLengths[i] = w;
      }
      return true;
    }
    minWindow = w >= maxWindow ? Integer.MAX_VALUE : 2 * w;
    return false;
  }

  /**
   * The windows to launch after all because the last {@link #skip} reset the back-off, oldest first,
   * as {@code [end, length]} pairs written into {@code out} (at least {@code 2 * SKIPPED_KEPT} long);
   * returns how many (0 almost always). Each is handed back once.
   */
  int takeCatchUp(long[] out) {
    if (!catchUpDue) {
      return 0;
    }
    catchUpDue = false;
    int n = 0;
    for (long k = Math.max(0, skipped - SKIPPED_KEPT); k < skipped; k++) {
      out[2 * n] = skippedEnds[(int) (k % SKIPPED_KEPT)];
      out[2 * n + 1] = skippedLengths[(int) (k % SKIPPED_KEPT)];
      n++;
    }
    skipped = 0;
    return n;
  }
}
