package org.apophenia.apophenia;

import com.google.common.hash.HashFunction;
import com.google.common.hash.Hasher;
import com.google.common.hash.Hashing;
import java.nio.charset.StandardCharsets;

/**
 * Builds a token from the parts of an operation that affect dependence analysis: 128-bit Murmur3
 * (Guava) folded to 64 bits, as Legion hashes operation kind, task id and region requirements.
 *
 * <p>Usage: {@code TokenHasher.start().putString(kind).putLong(region).putInt(privilege).token()}.
 * Each {@code put} includes the value's type and, for strings, length, so {@code ("ab","c")} and
 * {@code ("a","bc")} differ. One instance per token; not thread-safe. Cost: tens of nanoseconds per
 * part; allocates one small hasher per token.
 */
public final class TokenHasher {
  private static final HashFunction MURMUR = Hashing.murmur3_128(0x41706f70);

  private final Hasher hasher = MURMUR.newHasher();

  private TokenHasher() {}

  /** A fresh hasher. */
  public static TokenHasher start() {
    return new TokenHasher();
  }

  public TokenHasher putLong(long v) {
    hasher.putByte((byte) 1).putLong(v);
    return this;
  }

  public TokenHasher putInt(int v) {
    hasher.putByte((byte) 2).putInt(v);
    return this;
  }

  public TokenHasher putString(CharSequence s) {
    hasher.putByte((byte) 3).putInt(s.length()).putString(s, StandardCharsets.UTF_8);
    return this;
  }

  /** The 64-bit token: the low half of the 128-bit hash. */
  public long token() {
    return hasher.hash().asLong();
  }
}
