package org.apophenia.autotrace;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The occurrence watcher of Algorithm 1 (paper Section 4.3; Legion's {@code OccurrenceWatcher}): the
 * candidates mined so far in a trie, pointers into it, each candidate's non-overlapping visits, and
 * its promotion into the {@link TraceCache} once it has been visited often enough.
 *
 * <p><b>Per token.</b> Every pointer steps on the token; a pointer that reaches a candidate's end
 * counts a visit (visits that overlap the previous one do not count, see {@link Candidate#visit}), and
 * a candidate that reaches the visit threshold is promoted after the step. Pointers that cannot step
 * are dropped; a new pointer starts wherever the token begins some candidate.
 *
 * <p><b>The visit threshold.</b> The warm-up threshold applies while the stream is mostly untraced
 * (no trace cached, or, with {@code warmupByCoverage}, fewer than half of the recent traceable
 * operations went out inside traces), the steady one otherwise. Keying it to coverage rather than to
 * an empty cache matters when the first trace cached is not the loop (a run of synchronisation
 * no-ops before it, say): the loop would otherwise need the steady threshold's visits, several
 * iterations, before its first trace goes out.
 *
 * <p><b>What a candidate adds.</b> A mined candidate is first looked up where its latest occurrence
 * went out ({@link ReissuedPositions}): one the stream already reissues, but for runs that can be
 * traces alone, is replaced by those runs unless that multiplies trace launches ({@link Residue},
 * {@code keepReplayed}); one that tiles a loop begun less than a period after the program's last
 * wait or break is rotated to start in phase with it ({@link LoopPhase#afterWait},
 * {@code phaseAfterWaits}); one that runs a cached loop with a task or two missing is not watched
 * but cut into the loop's pieces at once ({@link NearLoops}, {@code nearLoopPieces}).
 *
 * <p><b>Memory.</b> At most {@code maxCandidates} candidates: the stalest goes first (CLOCK); pointers
 * are bounded by the trie's depth. Not thread-safe: the application thread owns it.
 */
final class OccurrenceWatcher implements Pointers.Walker<Candidate> {
  private final TraceCache cache;
  /** What went out, for the recent coverage and for where a candidate occurred. */
  private final TraceIssuer<?> issuer;
  private final Trie<Candidate> trie = new Trie<>();
  private final Pointers<Candidate> pointers = new Pointers<>(trie);
  /** Candidates that reached the threshold during a step, promoted once every pointer stepped. */
  private final List<Candidate> promote = new ArrayList<>();
  /** Candidates in insertion order, for CLOCK eviction (may hold removed ones, skipped lazily). */
  private final ArrayDeque<Candidate> clock = new ArrayDeque<>();
  private final int minTraceLength;
  private final int maxCandidates;
  private final int visitThreshold;
  private final int warmupVisitThreshold;
  private final boolean countHistoryOccurrences;
  private final boolean warmupByCoverage;
  private final boolean keepReplayed;
  private final boolean phaseAfterWaits;
  private final boolean prefixTraces;
  private final boolean forgetRareRepeats;
  /** Where the program went on after its last break or wait, or -1 (see {@link LoopPhase#afterWait}). */
  private long resumedAt = -1;
  private long tracedAtLastIngest;
  private long untracedAtLastIngest;
  /** Traced fraction of the traceable operations forwarded lately (see {@link #threshold()}). */
  private double recentCoverage;

  OccurrenceWatcher(ApopheniaSettings settings, TraceCache cache, TraceIssuer<?> issuer) {
    this.cache = cache;
    this.issuer = issuer;
    this.minTraceLength = settings.get(Knobs.MIN_TRACE_LENGTH);
    this.maxCandidates = settings.get(Knobs.MAX_CANDIDATES);
    this.visitThreshold = settings.get(Knobs.VISIT_THRESHOLD);
    this.warmupVisitThreshold = settings.get(Knobs.WARMUP_VISIT_THRESHOLD);
    this.countHistoryOccurrences = settings.get(Knobs.COUNT_HISTORY_OCCURRENCES);
    this.warmupByCoverage = settings.get(Knobs.WARMUP_BY_COVERAGE);
    this.keepReplayed = settings.get(Knobs.KEEP_REPLAYED);
    this.phaseAfterWaits = settings.get(Knobs.PHASE_AFTER_WAITS);
    this.prefixTraces = settings.get(Knobs.PREFIX_TRACES);
    this.forgetRareRepeats = settings.get(Knobs.FORGET_RARE_REPEATS);
  }

  /** Candidates watched. */
  int size() {
    return trie.size();
  }

  /** The program paused at stream position {@code position} (a wait, or a break it resumed after). */
  void resumedAt(long position) {
    resumedAt = position;
  }

  /**
   * Takes in the candidates of one mining job, whose window began at stream position
   * {@code windowStart}, at stream position {@code now}; returns whether it added anything to watch
   * or to the cache (false: every repeat it found is cached, a refused variant, too rare, or a
   * near-loop whose pieces are all cached).
   */
  boolean ingest(MiningResult result, long windowStart, long now) {
    updateRecentCoverage();
    boolean added = false;
    List<long[]> seqs = result.sequences();
    int[] occ = result.occurrences();
    for (int i = 0; i < seqs.size(); i++) {
      long[] seq = seqs.get(i);
      boolean periodic = result.periodic()[i];
      long[] continuation = result.continuations().get(i);
      if (forgetRareRepeats && rare(seq.length, occ[i], result.firstStarts()[i], result.lastStarts()[i])) {
        rareRepeats++;
        continue;
      }
      long evidence = windowStart + result.lastStarts()[i] + result.lastSpans()[i];
      if (keepReplayed) {
        List<long[]> runs = Residue.of(seq, windowStart + result.lastStarts()[i], result.lastSpans()[i],
            issuer.reissued(), minTraceLength, periodic);
        if (runs != null) {
          for (long[] run : runs) {
            added |= watch(run, occ[i], false, null, true, evidence, now);
          }
          continue;
        }
      }
      if (phaseAfterWaits && continuation != null) {
        // a guess (cached as such only with prefixTraces, see TraceCache.promote): its repeat, seen
        // twice, must stay a prefix of the rotated body
        int k = LoopPhase.afterWait(windowStart + result.continuationStarts()[i], continuation.length, resumedAt);
        long[] rotated = k > 0 ? LoopPhase.rotation(continuation, k) : null;
        if (rotated != null && prefixTraces && seq.length - k >= minTraceLength && !cache.refuses(rotated)) {
          continuation = rotated;
          seq = Arrays.copyOf(rotated, seq.length - k);
        }
      } else if (phaseAfterWaits && periodic) {
        int k = LoopPhase.afterWait(windowStart + result.firstStarts()[i], seq.length, resumedAt);
        if (k > 0) {
          seq = LoopPhase.rotation(seq, k);
        }
      }
      added |= watch(seq, occ[i], periodic, continuation, false, evidence, now);
    }
    return added;
  }

  /**
   * Watches a mined candidate with the occurrences its window held, or promotes it at once;
   * {@code residue}: what reissued traces left untraced of a longer candidate ({@link Residue}).
   * Returns false if the cache refuses it (it is cached, or a variant refused), or if it is a
   * near-loop whose pieces are all cached ({@link TraceCache#cutNearLoop}).
   */
  private boolean watch(long[] seq, int occurrences, boolean periodic, long[] continuation, boolean residue,
      long evidence, long now) {
    if (cache.refuses(seq) || cache.refusesVariant(seq, periodic)) {
      return false;
    }
    int visits = countHistoryOccurrences ? occurrences : 0;
    int cut = cache.cutNearLoop(seq, periodic, visits, now);
    if (cut >= 0) {
      return cut > 0; // a near-loop: its pieces are the loop's, seen at each of the loop's visits
    }
    Trie.Node<Candidate> node = trie.find(seq);
    Candidate c;
    if (node != null && node.payload != null) {
      c = node.payload;
      c.visits = Math.max(c.visits, visits);
      c.lastSeen = now;
    } else {
      if (trie.size() >= maxCandidates) {
        evictStalest(now);
      }
      c = new Candidate(seq, visits, now, forgetRareRepeats);
      c.node = trie.insert(seq, c);
      clock.add(c);
      if (clock.size() > 2 * maxCandidates) {
        // promoted candidates linger here until an eviction reaches them, and while promotions keep
        // the trie below its bound none does: drop them, or the queue grows with the stream
        clock.removeIf(x -> x.node == null || x.node.payload != x);
      }
    }
    c.lastEvidence = Math.max(c.lastEvidence, evidence);
    c.periodic |= periodic;
    c.continuation = continuation; // the latest window's view
    c.residue |= residue;
    if (c.visits >= threshold()) {
      promote(c, now);
    }
    return true;
  }

  /** Mined repeats dropped as too rare ({@link #rare}). */
  long rareRepeats;

  /**
   * Whether a repeat of {@code length} tokens whose {@code occurrences} in its window start between
   * {@code first} and {@code last} recurs too rarely to pay for a trace: its occurrences are on
   * average more than {@link Trace#HALF_LIFE} lengths apart, so that each visit would have lost more
   * than half its weight in the score by the next ({@code forgetRareRepeats}).
   */
  static boolean rare(int length, int occurrences, int first, int last) {
    return occurrences >= 2 && (long) (last - first) > (long) (occurrences - 1) * Trace.HALF_LIFE * length;
  }

  /** The visit threshold for promotion (see the class comment). */
  private int threshold() {
    return cache.size() == 0 || (warmupByCoverage && recentCoverage < 0.5) ? warmupVisitThreshold : visitThreshold;
  }

  /**
   * Folds the traced fraction of the traceable operations forwarded since the previous ingestion
   * point into {@link #recentCoverage} (halving the weight of the past at each point, so that it
   * follows the last few ingestion intervals).
   */
  private void updateRecentCoverage() {
    long tracedOps = issuer.tracedOps();
    long untracedOps = issuer.untracedOps();
    long traced = tracedOps - tracedAtLastIngest;
    long all = traced + (untracedOps - untracedAtLastIngest);
    tracedAtLastIngest = tracedOps;
    untracedAtLastIngest = untracedOps;
    if (all > 0) {
      recentCoverage = 0.5 * recentCoverage + 0.5 * ((double) traced / all);
    }
  }

  /** Steps every pointer on the token at stream position {@code pos}; promotes what reached the threshold. */
  void advance(long token, long pos) {
    Pointers<Candidate> p = pointers;
    stepPos = pos;
    int w = p.advance(token, this);
    // the pointer that starts here, stepped from the root at once: one lookup in the root's map
    // instead of two (adding the root and then stepping it)
    Trie.Node<Candidate> first = trie.root().child(token);
    p.truncate(w);
    if (first != null && reached(first, pos)) {
      p.set(w, first, pos); // the slot after the last: the set grows by one
    }
    if (why != null && p.size > 0) { // the operation is inside a candidate's occurrence so far
      why.mark(pos, pos + 1, Reason.NOT_PROMOTED, (long) visitsBelow(p.node(0)), threshold());
    }
    if (!promote.isEmpty()) {
      for (Candidate c : promote) {
        if (c.node != null && c.node.payload == c) {
          promote(c, pos + 1);
        }
      }
      promote.clear();
    }
  }

  /** The position being stepped on, for the walker's calls. */
  private long stepPos;

  @Override
  public void diverged(int i, Trie.Node<Candidate> node, long start) {
    // the pointer dies: a candidate's occurrence is counted only when whole
  }

  /** One pointer's step into {@code next}; returns whether it stays open. */
  @Override
  public boolean reached(Trie.Node<Candidate> next, long start) {
    if (next.payload != null) {
      Candidate c = next.payload;
      c.visit(start, stepPos + 1);
      if (c.visits >= threshold() && !promote.contains(c)) {
        promote.add(c);
      }
    }
    return next.hasChildren();
  }

  /** The reasons of {@code --explain}, or null (AutomaticTracing sets it). */
  Why why;

  /** The visits of the first candidate at or below {@code node} ({@code --explain} only). */
  private static double visitsBelow(Trie.Node<Candidate> node) {
    Trie.Node<Candidate> n = node;
    while (n != null && n.payload == null) {
      n = n.anyChild();
    }
    return n == null ? 0 : n.payload.visits;
  }

  /** A break: no candidate's occurrence spans it. */
  void breakPointers() {
    pointers.clear();
  }

  private void promote(Candidate c, long now) {
    trie.remove(c.node);
    c.node = null;
    cache.promote(c.tokens, c.visits, c.periodic, c.continuation, c.residue, now);
  }

  /**
   * CLOCK (second chance): the oldest candidate goes unless it was seen since it last reached the head
   * of the queue; then it moves to the tail. Amortised O(1); removed candidates are skipped.
   */
  private void evictStalest(long now) {
    while (!clock.isEmpty()) {
      Candidate c = clock.poll();
      if (c.node == null || c.node.payload != c) {
        continue; // promoted or evicted already
      }
      if (c.lastSeen > c.clockMark) {
        c.clockMark = now;
        clock.add(c);
        continue;
      }
      trie.remove(c.node);
      c.node = null;
      return;
    }
  }
}
