package org.apophenia.autotrace;

import com.google.common.hash.Hasher;
import com.google.common.hash.Hashing;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The trace cache of Algorithm 1 (paper Section 4.3; in Legion, the trie of its {@code TraceCache}):
 * the promoted traces in a trie the {@link CommitPointers} walk, their ids, and what leaves the cache. Ids are stable: one per distinct token
 * sequence (a 64-bit hash of its content), assigned in order of first promotion, so a trace evicted
 * and promoted again, or a loop rotated back to an earlier phase, keeps its id and the runtime's
 * recording of it. At most {@code maxTraces} traces: the lowest-scoring eighth is evicted
 * when full. Mutable; the application thread owns it.
 */
final class TraceCache {
  private final boolean prefixTraces;
  private final int maxTraces;
  private final InterceptorListener listener;
  private final Trie<Trace> trie = new Trie<>();
  /** Live traces, for eviction by lowest score (O(maxTraces), only when the cache is full). */
  private final List<Trace> live = new ArrayList<>();
  private final Long2LongOpenHashMap idsByContent = new Long2LongOpenHashMap();
  /**
   * Phases rotated away, by content hash, each to the content hash of the rotation that replaced it:
   * the miner keeps reporting an old phase (where the stream first became periodic), and promoted
   * again it would win the occurrences back until the next break cut it. An entry lasts as long as
   * its rotation is cached: when the rotation is evicted the old phase may come back, so the map is
   * bounded by the rotations in the cache and their loops' phases.
   */
  private final Long2LongOpenHashMap rephasedAway = new Long2LongOpenHashMap();
  private final Guesses guesses = new Guesses();
  private final CachedContent content;
  /**
   * The loops promoted so far ({@link LoopPhase#rotationFreeHash}), with a limit on variants only: a
   * loop mined again at another phase after its trace left the cache, while the cache still holds all
   * of its content (its pieces won), is not promoted again; the pieces cover it. Without this, on a
   * noisy loop the loop's trace lost to its pieces, was evicted, and came back at the next phase that
   * mining found, over and over. Forgotten wholesale past {@link #MAX_LOOPS_REMEMBERED} entries.
   */
  private final LongOpenHashSet loopsPromoted = new LongOpenHashSet();
  static final int MAX_LOOPS_REMEMBERED = 1 << 16;
  /**
   * Operations of a cached trace that a variant may lack (a data-dependent branch that skipped a
   * task): a loop's trace with one task dropped recurs whenever the same task is dropped again.
   */
  static final int DELETIONS = 2;
  /** Variants of a cached trace promoted at most ({@link Knobs#MAX_VARIANTS}). */
  private final int maxVariants;
  /** Whether near-loops are cut into their clean pieces ({@link NearLoops}, {@link Knobs#NEAR_LOOP_PIECES}). */
  private final boolean nearLoopPieces;
  /** The longest near-loop piece, in lengths of the loop's trace ({@link Knobs#NEAR_LOOP_PIECE_SPAN}). */
  private final int nearLoopPieceSpan;
  /** Content hashes of retired traces ({@link Retirement}): never promoted again. */
  private final it.unimi.dsi.fastutil.longs.LongOpenHashSet retired = new it.unimi.dsi.fastutil.longs.LongOpenHashSet();
  private long nextId;

  long promotions;
  long rejectedPromotions;
  /** Candidates refused as variants of a cached trace that had its {@code maxVariants} already. */
  long variantsRefused;
  /**
   * Operations matched at guesses' first matches past the part seen twice ({@link #promote}), or
   * whole for a match begun before the guess was cached: the matches of operations whose windows
   * had occurred once, the most a guess can trace beyond what a finder that waits for two
   * occurrences could ({@link CoverageBound}).
   */
  long guessedOps;
  /** Near-loops cut into their clean pieces instead of promoted ({@link NearLoops}). */
  long nearLoopsCut;
  /** Bumped whenever a trace enters or leaves the cache, to invalidate {@link #heldBack} answers. */
  private long version;

  TraceCache(ApopheniaSettings settings, InterceptorListener listener) {
    this.prefixTraces = settings.get(Knobs.PREFIX_TRACES);
    this.maxTraces = settings.get(Knobs.MAX_TRACES);
    this.maxVariants = settings.get(Knobs.MAX_VARIANTS);
    // pieces that are prefixes of one another need prefix traces (Legion's no-prefix rule)
    this.nearLoopPieces = settings.get(Knobs.NEAR_LOOP_PIECES) && maxVariants != Integer.MAX_VALUE && prefixTraces;
    this.nearLoopPieceSpan = settings.get(Knobs.NEAR_LOOP_PIECE_SPAN);
    this.content = new CachedContent(settings.get(Knobs.MIN_TRACE_LENGTH));
    this.listener = listener;
  }

  /** The trie the commit pointers walk (their runs are read from it). */
  Trie<Trace> trie() {
    return trie;
  }

  Trie.Node<Trace> root() {
    return trie.root();
  }

  int size() {
    return trie.size();
  }

  /** The cached trace with exactly these tokens, or null. */
  Trace get(long[] tokens) {
    Trie.Node<Trace> n = trie.find(tokens);
    return n == null ? null : n.payload;
  }

  /** Whether {@code t} is still cached (evictions leave a dropped trace's node set). */
  boolean holds(Trace t) {
    return t.node != null && t.node.payload == t;
  }

  /** Whether a mined candidate with these tokens needs no watching: cached, or a phase rotated away. */
  boolean refuses(long[] tokens) {
    return get(tokens) != null || !rephasedAway.isEmpty() && rephasedAway.containsKey(contentHash(tokens))
        || isRetired(tokens);
  }

  private boolean isRetired(long[] tokens) {
    return !retired.isEmpty() && retired.contains(contentHash(tokens));
  }

  /**
   * Retires trace {@code id} ({@link Retirement}): evicted if cached, and its content never promoted
   * again. Returns whether an id of that number was ever given out.
   */
  boolean retire(long id) {
    for (var e : idsByContent.long2LongEntrySet()) {
      if (e.getLongValue() == id) {
        retired.add(e.getLongKey());
        for (int i = live.size() - 1; i >= 0; i--) {
          if (live.get(i).id == id) {
            remove(live.get(i));
          }
        }
        return true;
      }
    }
    return false;
  }

  /**
   * The cached trace of which a mined candidate is a variant ({@link CachedContent#variantOf}, up to
   * {@link #DELETIONS} operations missing), or null; null when variants are not limited.
   */
  Trace variantOf(long[] tokens, boolean periodic) {
    return maxVariants == Integer.MAX_VALUE ? null : content.variantOf(tokens, periodic, DELETIONS);
  }

  /**
   * If a mined candidate is a near-loop ({@link NearLoops}), cuts it: its clean pieces not cached yet
   * become traces, with the candidate's {@code visits}, and it is not watched. Returns how many pieces
   * it added, or -1 when it is no near-loop (or near-loops are not cut).
   */
  int cutNearLoop(long[] tokens, boolean periodic, double visits, long position) {
    Trace loop = nearLoop(tokens, periodic);
    return loop == null || variantOf(tokens, periodic) != null ? -1 : cut(loop, tokens, visits, position);
  }

  /** The loop a candidate runs with a task or two missing, when near-loops are cut; else null. */
  private Trace nearLoop(long[] tokens, boolean periodic) {
    if (!nearLoopPieces) {
      return null;
    }
    // a periodic candidate is its body run back to back: a drop may fall where one run meets the next
    return NearLoops.loopOf(content, periodic ? NearLoops.twice(tokens) : tokens, DELETIONS);
  }

  /** Cuts near-loop {@code tokens} of {@code loop} (see {@link #cutNearLoop}); returns the pieces added. */
  private int cut(Trace loop, long[] tokens, double visits, long position) {
    nearLoopsCut++;
    int[] added = {0};
    int longest = (int) Math.min(Integer.MAX_VALUE, (long) nearLoopPieceSpan * loop.length());
    NearLoops.cleanPieces(content, loop, tokens, longest, piece -> {
      if (!refuses(piece)) {
        insert(piece, visits, position).split = true;
        added[0]++;
      }
    });
    return added[0];
  }

  /** Whether a mined candidate is a variant of a cached trace that has had its {@code maxVariants}. */
  boolean refusesVariant(long[] tokens, boolean periodic) {
    Trace h = variantOf(tokens, periodic);
    if (h == null || h.variants < maxVariants) {
      return false;
    }
    variantsRefused++;
    return true;
  }

  /**
   * Promotes a candidate. Without {@code prefixTraces}, Legion's no-prefix invariant, longer wins: a
   * candidate that is a prefix of (or equal to) a trace is rejected, and the traces that are prefixes
   * of it are evicted. With it, only an exact duplicate is rejected. A phase rotated away is rejected
   * in both.
   *
   * <p><b>Guesses.</b> With {@code prefixTraces}, a candidate mined with a {@code continuation} (its
   * last occurrence ran into the window's end, see {@link MiningResult}) is cached as that
   * continuation instead, a guess ({@link Trace#seenTwice}): the repeat is likely the visible part of a
   * loop body the window held once, and cached alone it would be recorded at its next occurrence
   * and then lose every selection to the body's trace, mined a window later, that contains it: a
   * recording that buys nothing, once per loop whose body is longer than the first window that holds
   * its beginning twice. The guess's first match decides
   * what is a trace ({@link #settle}): a complete match confirms it, a match that fails after the
   * part seen twice makes the matched prefix the trace (a break, which says nothing of where the
   * repeat ends, the part seen twice), one that fails before leaves it waiting. What
   * goes out is always a match of operations that arrived: a guess is never issued unmatched, and no
   * trace is made of operations seen once. {@code continuation} is the candidate's, or null;
   * {@code residue}: what reissued traces left of a longer candidate ({@link Residue}).
   */
  void promote(long[] tokens, double visits, boolean periodic, long[] continuation, boolean residue, long position) {
    Trie.Node<Trace> n = trie.root();
    List<Trie.Node<Trace>> shorter = null;
    for (long token : tokens) {
      n = n.child(token);
      if (n == null) {
        break;
      }
      if (n.payload != null) {
        if (shorter == null) {
          shorter = new ArrayList<>(1);
        }
        shorter.add(n);
      }
    }
    if (n != null && (!prefixTraces || n.payload != null)
        || !rephasedAway.isEmpty() && rephasedAway.containsKey(contentHash(tokens)) || isRetired(tokens)) {
      if (n != null && n.payload != null && n.payload.seenTwice > 0) {
        confirm(n.payload); // the guess was mined whole
      }
      rejectedPromotions++;
      return;
    }
    Trace holder = variantOf(tokens, periodic);
    Trace near = holder == null ? nearLoop(tokens, periodic) : null;
    if (near != null) {
      cut(near, tokens, visits, position); // watched before the loop it runs was cached
      return;
    }
    if (holder != null) {
      if (holder.variants >= maxVariants) {
        rejectedPromotions++;
        variantsRefused++;
        return;
      }
      holder.variants++;
    }
    if (periodic && maxVariants != Integer.MAX_VALUE) {
      long loop = LoopPhase.rotationFreeHash(tokens);
      if (loopsPromoted.contains(loop) && content.known(tokens, 0) >= 0) {
        rejectedPromotions++;
        variantsRefused++;
        return;
      }
      if (loopsPromoted.size() >= MAX_LOOPS_REMEMBERED) {
        loopsPromoted.clear();
      }
      loopsPromoted.add(loop);
    }
    if (continuation != null && prefixTraces && !refuses(continuation)) {
      Trace guess = insert(continuation, visits, position);
      guess.seenTwice = tokens.length;
      guess.variantOf = holder;
      content.remove(guess);
      guesses.add(guess);
      return;
    }
    if (shorter != null && !prefixTraces) {
      for (Trie.Node<Trace> s : shorter) {
        live.remove(s.payload);
        trie.remove(s);
      }
    }
    Trace t = insert(tokens, visits, position);
    t.periodic = periodic;
    t.residue = residue;
    t.variant = holder != null;
    t.variantOf = holder;
  }

  /** Inserts a trace that is not cached yet, evicting first if the cache is full. */
  Trace insert(long[] tokens, double visits, long position) {
    if (trie.size() >= maxTraces) {
      evictLowestScoring(position);
    }
    long id = idsByContent.computeIfAbsent(contentHash(tokens), k -> nextId++);
    Trace t = new Trace(id, tokens, visits, position);
    t.node = trie.insert(tokens, t);
    live.add(t);
    content.add(t);
    version++;
    promotions++;
    listener.tracePromoted(id, tokens.length, position);
    return t;
  }

  /**
   * Whether {@code t}, never issued, is held back from its first recording: it lies inside a fresh
   * guess ({@link Containment#fresh}), typically promoted from the same window. The guess's first
   * match is due within the next period; where it matches it covers {@code t}'s occurrence and wins
   * the selection (longer, and {@link Selection#widest}), so a recording of {@code t} made
   * before it, in the iteration the guess was mined from, would be reissued only if the program
   * left the loop, and a loop's body that holds a shorter repeat would have that repeat recorded
   * once and never reissued. A guess that
   * settles shorter, goes stale or leaves the cache releases what it held.
   */
  boolean heldBack(Trace t, long position) {
    if (t.heldVersion != version || t.heldBy != null && !Containment.fresh(t.heldBy, position)) {
      t.heldVersion = version;
      t.heldBy = guesses.isEmpty() ? null : Containment.container(t, guesses.all(), position);
    }
    return t.heldBy != null;
  }

  /** The guess whose open match is at {@code node}, past the part of it seen twice, or null. */
  Trace guessAt(Trie.Node<Trace> node) {
    return guesses.isEmpty() ? null : guesses.at(node, this);
  }

  /** {@code guess} matched whole: it is a trace. */
  void confirm(Trace guess) {
    guess.seenTwice = 0;
    content.add(guess);
    guesses.remove(guess);
  }

  /**
   * The first match of {@code guess} broke after {@code k} operations, at least the part seen twice:
   * its first {@code k} tokens, seen twice now, replace it as a trace (the one cached already, if
   * any), keeping its visits. Returns that trace.
   */
  Trace settle(Trace guess, int k, long position) {
    long[] prefix = Arrays.copyOf(guess.tokens, k);
    Trace t = get(prefix);
    if (t == null) {
      t = insert(prefix, guess.visits, position);
    }
    // after the insertion, so that the removal prunes the guess's nodes only beyond the prefix: the
    // open matches inside the prefix go on
    remove(guess);
    guesses.remove(guess);
    return t;
  }

  /** Evicts {@code t} if it is still cached; the phases it replaced may come back. */
  void remove(Trace t) {
    if (holds(t)) {
      drop(t);
      released(t);
    }
  }

  private void drop(Trace t) {
    version++;
    live.remove(t);
    trie.remove(t.node);
    content.remove(t);
    t.node = null;
  }

  /** {@code t} left the cache: forget the phases rotated away in its favour. */
  private void released(Trace t) {
    if (!rephasedAway.isEmpty()) {
      long h = contentHash(t.tokens);
      rephasedAway.long2LongEntrySet().removeIf(e -> e.getLongValue() == h);
    }
  }

  /**
   * Replaces {@code t}, a trace that tiles a loop, by its rotation that starts at its {@code k}-th
   * operation, keeping its visits (see {@link CommitPointers#rephase}), unless the rotation is
   * {@code t} itself; the caller drops the pointers into {@code t} first. Returns whether it did.
   */
  boolean rotate(Trace t, int k, long position) {
    long[] rotation = LoopPhase.rotation(t.tokens, k);
    if (Arrays.equals(rotation, t.tokens)) {
      return false; // k is a multiple of the trace's own period (a run of identical tasks)
    }
    long from = contentHash(t.tokens);
    long to = contentHash(rotation);
    rephasedAway.remove(to); // breaks that move back may rotate it in again
    for (var e : rephasedAway.long2LongEntrySet()) {
      if (e.getLongValue() == from) {
        e.setValue(to); // phases replaced by t now wait for its rotation
      }
    }
    rephasedAway.put(from, to);
    if (holds(t)) {
      drop(t);
    }
    Trace r = get(rotation);
    if (r == null) {
      r = insert(rotation, t.visits, position);
    }
    r.periodic = true;
    r.visits = Math.max(r.visits, t.visits);
    return true;
  }

  /**
   * Evicts the lowest-scoring eighth of the cache at once (ties: newer ids first), so that a stream
   * that keeps promoting traces pays O(log maxTraces) amortised per promotion, not a scan each time.
   */
  private void evictLowestScoring(long position) {
    int n = live.size();
    double[] scores = new double[n];
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      scores[i] = live.get(i).score(position);
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> scores[a] != scores[b]
        ? Double.compare(scores[a], scores[b]) : Long.compare(live.get(b).id, live.get(a).id));
    int evict = Math.max(1, n / 8);
    version++;
    boolean[] gone = new boolean[n];
    for (int k = 0; k < evict; k++) {
      gone[order[k]] = true;
      trie.remove(live.get(order[k]).node);
      content.remove(live.get(order[k]));
      released(live.get(order[k]));
    }
    int w = 0;
    for (int i = 0; i < n; i++) {
      if (!gone[i]) {
        live.set(w++, live.get(i));
      }
    }
    live.subList(w, n).clear();
  }

  static long contentHash(long[] tokens) {
    Hasher h = Hashing.murmur3_128().newHasher(tokens.length * 8 + 4);
    h.putInt(tokens.length);
    for (long t : tokens) {
      h.putLong(t);
    }
    return h.hash().asLong();
  }
}
