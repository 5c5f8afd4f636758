package org.apophenia.autotrace;

import java.util.Arrays;

/**
 * Near-loops: mined repeats that run a cached loop several times over with a task or two missing
 * (a data-dependent branch skipped a task, twice at the same distance). Such a repeat is usually no
 * variant of the loop's trace ({@link TraceCache#variantOf}): a gram across a drop is in no cached
 * trace, unless a trace with the same drop was cached before. Promoted as a trace of its own, it
 * recurs only when the same tasks are dropped at the same distance again, and split at its first
 * break it brings pieces cut at its own phase, some across its drops: on a short noisy loop a few new
 * traces per near-loop, without end.
 *
 * <p>What it does bring is the loop's content at new phases: after a perturbation the stream is
 * picked up by the next piece that starts there. So a near-loop is cut instead, when it is mined
 * ({@link TraceCache#cutNearLoop}, from {@link OccurrenceWatcher#ingest}; and at promotion, for a
 * candidate watched before the loop it runs was cached): its {@link DyadicPieces} that hold no drop
 * and are {@code min x 2^a} long, up to {@code nearLoopPieceSpan} times the loop's trace, become
 * traces ({@link #cleanPieces}), and it is not watched. Their evidence is the loop's: each is the
 * loop's stream from one phase, seen at every iteration. However many near-loops are mined, there are
 * at most {@code period x (log2(longest / min) + 1)} such pieces, one per phase and length,
 * {@code longest} that span: a bounded set of pieces at every phase of the loop. The span keeps the
 * pieces short enough that few pointers stay open: a piece at every phase is a pointer from every
 * operation, open for the piece's length, and the issuer holds the operations until the longest
 * open match is settled. A periodic candidate is checked as its body run twice ({@link #twice}): its
 * drop may fall where one run meets the next. Stateless; called once per mined candidate, never per
 * operation, in O(length x log2(length / min)) comparisons per place of its first token in the loop.
 */
final class NearLoops {
  private NearLoops() {}

  /**
   * The cached trace of a loop that {@code tokens}, a candidate longer than it, runs over with 1 to
   * {@code deletions} of its tasks missing, or null (it holds anything else, or is the loop run
   * whole: then it is a variant, see {@link TraceCache#variantOf}).
   */
  static Trace loopOf(CachedContent content, long[] tokens, int deletions) {
    Trace loop = content.loopRunBy(tokens, deletions);
    if (loop == null || loop.length() >= tokens.length || content.repeats(loop, tokens, 0)) {
      return null;
    }
    return loop;
  }

  /** {@code body} run twice, back to back. */
  static long[] twice(long[] body) {
    long[] s = Arrays.copyOf(body, 2 * body.length);
    System.arraycopy(body, 0, s, body.length, body.length);
    return s;
  }

  /** Receives a clean piece of a near-loop. */
  interface Consumer {
    void piece(long[] piece);
  }

  /**
   * The {@link DyadicPieces} of near-loop {@code tokens} that hold no drop (each runs {@code loop}
   * whole from some phase) and are {@code min x 2^a} long ({@code min} the content's gram, the minimum
   * trace length), at most {@code longest}, longest first.
   */
  static void cleanPieces(CachedContent content, Trace loop, long[] tokens, int longest, Consumer action) {
    int unit = content.gram();
    int[] offs = new int[2 * tokens.length / unit + 1];
    int[] lens = new int[offs.length];
    int[] n = {0};
    DyadicPieces.forEach(tokens.length, unit, (off, len) -> {
      // a last piece that takes the near-loop's leftover has a length of its own: left out, so that
      // every piece is min x 2^a long, one per phase and length
      if (len <= longest && len % unit == 0 && Integer.bitCount(len / unit) == 1
          && content.repeats(loop, tokens, off, off + len, 0)) {
        offs[n[0]] = off;
        lens[n[0]++] = len;
      }
    });
    for (int i = n[0] - 1; i >= 0; i--) {
      action.piece(Arrays.copyOfRange(tokens, offs[i], offs[i] + lens[i]));
    }
  }
}
