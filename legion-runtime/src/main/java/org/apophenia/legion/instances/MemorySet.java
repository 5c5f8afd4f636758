package org.apophenia.legion.instances;

import java.util.Arrays;
import org.apophenia.legion.api.Mapper;
import org.apophenia.legion.tracing.TraceEngine;
import org.apophenia.sim.machine.Memory;

/**
 * A set of memory ids ({@link Memory#id()}, {@code >= 0}, no upper bound): which memories hold a valid
 * copy of some data. What the runtime tells a {@link Mapper} and a {@link TraceEngine} about the
 * physical state. Immutable and thread-safe; equal sets are {@link #equals equal} however they were
 * built, so a set can be compared exactly (a replay precondition relies on that) and used as a key.
 *
 * <p>Cost: {@link #contains} and {@link #isEmpty} are O(1); {@link #first}, {@link #next},
 * {@link #cardinality}, {@link #containsAll}, {@link #intersect}, {@link #with}, equality and hashing
 * are O(words), one word per 64 ids up to the largest member. A set whose members are all below 64
 * is one small object without an array, and the empty set and the sets of one member below 64 are
 * shared constants, so the common answers on machines of at most 64 memories cost no allocation.
 */
public final class MemorySet {
  /*
   * Representation: the ids 0..63 in `low` (bit i for id i), the ids from 64 on in `high`, 64 per word
   * in the order of BitSet.toLongArray (bit j of high[w] is id 64 * (w + 1) + j). `high` is null when
   * no id >= 64 is present, and otherwise has no trailing zero word: the representation is canonical,
   * so equality is field equality. Splitting off the first word keeps the common case, a machine with
   * at most 64 memories, free of the array; the runtime's own physical state does not use this class
   * (AtomState keeps flat words), it only builds one at the API boundary.
   */
  private static final long[] NO_WORDS = new long[0];
  /** The empty set. */
  public static final MemorySet EMPTY = new MemorySet(0, null);
  private static final MemorySet[] SINGLE = new MemorySet[64];

  static {
    for (int i = 0; i < 64; i++) {
      SINGLE[i] = new MemorySet(1L << i, null);
    }
  }

  private final long low;
  private final long[] high;

  private MemorySet(long low, long[] high) {
    this.low = low;
    this.high = high;
  }

  /** The set of {@code ids}; IllegalArgumentException if one is negative. Duplicates are ignored. */
  public static MemorySet of(int... ids) {
    if (ids.length == 0) {
      return EMPTY;
    }
    int max = 0;
    for (int id : ids) {
      checkId(id);
      max = Math.max(max, id);
    }
    long[] words = new long[(max >>> 6) + 1];
    for (int id : ids) {
      words[id >>> 6] |= 1L << id;
    }
    return valueOf(words);
  }

  /** The set holding {@code memory}'s id only. */
  public static MemorySet of(Memory memory) {
    return of(memory.id());
  }

  /** The set holding {@code id} only; IllegalArgumentException if it is negative. O(1) below 64. */
  public static MemorySet of(int id) {
    checkId(id);
    if (id < 64) {
      return SINGLE[id];
    }
    long[] h = new long[(id >>> 6)];
    h[h.length - 1] = 1L << id;
    return new MemorySet(0, h);
  }

  /** The ids {@code 0 .. count - 1}: every memory of a machine with {@code count} memories. */
  public static MemorySet firstIds(int count) {
    if (count < 0) {
      throw new IllegalArgumentException("negative count " + count);
    }
    long[] words = new long[(count + 63) >>> 6];
    Arrays.fill(words, -1L);
    if ((count & 63) != 0) {
      words[words.length - 1] = (1L << count) - 1;
    }
    return valueOf(words);
  }

  /**
   * The set whose id {@code 64 * w + j} is present when bit {@code j} of {@code words[w]} is set: the
   * layout of {@link java.util.BitSet#valueOf(long[])}. The array is not kept.
   */
  public static MemorySet valueOf(long[] words) {
    return ofWords(words, 0, words.length);
  }

  /** {@link #valueOf} of {@code words[from .. from + count - 1]}. */
  public static MemorySet ofWords(long[] words, int from, int count) {
    if (count == 0) {
      return EMPTY;
    }
    int n = count;
    while (n > 1 && words[from + n - 1] == 0) {
      n--;
    }
    if (n == 1) {
      return ofWord(words[from]);
    }
    return new MemorySet(words[from], Arrays.copyOfRange(words, from + 1, from + n));
  }

  /** The set of the ids 0..63 whose bits are set in {@code word}; shares the constants for 0 or 1 id. */
  public static MemorySet ofWord(long word) {
    if (word == 0) {
      return EMPTY;
    }
    if ((word & word - 1) == 0) { // a single bit
      return SINGLE[Long.numberOfTrailingZeros(word)];
    }
    return new MemorySet(word, null);
  }

  private static void checkId(int id) {
    if (id < 0) {
      throw new IllegalArgumentException("memory ids are not negative, got " + id);
    }
  }

  /** Whether {@code id} is in the set; false for a negative id. O(1). */
  public boolean contains(int id) {
    if (id < 64) {
      return id >= 0 && (low >>> id & 1) != 0;
    }
    int w = (id >>> 6) - 1;
    return high != null && w < high.length && (high[w] >>> id & 1) != 0; // >>> uses id mod 64
  }

  /** Whether {@code memory}'s id is in the set. O(1). */
  public boolean contains(Memory memory) {
    return contains(memory.id());
  }

  /** Whether the set has no member. O(1). */
  public boolean isEmpty() {
    return low == 0 && high == null;
  }

  /** The number of members. */
  public int cardinality() {
    int c = Long.bitCount(low);
    if (high != null) {
      for (long w : high) {
        c += Long.bitCount(w);
      }
    }
    return c;
  }

  /** The smallest member, or -1 if the set is empty. */
  public int first() {
    return low != 0 ? Long.numberOfTrailingZeros(low) : next(64);
  }

  /**
   * The smallest member {@code >= from}, or -1 if there is none: {@code for (int m = s.first(); m >= 0;
   * m = s.next(m + 1))} visits the members in increasing order. IllegalArgumentException if {@code from}
   * is negative.
   */
  public int next(int from) {
    checkId(from);
    if (from < 64) {
      long w = low & (-1L << from);
      if (w != 0) {
        return Long.numberOfTrailingZeros(w);
      }
      from = 64;
    }
    if (high == null) {
      return -1;
    }
    int i = (from >>> 6) - 1;
    if (i >= high.length) {
      return -1;
    }
    long w = high[i] & (-1L << from);
    while (true) {
      if (w != 0) {
        return (i + 1) * 64 + Long.numberOfTrailingZeros(w);
      }
      if (++i == high.length) {
        return -1;
      }
      w = high[i];
    }
  }

  /** Whether every member of {@code other} is a member of this set. */
  public boolean containsAll(MemorySet other) {
    if ((other.low & ~low) != 0) {
      return false;
    }
    if (other.high == null) {
      return true;
    }
    if (high == null || high.length < other.high.length) {
      return false; // other's last word is not zero
    }
    for (int i = 0; i < other.high.length; i++) {
      if ((other.high[i] & ~high[i]) != 0) {
        return false;
      }
    }
    return true;
  }

  /** The members of both sets. */
  public MemorySet intersect(MemorySet other) {
    if (high == null || other.high == null) {
      return low == (low & other.low) && high == null ? this : ofWord(low & other.low);
    }
    int n = Math.min(high.length, other.high.length);
    long[] words = new long[n + 1];
    words[0] = low & other.low;
    for (int i = 0; i < n; i++) {
      words[i + 1] = high[i] & other.high[i];
    }
    return valueOf(words);
  }

  /** This set plus {@code id}; IllegalArgumentException if it is negative. */
  public MemorySet with(int id) {
    if (contains(id)) {
      return this;
    }
    checkId(id);
    if (id < 64) {
      return high == null ? ofWord(low | 1L << id) : new MemorySet(low | 1L << id, high);
    }
    long[] h = Arrays.copyOf(high == null ? NO_WORDS : high, Math.max(high == null ? 0 : high.length, id >>> 6));
    h[(id >>> 6) - 1] |= 1L << id;
    return new MemorySet(low, h);
  }

  /** The members as words in the layout of {@link java.util.BitSet#toLongArray()} (no trailing zero word). */
  public long[] toLongArray() {
    if (high == null) {
      return low == 0 ? NO_WORDS : new long[] {low};
    }
    long[] out = new long[high.length + 1];
    out[0] = low;
    System.arraycopy(high, 0, out, 1, high.length);
    return out;
  }

  /** Word {@code w} of {@link #toLongArray()}, 0 past its end; for the runtime's flat state. O(1). */
  public long word(int w) {
    if (w == 0) {
      return low;
    }
    return high == null || w > high.length ? 0 : high[w - 1];
  }

  /** The number of words of {@link #toLongArray()} (0 for the empty set). O(1). */
  public int wordCount() {
    return high != null ? high.length + 1 : low == 0 ? 0 : 1;
  }

  /** Equal when the members are the same. */
  @Override
  public boolean equals(Object o) {
    return this == o || o instanceof MemorySet s && low == s.low && Arrays.equals(high, s.high);
  }

  /** The hash of {@link java.util.BitSet} with the same members. */
  @Override
  public int hashCode() {
    long h = 1234 ^ low;
    if (high != null) {
      for (int i = 0; i < high.length; i++) {
        h ^= high[i] * (i + 2);
      }
    }
    return (int) (h >> 32 ^ h);
  }

  /** The members in increasing order, as {@code {0, 65, 70}}. */
  @Override
  public String toString() {
    StringBuilder b = new StringBuilder("{");
    for (int m = first(); m >= 0; m = next(m + 1)) {
      if (b.length() > 1) {
        b.append(", ");
      }
      b.append(m);
    }
    return b.append('}').toString();
  }
}
