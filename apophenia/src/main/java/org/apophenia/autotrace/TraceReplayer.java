package org.apophenia.autotrace;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The trace replayer of Algorithm 1 (paper Section 4.3): a watcher trie of candidates, a trace cache
 * trie, pointers into both, the pending-operation queue, and the selection of what to issue.
 *
 * <p><b>Per token.</b> The operation joins the pending queue; watcher pointers advance (a pointer at
 * a candidate's end counts a non-overlapping visit; a candidate reaching the visit threshold is
 * promoted into the cache); cache pointers advance (a pointer at a trace's end is a completed
 * match, kept in {@link Matches}). Pointers that cannot advance are dropped; a new pointer starts at every position
 * whose token begins some stored sequence.
 *
 * <p><b>Selection without speculation (Section 5.2).</b> Operations before the earliest open pointer
 * and the earliest completed match can never be traced and are forwarded at once. Given the earliest
 * completed match {@code m0}, the replayer waits while some open pointer started before
 * {@code m0.end} (it may still complete an overlapping, better trace; waiting is bounded by the
 * longest trace). Then it picks the best-scoring completed match starting before {@code m0.end} (ties:
 * longer, earlier, smaller id), forwards the operations before it untraced, issues
 * {@code beginTrace(id)}, its operations and {@code endTrace(id)}, and drops every match and pointer
 * overlapping it. A trace is issued only after all its operations arrived.
 *
 * <p><b>Breaks.</b> With {@code prefixTraces}, the first time the earliest open match of a trace
 * breaks, the trace's {@link DyadicPieces} become traces too (see {@link #split}). When a break (a
 * blocking wait, an untraceable operation) cuts a trace that tiles a loop, the trace is rotated to
 * start where the program resumes ({@link #rephase}); among overlapping completed matches, a loop's
 * longer trace wins over a piece of it ({@link Selection#loop}).
 *
 * <p><b>Prefixes.</b> With {@code prefixTraces} (our default) a trace may be a prefix of another: a
 * pointer goes on past a completed shorter trace, the selection waits for the longer match and falls
 * back to the shorter one when the longer fails; measured on the StarPU captures, this keeps the
 * general trace alive next to its specific extensions (cg: coverage 0.57 to 0.69). Without it,
 * Legion's invariant holds (no stored trace is a prefix of another, so a completed pointer is at a
 * leaf); longer wins: a candidate that is a prefix of a trace is rejected, and traces that are
 * prefixes of a promoted candidate are evicted. In both modes an exact duplicate is never stored.
 * Trace ids are stable: one per distinct token sequence (a 64-bit hash of its content), assigned in
 * order of first promotion.
 *
 * <p><b>What a candidate adds.</b> A mined candidate is first looked up where its latest occurrence
 * went out ({@link ReplayedPositions}): one the stream already replays, but for runs that can be
 * traces alone, is replaced by those runs unless that multiplies launches ({@link Residue},
 * {@code keepReplayed}); one that tiles a loop begun less than a period after the program's last
 * wait or break is rotated to start in phase with it ({@link LoopPhase#afterWait},
 * {@code phaseAfterWaits}).
 *
 * <p><b>Guesses.</b> A repeat cut by its mining window's end is cached as its guessed continuation,
 * which its first match settles ({@link TraceCache#promote}, {@link #settle}); while a guess is
 * fresh, the traces inside it are not recorded ({@link TraceCache#heldBack}): both keep traces that
 * the loop's trace will displace from being recorded and never replayed.
 *
 * <p><b>Memory.</b> At most {@code maxCandidates} candidates (the stalest is evicted) and
 * {@code maxTraces} traces (the lowest-scoring eighth is evicted when full); pointers are bounded by trie depth; the
 * pending queue by {@code maxPendingOps} (reaching it abandons the open pointers). Not thread-safe:
 * the application thread owns it.
 */
final class TraceReplayer<O> {
  private final ApopheniaConfig config;
  private final TraceSink<O> sink;
  private final InterceptorListener listener;
  private final Trie<Candidate> watcher = new Trie<>();
  final TraceCache cache;
  private final Pointers<Candidate> watching = new Pointers<>();
  private final Pointers<Trace> matching = new Pointers<>();
  private final PendingQueue<O> pending = new PendingQueue<>();
  private final Matches completed = new Matches();
  private final java.util.function.Predicate<Trace> held = this::heldBack;
  private final List<Candidate> promote = new ArrayList<>();
  /** Candidates in insertion order, for CLOCK eviction (may hold removed ones, skipped lazily). */
  private final java.util.ArrayDeque<Candidate> clock = new java.util.ArrayDeque<>();
  /** Times each trace id was issued: 1 for a recording never replayed. */
  private final Long2IntOpenHashMap issued = new Long2IntOpenHashMap();
  private long position; // tokens seen
  /** Which recent positions went out inside a replay, for {@link Residue}. */
  private final ReplayedPositions replayed;
  /** Where the program went on after its last break or wait, or -1 (see {@link LoopPhase#afterWait}). */
  private long resumedAt = -1;

  long tracedOps;
  /** Traceable operations forwarded outside traces. */
  long untracedOps;
  private long tracedAtLastIngest;
  private long untracedAtLastIngest;
  /** Traced fraction of the traceable operations forwarded lately (see {@link #threshold()}). */
  private double recentCoverage;
  /** Traceable operations forwarded inside trace markers since the last one forwarded outside. */
  long tracedRun;
  long replayedOps;
  long tracesRecorded;
  long replays;
  long losingEvictions;
  long splitTraces;

  TraceReplayer(ApopheniaConfig config, TraceSink<O> sink, InterceptorListener listener) {
    this.config = config;
    this.sink = sink;
    this.listener = listener;
    this.cache = new TraceCache(config, listener);
    // the history, and how long after its launch a window is ingested at the latest
    this.replayed = new ReplayedPositions(config.historyBuffers() * config.batchSize()
        + Math.max(config.ingestionDelay(), config.batchSize()));
  }

  int candidates() {
    return watcher.size();
  }

  int traces() {
    return cache.size();
  }

  int pending() {
    return pending.size();
  }

  /** Trace ids issued once: recorded and never replayed (so far). O(ids), for statistics. */
  long recordedNeverReplayed() {
    long n = 0;
    for (var it = issued.values().iterator(); it.hasNext(); ) {
      n += it.nextInt() == 1 ? 1 : 0;
    }
    return n;
  }

  /**
   * Ingests the candidates of one mining job at the current position; its window began at position
   * {@code windowStart}.
   */
  void ingest(MiningResult result, long windowStart) {
    updateRecentCoverage();
    List<long[]> seqs = result.sequences();
    int[] occ = result.occurrences();
    for (int i = 0; i < seqs.size(); i++) {
      long[] seq = seqs.get(i);
      boolean periodic = result.periodic()[i];
      long[] continuation = result.continuations().get(i);
      if (config.keepReplayed()) {
        List<long[]> runs = Residue.of(seq, windowStart + result.lastStarts()[i], result.lastSpans()[i], replayed,
            config.minTraceLength(), periodic);
        if (runs != null) {
          for (long[] run : runs) {
            watch(run, occ[i], false, null, true);
          }
          continue;
        }
      }
      if (config.phaseAfterWaits() && continuation != null) {
        // a guess (cached as such only with prefixTraces, see TraceCache.promote): its repeat, seen
        // twice, must stay a prefix of the rotated body
        int k = LoopPhase.afterWait(windowStart + result.continuationStarts()[i], continuation.length, resumedAt);
        long[] rotated = k > 0 ? LoopPhase.rotation(continuation, k) : null;
        if (rotated != null && config.prefixTraces() && seq.length - k >= config.minTraceLength()
            && !cache.refuses(rotated)) {
          continuation = rotated;
          seq = Arrays.copyOf(rotated, seq.length - k);
        }
      } else if (config.phaseAfterWaits() && periodic) {
        int k = LoopPhase.afterWait(windowStart + result.firstStarts()[i], seq.length, resumedAt);
        if (k > 0) {
          seq = LoopPhase.rotation(seq, k);
        }
      }
      watch(seq, occ[i], periodic, continuation, false);
    }
  }

  /** The application waited without a break (see {@link Interceptor#waited}). */
  void waited() {
    resumedAt = position;
  }

  /**
   * Watches a mined candidate with the occurrences its window held, or promotes it at once;
   * {@code residue}: what replays left untraced of a longer candidate ({@link Residue}).
   */
  private void watch(long[] seq, int occurrences, boolean periodic, long[] continuation, boolean residue) {
    if (cache.refuses(seq)) {
      return;
    }
    int visits = config.countHistoryOccurrences() ? occurrences : 0;
    Trie.Node<Candidate> node = watcher.find(seq);
    Candidate c;
    if (node != null && node.payload != null) {
      c = node.payload;
      c.visits = Math.max(c.visits, visits);
      c.lastSeen = position;
    } else {
      if (watcher.size() >= config.maxCandidates()) {
        evictStalestCandidate();
      }
      c = new Candidate(seq, visits, position);
      c.node = watcher.insert(seq, c);
      clock.add(c);
      if (clock.size() > 2 * config.maxCandidates()) {
        // promoted candidates linger here until an eviction reaches them, and while promotions keep
        // the trie below its bound none does: drop them, or the queue grows with the stream
        clock.removeIf(x -> x.node == null || x.node.payload != x);
      }
    }
    c.periodic |= periodic;
    c.continuation = continuation; // the latest window's view
    c.residue |= residue;
    if (c.visits >= threshold()) {
      promoteCandidate(c);
    }
  }

  /**
   * The visit threshold for promotion: the warm-up one while the stream is mostly untraced (no trace
   * cached, or, with {@code warmupByCoverage}, fewer than half of the recent traceable operations went
   * out inside traces), else the steady one. Keying it to coverage rather than to an empty cache matters: on a real capture the
   * first trace is often a run of synchronisation no-ops, and once it is cached the loop itself would
   * need the steady threshold's visits (several iterations) before its first replay.
   */
  private int threshold() {
    return cache.size() == 0 || (config.warmupByCoverage() && recentCoverage < 0.5)
        ? config.warmupVisitThreshold() : config.visitThreshold();
  }

  /**
   * Folds the traced fraction of the traceable operations forwarded since the previous ingestion
   * point into {@link #recentCoverage} (halving the weight of the past at each point, so that it
   * follows the last few ingestion intervals).
   */
  private void updateRecentCoverage() {
    long traced = tracedOps - tracedAtLastIngest;
    long all = traced + (untracedOps - untracedAtLastIngest);
    tracedAtLastIngest = tracedOps;
    untracedAtLastIngest = untracedOps;
    if (all > 0) {
      recentCoverage = 0.5 * recentCoverage + 0.5 * ((double) traced / all);
    }
  }

  /** A traceable operation with its token. */
  void push(O op, long token) {
    long pos = position++;
    pending.add(op, pos, token);
    advanceWatcher(token, pos);
    advanceCache(token, pos);
    if (pending.size() > config.maxPendingOps()) {
      matching.clear(); // abandon open matches: bounded memory beats a possible trace
    }
    decide();
  }

  /** A no-op operation: forwarded in order, invisible to matching. */
  void passThrough(O op) {
    if (pending.isEmpty()) {
      sink.op(op);
    } else {
      pending.add(op, -1, 0);
    }
  }

  /**
   * Breaks all open matches and forwards everything pending (replaying the matches that completed):
   * for untraceable operations, blocking waits and the end of the stream.
   */
  void flush(boolean consumesPosition) {
    watching.clear();
    for (int i = 0; i < matching.size; i++) {
      // a break ends a guess's match too, but says nothing of where its repeat ends: keep the part
      // seen twice, as the repeat mined would have been
      settle(matching.node(i), matching.starts[i], true);
    }
    matching.clear();
    decide();
    forwardBefore(Long.MAX_VALUE);
    pending.trim();
    if (consumesPosition) {
      replayed.wentOut(position, false, false, false);
      position++;
      resumedAt = position;
    }
  }

  private void advanceWatcher(long token, long pos) {
    Pointers<Candidate> p = watching;
    int w = 0;
    for (int i = 0; i < p.size; i++) {
      w = stepWatcher(p, p.node(i).child(token), p.starts[i], pos, w);
    }
    // the pointer that starts here, stepped from the root at once: one lookup in the root's map
    // instead of two (adding the root and then stepping it)
    Trie.Node<Candidate> first = watcher.root().child(token);
    if (first != null) {
      p.truncate(w);
      w = stepWatcher(p, first, pos, pos, w);
    }
    p.truncate(w);
    if (!promote.isEmpty()) {
      for (Candidate c : promote) {
        if (c.node != null && c.node.payload == c) {
          promoteCandidate(c);
        }
      }
      promote.clear();
    }
  }

  /** One watcher pointer's step to {@code next} (null: it dies); returns the pointers kept so far. */
  private int stepWatcher(Pointers<Candidate> p, Trie.Node<Candidate> next, long start, long pos, int w) {
    if (next == null) {
      return w;
    }
    if (next.payload != null) {
      Candidate c = next.payload;
      c.visit(start, pos + 1);
      if (c.visits >= threshold() && !promote.contains(c)) {
        promote.add(c);
      }
    }
    if (next.hasChildren()) {
      p.set(w++, next, start);
    }
    return w;
  }

  private void advanceCache(long token, long pos) {
    Pointers<Trace> p = matching;
    // the pointer that starts here is stepped from the root at once, after the others (its place
    // in their order), with one lookup in the root's map instead of two (see advanceWatcher)
    Trie.Node<Trace> first = cache.root().child(token);
    long promotions = cache.promotions;
    int w = 0;
    int n = p.size;
    for (int i = 0; i < n; i++) {
      Trie.Node<Trace> node = p.node(i);
      Trie.Node<Trace> next = node.child(token);
      if (next == null) {
        if (!settle(node, p.starts[i], false) && i == 0 && config.prefixTraces()
            && node.depth >= config.minTraceLength()) {
          split(node, p.starts[i]); // the earliest open match broke: its ops would go untraced
        }
        continue;
      }
      w = stepCache(p, next, p.starts[i], pos, w);
    }
    if (first != null && cache.promotions != promotions) {
      first = cache.root().child(token); // a split or a guess inserted traces, and may have evicted some
    }
    if (first != null) {
      p.truncate(w);
      w = stepCache(p, first, pos, pos, w);
    }
    p.truncate(w);
  }

  /** One cache pointer's step to {@code next}, not null; returns the pointers kept so far. */
  private int stepCache(Pointers<Trace> p, Trie.Node<Trace> next, long start, long pos, int w) {
    if (next.payload != null) {
      Trace t = next.payload;
      if (t.seenTwice > 0) {
        cache.confirm(t);
      }
      t.visit(start, pos + 1);
      completed.add(start, pos + 1, t);
    }
    if (next.hasChildren() && (config.prefixTraces() || next.payload == null)) {
      p.set(w++, next, start);
    }
    return w;
  }

  private void promoteCandidate(Candidate c) {
    watcher.remove(c.node);
    c.node = null;
    cache.promote(c.tokens, c.visits, c.periodic, c.continuation, c.residue, position);
  }

  /**
   * If the open match at {@code node}, started at {@code start}, is inside a guess past the part of it
   * seen twice and ends here, completes it as the trace the guess settles to (see
   * {@link TraceCache#settle}): its matched prefix, or at a break only the part seen twice. Returns
   * whether it did.
   */
  private boolean settle(Trie.Node<Trace> node, long start, boolean atBreak) {
    Trace g = cache.guessAt(node);
    if (g == null) {
      return false;
    }
    int k = atBreak ? g.seenTwice : node.depth;
    Trace t = cache.settle(g, k, position);
    t.visit(start, start + k);
    completed.add(start, start + k, t);
    return true;
  }

  /**
   * The earliest open match, at {@code node} after {@code node.depth} operations from {@code start},
   * broke on the current operation. The first time a trace breaks, its {@link DyadicPieces} become
   * traces (they occurred wherever it did), and the pieces that cover the operations it matched are
   * completed matches at once; from then on the pieces match by themselves, so later breaks cost at
   * most a smallest piece on either side instead of the whole trace. Without it a loop with an
   * operation inserted at random once an iteration (the noisy loop) lost half an iteration at each
   * insertion: the broken trace's operations and those up to the next trace's start.
   */
  private void split(Trie.Node<Trace> node, long start) {
    Trie.Node<Trace> leaf = node;
    while (leaf != null && leaf.payload == null) {
      leaf = leaf.anyChild();
    }
    if (leaf == null) {
      return; // its trace was evicted while the match was open
    }
    Trace whole = leaf.payload;
    if (whole.split || whole.seenTwice > 0) {
      return; // a guess's tail was seen once: no pieces of it
    }
    whole.split = true;
    long[] tokens = whole.tokens;
    int min = config.minTraceLength();
    double visits = whole.visits;
    DyadicPieces.forEach(tokens.length, min, (off, len) -> {
      long[] piece = Arrays.copyOfRange(tokens, off, off + len);
      if (cache.get(piece) == null) {
        cache.insert(piece, visits, position).split = true;
      }
    });
    DyadicPieces.decompose(node.depth, min, (off, len) -> {
      Trace piece = cache.get(Arrays.copyOfRange(tokens, off, off + len));
      if (piece != null) {
        piece.visit(start + off, start + off + len);
        completed.add(start + off, start + off + len, piece);
      }
    });
    splitTraces++;
  }

  /**
   * A break (a blocking wait, an untraceable operation) is about to cut the open matches. If the
   * earliest one inside a trace that tiles a loop (mined or matched back to back) has matched
   * {@code k > 0} operations, the trace is replaced by its
   * rotation {@code T[k..] T[..k]}, keeping its visits: the occurrence that starts right after the
   * break. If the loop goes on, it replays from there, instead of losing the rest of the cut
   * occurrence and the operations up to the trace's next start; a break that recurs at a multiple of
   * the trace's period (a convergence check every few iterations) then falls between two occurrences
   * and cuts nothing. Mining found the trace where the stream first became periodic, a phase the
   * program's checks do not know: s3d's two-iteration trace lost an occurrence at every check for
   * twenty iterations, and a plain Jacobi waiting every ten iterations kept 0.78 of its operations
   * traced, never steady. The old phase is not promoted again when mining reports it (it would win
   * the occurrences back until the next break), unless a later break rotates back to it; trace ids
   * follow content, so each distinct rotation is recorded once, at most {@code |T|} of them.
   * Replacing rather than adding keeps one phase of a loop in the cache: every rotation matches the
   * loop, each with its own open pointer. Only traces that tile a loop are rotated: the operations
   * after a break are a trace's own continuation only if it repeats back to back. Not handled: a
   * pointer that started at a recurrence of the trace's first token inside an occurrence (a false
   * start) is taken for the loop's phase, and when two loops share a prefix the first tiling trace
   * found below the pointer's node is rotated. Only with {@code prefixTraces}.
   */
  void rephase() {
    if (!config.rephaseAtBreaks() || !config.prefixTraces()) {
      return; // without prefix traces a rotation would have to pass the no-prefix rule: not built
    }
    for (int i = 0; i < matching.size; i++) {
      Trie.Node<Trace> node = matching.node(i);
      Trace t = node.depth > 0 ? LoopPhase.tilingBelow(node) : null;
      if (t == null) {
        continue;
      }
      if (cache.rotate(t, node.depth, position)) {
        matching.clear(); // its pointers reach into the trace the rotation replaced
      }
      return;
    }
  }

  /**
   * CLOCK (second chance): the oldest candidate goes unless it was seen since it last reached the head
   * of the queue; then it moves to the tail. Amortised O(1); removed candidates are skipped.
   */
  private void evictStalestCandidate() {
    while (!clock.isEmpty()) {
      Candidate c = clock.poll();
      if (c.node == null || c.node.payload != c) {
        continue; // promoted or evicted already
      }
      if (c.lastSeen > c.clockMark) {
        c.clockMark = position;
        clock.add(c);
        continue;
      }
      watcher.remove(c.node);
      c.node = null;
      return;
    }
  }

  /** Forwards and issues whatever can be decided at the current position (see class comment). */
  private void decide() {
    Matches c = completed;
    while (true) {
      long firstOpen = matching.firstStart();
      if (c.isEmpty()) {
        forwardBefore(Math.min(firstOpen, position));
        return;
      }
      int m0 = c.earliest();
      long m0End = c.ends[m0];
      forwardBefore(Math.min(firstOpen, c.starts[m0]));
      if (firstOpen < m0End) {
        return; // an open pointer may still complete an overlapping trace: wait
      }
      int best = -1;
      double bestScore = 0;
      for (int m = 0; m < c.size; m++) {
        if (c.starts[m] >= m0End || heldBack(c.traces[m])) {
          continue;
        }
        double s = c.traces[m].score(position);
        if (best < 0 || s > bestScore || (s == bestScore && Selection.better(c, m, best))) {
          best = m;
          bestScore = s;
        }
      }
      if (best < 0) { // only traces held back from recording: their operations go out untraced
        forwardBefore(m0End);
        c.dropStartingBefore(m0End);
        matching.dropStartingBefore(m0End);
        continue;
      }
      best = Selection.widest(c, best, held);
      if (config.loopsWin()) {
        best = Selection.loop(c, best, m0End, held);
      }
      long end = c.ends[best];
      long start = c.starts[best];
      Trace winner = c.traces[best];
      issue(start, end, winner);
      countLosses(c, start, end, winner);
      c.dropStartingBefore(end);
      matching.dropStartingBefore(end);
    }
  }

  /**
   * Traces that never won a selection and keep losing to an overlapping match that starts at another
   * position (rotations of the loop that won, out of phase with it) are evicted after
   * {@value #JUNK_LOSSES} losses: they are never issued, yet every operation starts and advances
   * pointers into them (hundreds per operation on long captures). A trace that loses to a longer one
   * starting at the same position is its prefix, kept as the fallback when the longer one fails. The
   * count is high because a new trace loses to the incumbent (whose score has a replay bonus) until
   * its own visits add up: with 8, cholesky's longer trace was evicted before it could win once.
   */
  private void countLosses(Matches c, long start, long end, Trace winner) {
    for (int m = 0; m < c.size; m++) {
      Trace t = c.traces[m];
      if (c.starts[m] < end && c.starts[m] != start && t != winner && t.replays == 0 && cache.holds(t)
          && ++t.losses >= JUNK_LOSSES) {
        cache.remove(t);
        losingEvictions++;
      }
    }
  }

  static final int JUNK_LOSSES = 64;



  /**
   * Whether {@code t} was never issued and is held back from its recording (see
   * {@link TraceCache#heldBack}); never a piece of a broken trace, made to be recorded where it broke.
   */
  private boolean heldBack(Trace t) {
    return !t.split && !issued.containsKey(t.id) && cache.heldBack(t, position);
  }

  /**
   * Forwards untraced every pending operation before token position {@code x} (and no-ops), each
   * traceable one with its token.
   */
  private void forwardBefore(long x) {
    while (!pending.isEmpty()) {
      long p = pending.headPosition();
      if (p >= 0 && p >= x) {
        return;
      }
      if (p >= 0) {
        tracedRun = 0;
        untracedOps++;
        replayed.wentOut(p, false, false, false);
      }
      forwardHead();
    }
  }

  /** Forwards the head pending operation; a traceable one with its token. Returns its position. */
  private long forwardHead() {
    long p = pending.headPosition();
    if (p >= 0) {
      long token = pending.headToken();
      sink.op(pending.poll(), token);
    } else {
      sink.op(pending.poll());
    }
    return p;
  }

  private void issue(long start, long end, Trace t) {
    forwardBefore(start);
    long id = t.id;
    sink.beginTrace(id);
    boolean replay = issued.addTo(id, 1) > 0; // a recording the first time
    long last = end - 1;
    while (true) {
      long p = forwardHead();
      if (p >= 0) {
        tracedRun++;
        replayed.wentOut(p, replay, p == start, t.residue);
      }
      if (p == last) {
        break;
      }
    }
    sink.endTrace(id);
    t.replays++;
    int len = t.length();
    tracedOps += len;
    if (replay) {
      replays++;
      replayedOps += len;
    } else {
      tracesRecorded++;
    }
  }
}
