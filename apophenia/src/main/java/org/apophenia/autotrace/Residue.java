package org.apophenia.autotrace;

import java.util.ArrayList;
import java.util.List;

/**
 * What a mined candidate adds to the traces already reissued. Where the stream reissued traces over
 * part of the candidate's latest occurrence, and left untraced only runs long enough to be traces
 * themselves, recording the candidate whole would have the runtime analyse once more operations it
 * was replaying, to save a trace launch or two per occurrence: the runs, traced alone, cover the same
 * operations. A loop's longer candidate (two iterations and an occasional pass between them, say)
 * that is mined after a shorter trace of the loop already goes out every iteration would otherwise
 * be recorded over it, and the loop would be analysed again until its new trace replays; its
 * residue, the occasional pass, becomes a trace of its own.
 *
 * <p>The candidate is kept whole when that saving is not small: when the reissues in it outnumber its
 * runs by more than one (replaced by its runs, each occurrence would go out as all those launches
 * instead of one; a reissue of an earlier residue counts as the run it was, so that mining the
 * candidate again once its residue is reissued decides as before). An iteration made of ten
 * occurrences of a short inner trace and one run is recorded whole: eleven trace launches per
 * iteration instead of one cost more than one recording. It is also kept whole when nothing of it
 * was reissued, or when a run is shorter than the minimum trace length (those operations can be
 * traced only inside it: a trace extended by a few operations, see {@link Selection#widest}).
 * Stateless.
 */
final class Residue {
  private Residue() {}

  /**
   * The runs of {@code tokens} that the stream did not reissue in its latest occurrence that has
   * wholly gone out, among those back to back in {@code [last, last + span)} (one, unless
   * {@code tokens} is the period of a longer repeat), if it reissued some of it, every run is at least
   * {@code min} tokens long and its reissues are at most one more than what they left over (its runs,
   * and the reissues of earlier residues, which count as the runs they were); an empty list: nothing
   * is left to trace. Else null, and the candidate is kept as it is; so is one with no occurrence
   * wholly gone out (part of it is pending in an open match) or one older than the ring remembers. A
   * {@code periodic} candidate tiles a loop: its occurrence is read cyclically from its first
   * reissue that is not of a residue, so that a run or a reissue across its ends counts once.
   * O(|tokens|).
   */
  static List<long[]> of(long[] tokens, long last, int span, ReissuedPositions stream, int min, boolean periodic) {
    int n = tokens.length;
    // the latest occurrence in [last, last + span) (back to back if the sequence is a period of it)
    // that has wholly gone out: the operations still pending in an open match come last
    long start = last + (long) (span / n - 1) * n;
    while (start >= last && !stream.known(start + n - 1)) {
      start -= n;
    }
    if (start < last || !stream.known(start)) {
      return null; // nothing wholly gone out, or partly forgotten
    }
    int from = -1;
    int reissues = 0;
    for (int j = 0; j < n; j++) {
      if (stream.reissueBegan(start + j) && !stream.residueAt(start + j)) {
        from = from < 0 ? j : from;
        reissues++;
      }
    }
    if (periodic) {
      if (from < 0) {
        return null;
      }
    } else {
      from = 0;
      // a reissue that began before the occurrence and reaches into it
      reissues += stream.test(start) && !stream.reissueBegan(start) && !stream.residueAt(start) ? 1 : 0;
      if (reissues == 0) {
        return null;
      }
    }
    List<long[]> runs = new ArrayList<>();
    int leftOver = 0; // runs of operations untraced or in reissues of residues
    int run = -1;
    boolean inLeftOver = false;
    for (int i = 0; i <= n; i++) {
      long pos = start + (from + i) % n;
      boolean untraced = i < n && !stream.test(pos);
      boolean left = untraced || i < n && stream.residueAt(pos);
      if (left && !inLeftOver) {
        leftOver++;
      }
      inLeftOver = left;
      if (untraced) {
        run = run < 0 ? i : run;
        continue;
      }
      if (run >= 0) {
        if (i - run < min) {
          return null;
        }
        long[] t = new long[i - run];
        for (int k = 0; k < t.length; k++) {
          t[k] = tokens[(from + run + k) % n];
        }
        runs.add(t);
        run = -1;
      }
    }
    return reissues <= leftOver + 1 ? runs : null;
  }
}
