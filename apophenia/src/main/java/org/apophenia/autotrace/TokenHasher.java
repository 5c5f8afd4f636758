package org.apophenia.autotrace;

/**
 * Builds a token from the parts of an operation that affect dependence analysis, as Legion hashes
 * operation kind, task id and region requirements: a 64-bit hash over typed fields, computed in
 * registers with no allocation.
 *
 * <p>Usage: {@code TokenHasher.start().putString(kind).putLong(region).putInt(privilege).token()}, or
 * keep one hasher per thread and call {@link #reset()} before each token. Each {@code put} mixes in
 * the value's type and, for strings, the length, so {@code ("ab","c")} and {@code ("a","bc")} differ
 * and so do {@code putInt(1)} and {@code putLong(1)}.
 *
 * <p><b>Design.</b> Each field is folded in with the 64x64-to-128-bit multiply-and-xor of wyhash
 * (Wang Yi's public-domain hash, also Go's and Zig's default): {@code h = mum(h ^ s0, v ^ type ^ s1)},
 * where {@code mum(a, b)} is the xor of the two halves of the 128-bit product ({@link
 * Math#multiplyHigh} is an intrinsic). The fold is order-dependent and, for a fixed state, a
 * near-bijection in the value; {@link #token()} finishes with one more fold of the field count.
 * Collision rate between distinct field sequences is that of a random 64-bit function, about
 * {@code 2^-64} per pair (property-tested, with an avalanche check). Cost: one multiply-fold per
 * field, plus one per 4 characters of a string; {@code start()} allocates one small object that escape analysis
 * removes when the call chain is inlined. One instance per token at a time; not thread-safe.
 */
public final class TokenHasher {
  private static final long S0 = 0xa0761d6478bd642fL;
  private static final long S1 = 0xe7037ed1a0b428dbL;
  private static final long S2 = 0x8ebc6af09c88c6e3L;
  private static final long SEED = 0x41706f7068656e69L; // "Apopheni"

  private long h = SEED;
  private long fields;

  /** A fresh hasher, in the start state. */
  public TokenHasher() {}

  /** A fresh hasher. */
  public static TokenHasher start() {
    return new TokenHasher();
  }

  /** Back to the start state, to hash another token. Returns this. */
  public TokenHasher reset() {
    h = SEED;
    fields = 0;
    return this;
  }

  private static long mum(long a, long b) {
    return (a * b) ^ Math.multiplyHigh(a, b);
  }

  private TokenHasher mix(long v, long type) {
    h = mum(h ^ S0, v ^ type ^ S1);
    fields++;
    return this;
  }

  public TokenHasher putLong(long v) {
    return mix(v, 0x100);
  }

  public TokenHasher putInt(int v) {
    return mix(v, 0x200);
  }

  /** The string's length and characters (UTF-16 code units, four per fold). */
  public TokenHasher putString(CharSequence s) {
    int n = s.length();
    mix(n, 0x300);
    int i = 0;
    for (; i + 4 <= n; i += 4) {
      mix((long) s.charAt(i) | (long) s.charAt(i + 1) << 16 | (long) s.charAt(i + 2) << 32
          | (long) s.charAt(i + 3) << 48, 0x400);
    }
    if (i < n) {
      long w = 0;
      for (int k = 0; i < n; i++, k += 16) {
        w |= (long) s.charAt(i) << k;
      }
      mix(w, 0x500);
    }
    return this;
  }

  /** The 64-bit token of the fields put so far. Does not change the state. */
  public long token() {
    return mum(h ^ S2, fields ^ S1);
  }
}
