package org.apophenia.autotrace;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.function.Predicate;

/**
 * What goes out to the sink, and when (paper Sections 4.3 and 5.2; in Legion, the trace cache's
 * operation queue and {@code replay_trace}): the operations received but not yet forwarded, the
 * selection of which completed match of the {@link CommitPointers} to issue, and the issuing itself,
 * {@code beginTrace(id)}, the trace's operations, {@code endTrace(id)}.
 *
 * <p><b>Selection without speculation (Section 5.2).</b> Operations before the earliest open pointer
 * and the earliest completed match can never be traced and are forwarded at once. Given the earliest
 * completed match {@code m0}, the issuer waits while some open pointer started before {@code m0.end}
 * (it may still complete an overlapping, better trace; waiting is bounded by the longest trace). Then
 * it picks the best-scoring completed match starting before {@code m0.end} (ties: longer, earlier,
 * smaller id; then the rules of {@link Selection}), forwards the operations before it untraced, issues
 * it, and drops every match and pointer overlapping it. A trace is issued only after all its
 * operations arrived.
 *
 * <p><b>Recordings and reissues.</b> The first occurrence of a trace id that goes out is its
 * recording (the runtime records it); every later one is a reissue, which the runtime may replay.
 * Which recent positions went out inside a reissue is kept in {@link ReissuedPositions}, for
 * {@link Residue}.
 *
 * <p><b>Memory.</b> The pending queue holds at most {@code maxPendingOps} operations: past that, the
 * open pointers are abandoned and the queue drains. Not thread-safe: the application thread owns it.
 *
 * @param <O> the operation type
 */
final class TraceIssuer<O> {
  /**
   * Losses after which a trace never issued is evicted (see {@link #countLosses}). High because a new
   * trace loses to the incumbent, whose score has a bonus for being issued before, until its own
   * visits add up over several of its occurrences: a low count evicts a better trace found late before
   * it can win once.
   */
  static final int JUNK_LOSSES = 64;

  private final TraceSink<O> sink;
  private final TraceCache cache;
  private final Pointers<Trace> open;
  private final Matches completed;
  private final CommitPointers pointers;
  private final PendingQueue<O> pending = new PendingQueue<>();
  /** Times each trace id was issued: 1 for a recording never reissued. */
  private final Long2IntOpenHashMap issued = new Long2IntOpenHashMap();
  /** Which recent positions went out inside a reissue, for {@link Residue}. */
  private final ReissuedPositions reissued;
  private final Predicate<Trace> held = this::heldBack;
  private final boolean loopsWin;
  private final int maxPendingOps;
  /** The reasons of {@code --explain}, or null (AutomaticTracing sets it). */
  Why why;
  /** Stream positions given out: traceable operations and breaks. */
  private long position;

  private long tracedOps;
  /** Traceable operations forwarded outside traces. */
  private long untracedOps;
  /** Traceable operations forwarded inside trace markers since the last one forwarded outside. */
  private long tracedRun;
  /** Traceable operations forwarded outside traces since the last one forwarded inside. */
  private long untracedRun;
  /**
   * Untraced operations whose token recurred and was never traced, for the back-off; null at a reset
   * run of 1. Fed once a first trace has gone out: before, the back-off is not in effect, and a stream
   * that never repeats pays nothing for it.
   */
  private final UntracedRecurrence recurrence;
  private long reissuedOps;
  private long tracesRecorded;
  private long reissues;
  private long losingTracesEvicted;

  TraceIssuer(ApopheniaSettings settings, TraceSink<O> sink, TraceCache cache, CommitPointers pointers) {
    this.sink = sink;
    this.cache = cache;
    this.pointers = pointers;
    this.open = pointers.open;
    this.completed = pointers.completed;
    this.loopsWin = settings.get(Knobs.LOOPS_WIN);
    this.maxPendingOps = settings.get(Knobs.MAX_PENDING_OPS);
    int batchSize = settings.get(Knobs.BATCH_SIZE);
    // at a reset run of 1 every untraced operation resets the back-off: nothing to tell apart. The
    // horizon is the history the finder mines: farther apart, no window holds both occurrences
    this.recurrence = settings.get(Knobs.BACK_OFF_RESET_RUN) > 1
        ? new UntracedRecurrence((long) settings.get(Knobs.HISTORY_BUFFERS) * batchSize) : null;
    // the history, and how long after its launch a window is ingested at the latest
    this.reissued = new ReissuedPositions(settings.get(Knobs.HISTORY_BUFFERS) * batchSize
        + Math.max(settings.get(Knobs.INGESTION_DELAY), batchSize));
  }

  /** The next stream position (traceable operations and breaks so far). */
  long position() {
    return position;
  }

  ReissuedPositions reissued() {
    return reissued;
  }

  int pending() {
    return pending.size();
  }

  long tracedOps() {
    return tracedOps;
  }

  long untracedOps() {
    return untracedOps;
  }

  long tracedRun() {
    return tracedRun;
  }

  long untracedRun() {
    return untracedRun;
  }

  /** Operations forwarded untraced so far whose token recurred and was never traced ({@link UntracedRecurrence}); 0 at a reset run of 1. */
  long recurringUntraced() {
    return recurrence == null ? 0 : recurrence.count();
  }

  long reissuedOps() {
    return reissuedOps;
  }

  long tracesRecorded() {
    return tracesRecorded;
  }

  long reissues() {
    return reissues;
  }

  long losingTracesEvicted() {
    return losingTracesEvicted;
  }

  /** Trace ids issued once: recorded and never reissued (so far). O(ids), for statistics. */
  long tracesIssuedOnce() {
    long n = 0;
    for (var it = issued.values().iterator(); it.hasNext(); ) {
      n += it.nextInt() == 1 ? 1 : 0;
    }
    return n;
  }

  /** A traceable operation with its token joins the pending queue; returns its stream position. */
  long enqueue(O op, long token) {
    long pos = position++;
    pending.add(op, pos, token);
    if (recurrence != null && tracedOps > 0) {
      recurrence.arrived(token, pos);
    }
    if (why != null) {
      why.arrived(pos);
    }
    return pos;
  }

  /**
   * After the pointers stepped on the latest token: bounds the pending queue, then forwards and
   * issues whatever can be decided.
   */
  void afterToken() {
    if (pending.size() > maxPendingOps) {
      if (why != null) {
        why.mark(0, position, Reason.PENDING_FLUSHED, maxPendingOps, 0);
      }
      open.clear(); // abandon open matches: bounded memory beats a possible trace
    }
    decide();
  }

  /** A no-op operation: forwarded in order, invisible to matching. */
  void passThrough(O op) {
    if (pending.isEmpty()) {
      if (why != null) {
        why.forwardingNoOp();
      }
      sink.op(op);
    } else {
      pending.add(op, -1, 0);
    }
  }

  /**
   * Forwards everything pending, issuing the matches that completed, once the open pointers are
   * gone: for untraceable operations and blocking waits ({@code atBreak}, which take a stream
   * position of their own) and the end of the stream.
   */
  void flush(boolean atBreak) {
    decide();
    if (why != null && atBreak) {
      why.breaking(position);
    }
    forwardBefore(Long.MAX_VALUE);
    pending.trim();
    if (atBreak) {
      reissued.wentOut(position, false, false, false);
      position++;
    }
  }

  /** Forwards and issues whatever can be decided at the current position (see the class comment). */
  private void decide() {
    Matches c = completed;
    while (true) {
      long firstOpen = open.firstStart();
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
        pointers.dropStartingBefore(m0End);
        continue;
      }
      best = Selection.widest(c, best, held);
      if (loopsWin) {
        best = Selection.loop(c, best, m0End, held);
      }
      long end = c.ends[best];
      long start = c.starts[best];
      Trace winner = c.traces[best];
      issue(start, end, winner);
      countLosses(c, start, end, winner);
      pointers.dropStartingBefore(end);
    }
  }

  /**
   * Traces that never won a selection and keep losing to an overlapping match that starts at another
   * position (rotations of the loop that won, out of phase with it) are evicted after
   * {@value #JUNK_LOSSES} losses: they are never issued, yet every operation starts and advances
   * pointers into them (hundreds per operation on long streams). A trace that loses to a longer one
   * starting at the same position is its prefix, kept as the fallback when the longer one fails.
   */
  private void countLosses(Matches c, long start, long end, Trace winner) {
    for (int m = 0; m < c.size; m++) {
      Trace t = c.traces[m];
      if (c.starts[m] < end && c.starts[m] != start && t != winner && t.issues == 0 && cache.holds(t)
          && ++t.losses >= JUNK_LOSSES) {
        cache.remove(t);
        losingTracesEvicted++;
      }
    }
  }

  /**
   * Whether {@code t} was never issued and is held back from its recording (see
   * {@link TraceCache#heldBack}); never a piece of a broken trace, made to be recorded where it broke.
   */
  private boolean heldBack(Trace t) {
    return !t.split && !issued.containsKey(t.id) && cache.heldBack(t, position);
  }

  /**
   * Forwards untraced every pending operation before stream position {@code x} (and no-ops), each
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
        untracedRun++;
        if (recurrence != null && tracedOps > 0) {
          recurrence.wentOutUntraced(pending.headToken());
        }
        untracedOps++;
        reissued.wentOut(p, false, false, false);
      }
      if (why != null) {
        if (p >= 0) {
          why.forwarding(p);
        } else {
          why.forwardingNoOp();
        }
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
    if (why != null) {
      why.issuing(start, end);
    }
    forwardBefore(start);
    long id = t.id;
    sink.beginTrace(id);
    boolean reissue = issued.addTo(id, 1) > 0; // a recording the first time
    long last = end - 1;
    while (true) {
      if (recurrence != null && pending.headPosition() >= 0) {
        recurrence.wentOutTraced(pending.headToken());
      }
      long p = forwardHead();
      if (p >= 0) {
        tracedRun++;
        untracedRun = 0;
        reissued.wentOut(p, reissue, p == start, t.residue);
      }
      if (p == last) {
        break;
      }
    }
    sink.endTrace(id);
    if (why != null) {
      why.issued(end);
    }
    t.issues++;
    int len = t.length();
    tracedOps += len;
    if (reissue) {
      reissues++;
      reissuedOps += len;
      if (t.variantOf != null) {
        t.variantOf.variants--; // a variant that is replayed pays for itself: it frees its place
        t.variantOf = null;
      }
    } else {
      tracesRecorded++;
    }
  }
}
