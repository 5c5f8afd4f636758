package org.apophenia.autotrace;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What the traces in the cache already hold, so that a mined candidate that only repeats it can be
 * told apart from one that brings operations no cached trace has: a <i>variant</i>.
 *
 * <p>A sequence is <i>held</i> by a trace when it occurs inside the trace's tokens, or, for a trace
 * that tiles a loop ({@link Trace#tiles}) and a sequence no longer than it, inside its tokens repeated
 * back to back (the loop's stream at any phase). A sequence is <i>known</i> when each of its grams
 * (its runs of {@code gram} tokens, the minimum trace length) occurs in some cached trace: it is then
 * made of cached content, held by no single trace perhaps (a loop with one operation dropped is the
 * two sides of the drop, each held). Guesses are not indexed: part of them was seen only once.
 *
 * <p><b>Design.</b> Two indexes over the cached traces' tokens: from each token to the (trace, offset)
 * places where it occurs, for {@link #holder}, which compares from each place of the sequence's first
 * token; and a count of each gram's occurrences (a 64-bit hash of its tokens; a collision could
 * only make a candidate look known), for {@link #known}. Both are updated when a trace enters or
 * leaves the cache, in O(length); a query is O(places x length) and O(length), once per candidate at
 * an ingestion point, never per operation. Memory: two entries per token of each indexed trace.
 * Not thread-safe: the application thread owns it.
 */
final class CachedContent {
  /** Where a token occurs: the traces, and the offset in each. */
  private static final class Places {
    final List<Trace> traces = new ArrayList<>(2);
    int[] offsets = new int[2];

    void add(Trace t, int offset) {
      if (traces.size() == offsets.length) {
        offsets = Arrays.copyOf(offsets, offsets.length * 2);
      }
      offsets[traces.size()] = offset;
      traces.add(t);
    }

    /** Removes every place of {@code t}; returns whether none is left. */
    boolean remove(Trace t) {
      int w = 0;
      for (int i = 0; i < traces.size(); i++) {
        if (traces.get(i) != t) {
          traces.set(w, traces.get(i));
          offsets[w++] = offsets[i];
        }
      }
      traces.subList(w, traces.size()).clear();
      return w == 0;
    }
  }

  private final int gram;
  private final Long2ObjectOpenHashMap<Places> byToken = new Long2ObjectOpenHashMap<>();
  private final Long2IntOpenHashMap grams = new Long2IntOpenHashMap();

  /** An index whose grams are {@code gram} tokens long (at least 1). */
  CachedContent(int gram) {
    this.gram = Math.max(1, gram);
  }

  /** Indexes a trace just cached. */
  void add(Trace t) {
    long[] s = t.tokens;
    for (int i = 0; i < s.length; i++) {
      Places p = byToken.get(s[i]);
      if (p == null) {
        p = new Places();
        byToken.put(s[i], p);
      }
      p.add(t, i);
    }
    for (int i = 0; i + gram <= s.length; i++) {
      grams.addTo(hash(s, i), 1);
    }
  }

  /** Forgets a trace that left the cache; nothing happens for one never indexed. */
  void remove(Trace t) {
    long[] s = t.tokens;
    boolean indexed = false;
    for (long token : s) {
      Places p = byToken.get(token);
      if (p != null) {
        int before = p.traces.size();
        if (p.remove(t)) {
          byToken.remove(token);
        }
        indexed |= p.traces.size() != before;
      }
    }
    if (!indexed) {
      return;
    }
    for (int i = 0; i + gram <= s.length; i++) {
      long h = hash(s, i);
      if (grams.addTo(h, -1) <= 1) {
        grams.remove(h);
      }
    }
  }

  /**
   * The longest cached trace that holds {@code seq} (see the class comment), or null; with
   * {@code rotationOnly}, only one that tiles a loop and holds it as a rotation (its whole period).
   */
  Trace holder(long[] seq, boolean rotationOnly, int deletions) {
    return best(seq, false, (t, offset) ->
        (!rotationOnly || t.tiles() && seq.length <= t.length() && seq.length >= t.length() - deletions)
            && occursAt(t, offset, seq, deletions));
  }

  /**
   * The shortest cached trace that tiles a loop which {@code seq} runs over from some phase, up to
   * {@code deletions} of its operations missing ({@link #repeats}), or null: the loop's body rather
   * than a piece of several periods that was matched back to back.
   */
  Trace loopRunBy(long[] seq, int deletions) {
    return best(seq, true, (t, offset) ->
        t.tiles() && occursAt(t, offset, seq, 0, seq.length, deletions, Integer.MAX_VALUE));
  }

  /** Whether a trace fits, {@code offset} the place of the sequence's first token in it. */
  private interface Fit {
    boolean test(Trace t, int offset);
  }

  /**
   * Of the places of {@code seq}'s first token, the trace that fits, the shortest or else the
   * longest (the first such place wins a tie); a longer or shorter one is not tested.
   */
  private Trace best(long[] seq, boolean shortest, Fit fit) {
    Places p = seq.length == 0 ? null : byToken.get(seq[0]);
    if (p == null) {
      return null;
    }
    Trace best = null;
    for (int i = 0; i < p.traces.size(); i++) {
      Trace t = p.traces.get(i);
      if ((best == null || (shortest ? t.length() < best.length() : t.length() > best.length()))
          && fit.test(t, p.offsets[i])) {
        best = t;
      }
    }
    return best;
  }

  /**
   * The cached trace of which a mined candidate is a variant, or null when the candidate brings
   * operations no cached trace holds (see the class comment): the trace that holds it whole, or,
   * when it is made of cached content held by no single trace (every gram of it in some cached
   * trace), the trace that holds its first gram. A {@code periodic} candidate (a loop) is a variant
   * only as a rotation of a cached loop's trace (up to {@code deletions} of its operations missing)
   * or as that loop run several times with operations dropped (a gram across each drop is new, so
   * {@code deletions} drops' grams may be missing): a loop made of other cached pieces, an outer loop
   * around a cached inner one, is worth one trace of its own. A non-periodic candidate with a gram
   * no trace holds brings something new (an extension of a trace by a few tasks) and is no variant.
   */
  Trace variantOf(long[] tokens, boolean periodic, int deletions) {
    Trace h = holder(tokens, periodic, deletions);
    if (h == null) {
      int g = gram;
      int at = known(tokens, periodic ? deletions * (g - 1) : 0); // a dropped op breaks the grams across it
      if (at >= 0) {
        Trace first = holder(Arrays.copyOfRange(tokens, at, at + g), false, 0);
        // a loop made of cached content is a variant only if it is a cached loop run several times
        // with a task dropped (a drop every few periods); anything else in it (an outer loop around
        // a cached inner one) makes it a loop of its own
        if (!periodic || first != null && first.tiles() && first.length() < tokens.length
            && repeats(first, tokens, deletions)) {
          h = first;
        }
      }
    }
    return h;
  }

  /**
   * The offset of the first gram of {@code seq} that occurs in a cached trace, if at most
   * {@code unknown} of its grams occur in none; else -1 (also for a sequence shorter than a gram).
   */
  int known(long[] seq, int unknown) {
    if (seq.length < gram || grams.isEmpty()) {
      return -1;
    }
    int first = -1;
    for (int i = 0; i + gram <= seq.length; i++) {
      if (!grams.containsKey(hash(seq, i))) {
        if (--unknown < 0) {
          return -1;
        }
      } else if (first < 0) {
        first = i;
      }
    }
    return first;
  }

  /** The length of the grams {@link #known} looks up. */
  int gram() {
    return gram;
  }

  /**
   * Whether {@code seq} is the loop that {@code t} tiles run several times over, up to
   * {@code deletions} of its operations missing (the loop with a task dropped every few periods),
   * and nothing else: from some place of its first token in {@code t}, cyclically, however many periods.
   */
  boolean repeats(Trace t, long[] seq, int deletions) {
    return repeats(t, seq, 0, seq.length, deletions);
  }

  /** {@link #repeats} for {@code seq[from, to)}, without copying it. */
  boolean repeats(Trace t, long[] seq, int from, int to, int deletions) {
    Places p = to <= from || !t.tiles() ? null : byToken.get(seq[from]);
    if (p == null) {
      return false;
    }
    for (int i = 0; i < p.traces.size(); i++) {
      if (p.traces.get(i) == t && occursAt(t, p.offsets[i], seq, from, to, deletions, Integer.MAX_VALUE)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether {@code seq} occurs in {@code t} from {@code offset}, up to {@code deletions} of the
   * trace's tokens missing from it (each skipped where the two first differ); cyclically, through
   * at most one period, if {@code t} tiles a loop.
   */
  private static boolean occursAt(Trace t, int offset, long[] seq, int deletions) {
    return occursAt(t, offset, seq, 0, seq.length, deletions,
        t.tiles() ? t.tokens.length : t.tokens.length - offset);
  }

  /** {@link #occursAt} for {@code seq[from, to)}, spanning at most {@code budget} tokens of {@code t}. */
  private static boolean occursAt(Trace t, int offset, long[] seq, int from, int to, int deletions, int budget) {
    long[] s = t.tokens;
    int n = s.length;
    int k = offset;
    for (int j = from; j < to; ) {
      if (budget-- == 0) {
        return false;
      }
      if (s[k] == seq[j]) {
        j++;
      } else if (j == from || deletions-- == 0) {
        return false;
      }
      if (++k == n) {
        k = 0;
      }
    }
    return true;
  }

  /** A 64-bit hash of the {@code gram} tokens of {@code s} from {@code from}. */
  private long hash(long[] s, int from) {
    long h = 0x9E37_79B9_7F4A_7C15L;
    for (int i = from; i < from + gram; i++) {
      h = (h ^ s[i]) * 0xBF58_476D_1CE4_E5B9L;
      h ^= h >>> 31;
    }
    return h;
  }
}
