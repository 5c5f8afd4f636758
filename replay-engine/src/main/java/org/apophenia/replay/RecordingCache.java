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
 * <p>A look-up of the same id as the previous one, with no recording added or evicted in between,
 * returns the same list without asking Caffeine again (back-to-back replays look up one id over and
 * over); it counts as a hit. Caffeine's frequency sketch then sees one access per run of
 * look-ups of one id, which can only matter when the cache is full.
 *
 * <p>Cost: amortised O(1) per put, O(recordings of the id) per look-up, O(1) for a repeated one. Not
 * thread-safe (the engine is confined to the application thread).
 */
final class RecordingCache {
  private record Key(int traceId, long seq) {}

  private final Cache<Key, Recording> cache;
  private final Int2ObjectOpenHashMap<List<Key>> byId = new Int2ObjectOpenHashMap<>();
  private long seq;
  /** The last look-up, valid while no recording was added or evicted since. */
  private int lastId = -1;
  private List<Recording> lastList;
  private long repeatedHits;

  RecordingCache(TracingOptions o) {
    Caffeine<Object, Object> b = Caffeine.newBuilder().executor(Runnable::run).recordStats();
    Caffeine<Key, Recording> c = b.<Key, Recording>removalListener((k, v, cause) -> {
      if (k != null && cause.wasEvicted()) {
        List<Key> l = byId.get(k.traceId());
        if (l != null && l.remove(k) && l.isEmpty()) {
          byId.remove(k.traceId()); // else a stream of one-off ids would grow the index without bound
        }
        lastList = null;
      }
    });
    cache = o.maxWeight() > 0 ? c.maximumWeight(o.maxWeight()).weigher((Key k, Recording r) -> r.weight()).build()
        : c.maximumSize(o.maxRecordings()).build();
  }

  /** The id's cached recordings, most recent first. */
  List<Recording> recordings(int traceId) {
    if (traceId == lastId && lastList != null) {
      repeatedHits += lastList.size();
      return lastList;
    }
    List<Key> keys = byId.get(traceId);
    if (keys == null) {
      return List.of();
    }
    List<Recording> out = new ArrayList<>(keys.size());
    for (int i = keys.size() - 1; i >= 0; i--) {
      Recording r = cache.getIfPresent(keys.get(i));
      if (r == null) {
        keys.remove(i); // expired without the listener (not with this cache's policy): drop it here too
      } else {
        out.add(r);
      }
    }
    if (keys.isEmpty()) {
      byId.remove(traceId);
    }
    lastId = traceId;
    lastList = List.copyOf(out);
    return lastList;
  }

  void add(Recording r) {
    Key k = new Key(r.traceId(), seq++);
    byId.computeIfAbsent(r.traceId(), x -> new ArrayList<>()).add(k);
    cache.put(k, r); // evicts before it returns: maintenance runs on this thread (executor Runnable::run)
    lastList = null;
  }

  /** How many trace ids have a cached recording: the index holds no others. */
  int tracedIds() {
    return byId.size();
  }

  long size() {
    cache.cleanUp();
    return cache.estimatedSize();
  }

  CacheStats stats() {
    CacheStats s = cache.stats();
    return CacheStats.of(s.hitCount() + repeatedHits, s.missCount(), s.loadSuccessCount(), s.loadFailureCount(),
        s.totalLoadTime(), s.evictionCount(), s.evictionWeight());
  }
}
