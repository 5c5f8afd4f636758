package org.apophenia.suffix;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;

/**
 * The working arrays of one {@code RepeatFinder} call: symbols, suffix array, LCP, the permuted LCP,
 * candidate keys and their counting-sort table, the selection's marks, SA-IS's bucket tables and the
 * token-numbering table. Nothing in them outlives the call: the repeats it returns are copies.
 *
 * <p><b>Reuse.</b> The mining thread finds repeats in tens of thousands of windows of at most
 * {@link #CACHED_MAX} tokens; allocating (and zeroing) every array afresh per window was a visible part
 * of its time. So each thread keeps one workspace (a {@code ThreadLocal}) for windows up to that
 * size: the application thread that mines a small window inline and the mining thread never share
 * one, and a finder stays thread-safe. At most about 80 bytes per token of the largest window a thread
 * has mined stay allocated for the thread's life (about 5 MB at {@link #CACHED_MAX}). Longer inputs get a
 * fresh workspace, dropped after the call, so a one-off 10^7-token search keeps nothing.
 *
 * <p>Arrays grow to the largest length asked for; callers index only {@code [0, n)} and clear what
 * they read before writing it. Not thread-safe: one owner at a time.
 */
final class Workspace {
  /** Longest input served from the calling thread's workspace: 8 history buffers of 8,192 tokens. */
  static final int CACHED_MAX = 1 << 16;

  private static final ThreadLocal<Workspace> OF_THREAD = ThreadLocal.withInitial(() -> new Workspace(true));

  final Sais.Scratch scratch = new Sais.Scratch();
  final IntArrayList accepted = new IntArrayList();
  private final TokenIds ids = new TokenIds();
  private int[] symbols = new int[0];
  private int alphabetSize;
  private int[] sa = new int[0];
  private int[] lcp = new int[0];
  private int[] plcp = new int[0];
  private int[] counts = new int[0];
  private int[] stack = new int[64];
  private long[] keys = new long[0];
  private long[] marks = new long[0];

  /** Whether this is a thread's workspace, kept after the call (else its arrays go with the call). */
  private final boolean kept;

  private Workspace(boolean kept) {
    this.kept = kept;
  }

  /** The calling thread's workspace for {@code n} tokens up to {@link #CACHED_MAX}, else a fresh one. */
  static Workspace forLength(int n) {
    return n <= CACHED_MAX ? OF_THREAD.get() : fresh();
  }

  /** The calling thread's workspace, whatever the length. */
  static Workspace ofThread() {
    return OF_THREAD.get();
  }

  static Workspace fresh() {
    return new Workspace(false);
  }

  /**
   * Called once the suffix array is built: a workspace dropped after the call lets SA-IS's bucket
   * tables and LMS list go before the candidates are allocated, which keeps them out of the peak heap
   * of a long input (up to 8 bytes per token more when every token is distinct).
   */
  void suffixArrayBuilt() {
    if (!kept) {
      scratch.release();
    }
  }

  /** Numbers {@code tokens[from, to)} in order of first occurrence into {@link #symbols()}. */
  void number(long[] tokens, int from, int to) {
    int n = to - from;
    if (n <= CACHED_MAX) {
      alphabetSize = ids.number(tokens, from, to, symbols = grow(symbols, n));
    } else { // a map presized from a sample: a table of 2n slots would be 16 bytes per token more
      DenseAlphabet.Symbols s = DenseAlphabet.of(tokens, from, to);
      symbols = s.symbols();
      alphabetSize = s.alphabetSize();
    }
  }

  /** The symbols of the last {@code number} call, valid in {@code [0, n)}. */
  int[] symbols() {
    return symbols;
  }

  int alphabetSize() {
    return alphabetSize;
  }

  int[] sa(int n) {
    return sa = grow(sa, n);
  }

  int[] lcp(int n) {
    return lcp = grow(lcp, n);
  }

  /** Working memory of the LCP construction. */
  int[] plcp(int n) {
    return plcp = grow(plcp, n);
  }

  /** The candidate length of each suffix pair: the same array as {@link #plcp}, free once LCP is built. */
  int[] pairLengths(int n) {
    return plcp(n);
  }

  /** {@code size} ints, all zero. */
  int[] zeroedCounts(int size) {
    counts = grow(counts, size);
    Arrays.fill(counts, 0, size, 0);
    return counts;
  }

  /** The monotonic stack of candidate ids; {@link #growStack} when full. */
  int[] stack() {
    return stack;
  }

  int[] growStack() {
    return stack = Arrays.copyOf(stack, stack.length * 2);
  }

  long[] keys(int n) {
    if (keys.length < n) {
      keys = new long[n];
    }
    return keys;
  }

  /** One bit per token, all clear. */
  long[] clearedMarks(int n) {
    int words = (n + 63) >>> 6;
    if (marks.length < words) {
      marks = new long[words];
    } else {
      Arrays.fill(marks, 0, words, 0L);
    }
    return marks;
  }

  private static int[] grow(int[] a, int n) {
    return a.length >= n ? a : new int[n];
  }
}
