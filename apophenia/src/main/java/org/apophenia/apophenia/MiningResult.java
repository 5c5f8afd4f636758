package org.apophenia.apophenia;

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
 * ends may go on past it: the window shows only the part of the loop body it holds twice (swe's
 * 175-task body was mined as its first 70 tasks, the window ending 70 tasks into the second
 * iteration). For such a repeat, when its last two occurrences are apart (not back to back), the
 * window's tokens from the one before the last up to the last are its {@code continuation}: the
 * guess that the stream repeats them again (see {@link TraceCache#promote}). Null otherwise.
 */
record MiningResult(List<long[]> sequences, int[] occurrences, boolean[] periodic, List<long[]> continuations,
    long nanos) {

  /** Tasks per trace for a loop whose body is shorter than the minimum trace length (see {@link #mine}). */
  static final int SHORT_BODY_TRACE = 32;

  static MiningResult mine(long[] window, RepeatFinder finder, boolean reduceToPeriod) {
    long t0 = System.nanoTime();
    RepeatSet repeats = finder.find(window);
    Map<Key, int[]> merged = new LinkedHashMap<>(); // {occurrences, 1 if seen back to back}
    Map<Key, long[]> continued = new HashMap<>();
    for (Repeat r : repeats.repeats()) {
      long[] seq = Arrays.copyOfRange(window, r.start(0), r.start(0) + r.length());
      long[] continuation = continuation(window, r, finder.maxLength());
      int occurrences = r.occurrences();
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
        }
      }
      Key key = new Key(seq);
      if (continuation != null) {
        continued.putIfAbsent(key, continuation);
      }
      int[] m = merged.computeIfAbsent(key, k -> new int[2]);
      m[0] += occurrences;
      m[1] |= backToBack ? 1 : 0;
    }
    List<long[]> sequences = new ArrayList<>(merged.size());
    int[] counts = new int[merged.size()];
    boolean[] periodic = new boolean[merged.size()];
    List<long[]> continuations = new ArrayList<>(merged.size());
    int i = 0;
    for (Map.Entry<Key, int[]> e : merged.entrySet()) {
      sequences.add(e.getKey().tokens);
      continuations.add(continued.get(e.getKey()));
      periodic[i] = e.getValue()[1] != 0;
      counts[i++] = e.getValue()[0];
    }
    return new MiningResult(List.copyOf(sequences), counts, periodic,
        Collections.unmodifiableList(continuations), System.nanoTime() - t0);
  }

  /**
   * The window's tokens from {@code r}'s occurrence before the last up to the last, if the last ends
   * at the window's end, the two are apart, and the span is no longer than the longest trace; else
   * null.
   */
  private static long[] continuation(long[] window, Repeat r, int maxLength) {
    int n = r.occurrences();
    if (n < 2 || r.start(n - 1) + r.length() != window.length) {
      return null;
    }
    int from = r.start(n - 2);
    int span = r.start(n - 1) - from;
    return span > r.length() && span <= maxLength ? Arrays.copyOfRange(window, from, from + span) : null;
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
