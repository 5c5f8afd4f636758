package org.apophenia.replay;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.stats.CacheStats;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import java.util.ArrayList;
import java.util.List;

/**
 * The recordings of every trace id, several per id, in a bounded Caffeine cache (by count or by
 * weight = commands + operations) with statistics. An index keeps each id's recording keys in
 * recording order; evicted keys are dropped from it by the removal listener, which runs on the caller's
 * thread so the engine stays deterministic and single-threaded.
 *
 * <p>Cost: amortised O(1) per put, O(recordings of the id) per look-up. Not thread-safe (the engine
 * is confined to the application thread).
 */
final class RecordingCache {
  private record Key(int traceId, long seq) {}

  private final Cache<Key, Recording> cache;
  private final Int2ObjectOpenHashMap<List<Key>> byId = new Int2ObjectOpenHashMap<>();
  private long seq;

  RecordingCache(TracingOptions o) {
    Caffeine<Object, Object> b = Caffeine.newBuilder().executor(Runnable::run).recordStats();
    Caffeine<Key, Recording> c = b.<Key, Recording>removalListener((k, v, cause) -> {
      if (k != null && cause.wasEvicted()) {
        List<Key> l = byId.get(k.traceId());
        if (l != null) {
          l.remove(k);
        }
      }
    });
    cache = o.maxWeight() > 0 ? c.maximumWeight(o.maxWeight()).weigher((Key k, Recording r) -> r.weight()).build()
        : c.maximumSize(o.maxRecordings()).build();
  }

  /** The id's cached recordings, most recent first. */
  List<Recording> recordings(int traceId) {
    List<Key> keys = byId.get(traceId);
    if (keys == null) {
      return List.of();
    }
    List<Recording> out = new ArrayList<>(keys.size());
    for (Key k : new ArrayList<>(keys)) {
      Recording r = cache.getIfPresent(k);
      if (r == null) {
        keys.remove(k);
      } else {
        out.add(0, r);
      }
    }
    return out;
  }

  void add(Recording r) {
    Key k = new Key(r.traceId(), seq++);
    byId.computeIfAbsent(r.traceId(), x -> new ArrayList<>()).add(k);
    cache.put(k, r);
    cache.cleanUp();
  }

  long size() {
    cache.cleanUp();
    return cache.estimatedSize();
  }

  CacheStats stats() {
    return cache.stats();
  }
}
