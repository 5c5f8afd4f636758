package org.apophenia.autotrace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apophenia.suffix.Repeat;
import org.apophenia.suffix.RepeatFinder;
import org.apophenia.suffix.RepeatSet;

/**
 * What one FindRepeats job produced: the candidate token sequences of its window, each with the
 * number of non-overlapping occurrences the window held and whether it was seen back to back (a
 * repeat with two adjacent occurrences or one reduced to its period, below), and the job's duration. Computed on a
 * background thread from a private copy of the window; immutable once built.
 *
 * <p><b>Period reduction.</b> Algorithm 2 prefers long repeats, so a window holding a loop
 * {@code B^k} plus a little yields {@code B^j B'} (with {@code B'} a prefix of {@code B}) twice. Such
 * a repeat has period {@code |B|}; only {@code B} tiles the loop back to back, so with
 * {@code reduceToPeriod} the repeat is replaced by its first period (found with the KMP failure
 * function, O(L)), counted once per whole period its occurrences contain. A period shorter than the
 * minimum trace length (a run of identical tasks) is first extended to the fewest whole periods that
 * reach {@link #SHORT_BODY_TRACE} tasks.
 *
 * <p><b>Repeats cut by the window's end.</b> A repeat whose last occurrence ends where the window
 * ends may go on past it: the window shows only the part of the loop body it holds twice (a body
 * longer than the window's second half is mined as its beginning, up to where the window cuts the
 * second iteration). For such a repeat, when its last two occurrences are apart (not back to back), the
 * window's tokens from the one before the last up to the last are its {@code continuation}: the
 * guess that the stream repeats them again (see {@link TraceCache#promote}). So is the span from the
 * last occurrence on when the window ends inside the next one ({@link #continuationStart}). Null
 * otherwise. Only with {@code prefixTraces} are continuations cached (Legion's settings ignore
 * them).
 *
 * <p>Where things were found, as indexes into the window, so that the watcher can look at the
 * stream there: for each sequence, where its first occurrence begins ({@code firstStarts}), where
 * the last occurrence of the repeat it came from begins and how long that is ({@code lastStarts},
 * {@code lastSpans}: a sequence reduced to its period occurs back to back once per period inside
 * it; see {@link Residue}), and where its continuation was taken from ({@code continuationStarts},
 * -1 without one; see {@link LoopPhase#afterWait}).
 */
record MiningResult(List<long[]> sequences, int[] occurrences, boolean[] periodic, List<long[]> continuations,
    int[] firstStarts, int[] lastStarts, int[] lastSpans, int[] continuationStarts, long nanos) {

  /** What FindRepeats returns for a window without repeats. */
  static final MiningResult EMPTY = new MiningResult(List.of(), new int[0], new boolean[0], List.of(), new int[0],
      new int[0], new int[0], new int[0], 0);

  /** Tasks per trace for a loop whose body is shorter than the minimum trace length (see {@link #mine}). */
  static final int SHORT_BODY_TRACE = 32;

  static MiningResult mine(long[] window, RepeatFinder finder, boolean reduceToPeriod) {
    long t0 = System.nanoTime();
    RepeatSet repeats = finder.find(window);
    // per distinct sequence: {occurrences, 1 if seen back to back, first start, last repeat's start,
    // continuation start, last repeat's length}
    Map<Key, int[]> merged = new LinkedHashMap<>();
    Map<Key, long[]> continued = new HashMap<>();
    for (Repeat r : repeats.repeats()) {
      int occurrences = r.occurrences();
      long[] seq = Arrays.copyOfRange(window, r.start(0), r.start(0) + r.length());
      int from = continuationStart(window, r, finder.minLength(), finder.maxLength());
      long[] continuation = from < 0 ? null
          : Arrays.copyOfRange(window, from, from + r.start(occurrences - 1) - r.start(occurrences - 2));
      boolean backToBack = false;
      for (int j = 1; j < occurrences && !backToBack; j++) {
        backToBack = r.start(j) == r.start(j - 1) + r.length();
      }
      if (reduceToPeriod) {
        int p = smallestPeriod(seq);
        if (p < finder.minLength()) {
          // a body shorter than the shortest trace (a run of identical tasks): the fewest whole bodies
          // that reach SHORT_BODY_TRACE tasks. Kept whole, a run of a thousand would be one trace, and
          // the matcher keeps an open pointer per position of a trace, so every task would cost a
          // thousand pointer steps; cut to the minimum length, each trace would be too short to
          // amortise its markers. Shorter runs stay as they are.
          int target = Math.max(finder.minLength(), SHORT_BODY_TRACE);
          p *= (target + p - 1) / p;
        }
        if (p < seq.length) {
          occurrences *= seq.length / p;
          seq = Arrays.copyOf(seq, p);
          backToBack = true;
          continuation = null; // its period is the body already
          from = -1;
        }
      }
      Key key = new Key(seq);
      int[] m = merged.get(key);
      int last = r.start(r.occurrences() - 1);
      if (m == null) {
        m = new int[] {0, 0, r.start(0), last, -1, r.length()};
        merged.put(key, m);
      }
      m[0] += occurrences;
      m[1] |= backToBack ? 1 : 0;
      m[2] = Math.min(m[2], r.start(0));
      if (last > m[3]) {
        m[3] = last;
        m[5] = r.length();
      }
      if (continuation != null && m[4] < 0) {
        continued.put(key, continuation);
        m[4] = from;
      }
    }
    int n = merged.size();
    List<long[]> sequences = new ArrayList<>(n);
    int[] counts = new int[n];
    boolean[] periodic = new boolean[n];
    List<long[]> continuations = new ArrayList<>(n);
    int[] firstStarts = new int[n];
    int[] lastStarts = new int[n];
    int[] lastSpans = new int[n];
    int[] continuationStarts = new int[n];
    int i = 0;
    for (Map.Entry<Key, int[]> e : merged.entrySet()) {
      int[] m = e.getValue();
      sequences.add(e.getKey().tokens);
      continuations.add(continued.get(e.getKey()));
      counts[i] = m[0];
      periodic[i] = m[1] != 0;
      firstStarts[i] = m[2];
      lastStarts[i] = m[3];
      lastSpans[i] = m[5];
      continuationStarts[i++] = m[4];
    }
    return new MiningResult(List.copyOf(sequences), counts, periodic, Collections.unmodifiableList(continuations),
        firstStarts, lastStarts, lastSpans, continuationStarts, System.nanoTime() - t0);
  }

  /**
   * Where the guessed loop body of {@code r} begins in the window, or -1: the window's tokens between
   * the starts of two consecutive occurrences, when the window ends inside the loop's next body.
   * Either the last occurrence ends at the window's end (the body runs on past it: the span from the
   * occurrence before), or the window ends inside an occurrence begun as far after the last as the
   * last was after the one before, holding at least {@code minLength} of its tokens (the span from
   * the last: the most recent body, rather than one that may still hold the loop's first iteration,
   * whose temporaries are fresh). The span, as long as that spacing, must be longer than the repeat
   * and no longer than the longest trace. The second case is a loop whose body repeats only in part
   * at first (its first iteration's temporaries are fresh): a short window holds the repeating part
   * of two bodies and the start of a third; mined as that part alone, it would be recorded once and
   * then lose every selection to the body's trace, found windows later.
   */
  private static int continuationStart(long[] window, Repeat r, int minLength, int maxLength) {
    int n = r.occurrences();
    if (n < 2) {
      return -1;
    }
    int len = r.length();
    int last = r.start(n - 1);
    int spacing = last - r.start(n - 2);
    if (spacing <= len || spacing > maxLength) {
      return -1;
    }
    if (last + len == window.length) {
      return r.start(n - 2);
    }
    int next = last + spacing;
    int begun = window.length - next;
    return begun >= minLength && begun < len
        && Arrays.equals(window, next, window.length, window, last, last + begun) ? last : -1;
  }

  /** Smallest {@code p} with {@code s[i] == s[i + p]} for all valid {@code i} (KMP failure function). */
  static int smallestPeriod(long[] s) {
    int n = s.length;
    if (n == 0) {
      return 0;
    }
    int[] fail = new int[n];
    for (int i = 1, k = 0; i < n; i++) {
      while (k > 0 && s[i] != s[k]) {
        k = fail[k - 1];
      }
      if (s[i] == s[k]) {
        k++;
      }
      fail[i] = k;
    }
    return n - fail[n - 1];
  }

  /** A token sequence compared by content. */
  private record Key(long[] tokens) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && Arrays.equals(k.tokens, tokens);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(tokens);
    }
  }
}
