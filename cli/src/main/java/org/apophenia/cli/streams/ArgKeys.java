package org.apophenia.cli.streams;

import it.unimi.dsi.fastutil.objects.Object2LongOpenHashMap;
import java.util.List;
import org.apophenia.autotrace.TokenHasher;
import org.apophenia.autotrace.Traceability;

/**
 * The 64-bit keys of a stream's strings (task names, canonical arguments), each computed once per
 * distinct string while parsing: a capture names the same few handles over and over, so the
 * application thread folds one precomputed key per argument instead of hashing its characters for
 * every operation. A key is a function of the string alone ({@link #key}), so the cache changes no
 * token. Bounded: past {@value #MAX_ENTRIES} strings (a stream of ever-new handles) it starts over.
 * One per parser ({@link StreamParser}); not thread-safe.
 */
final class ArgKeys {
  /** Enough for every handle of the captures many times over; about 100 bytes each. */
  static final int MAX_ENTRIES = 1 << 16;

  private final Object2LongOpenHashMap<String> keys = new Object2LongOpenHashMap<>();

  /** The key of {@code s}: its {@link TokenHasher} with no other field. */
  static long key(String s) {
    return TokenHasher.start().putString(s).token();
  }

  /** {@link #key}, from the cache when {@code s} was seen. */
  long cached(String s) {
    long k = keys.getOrDefault(s, 0L);
    if (k == 0 && !keys.containsKey(s)) {
      if (keys.size() >= MAX_ENTRIES) {
        keys.clear();
      }
      k = key(s);
      keys.put(s, k);
    }
    return k;
  }

  /** An operation with its keys from this cache. */
  StreamOp op(String name, List<String> args, Traceability kind) {
    long[] k = new long[args.size() + 1];
    k[0] = cached(name);
    for (int i = 0; i < args.size(); i++) {
      k[i + 1] = cached(args.get(i));
    }
    return new StreamOp(name, List.copyOf(args), kind, k);
  }
}
