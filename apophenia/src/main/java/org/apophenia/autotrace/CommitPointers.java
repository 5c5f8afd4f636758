package org.apophenia.autotrace;

import java.util.Arrays;

/**
 * The commit pointers of Algorithm 1 (paper Section 4.3; Legion's {@code CommitPointer}s): pointers
 * into the {@link TraceCache}'s trie, one per stream position where a match of a cached trace may
 * have begun, and the completed matches they produced, which wait in {@link #completed} for the
 * selection ({@link TraceIssuer}).
 *
 * <p><b>Per token.</b> Every open pointer steps on the token; one at a trace's end completes a match.
 * A pointer that cannot step is dropped, unless it was inside a guess past the part seen twice
 * ({@link #settle}), or it is the earliest and its trace breaks for the first time ({@link #split}).
 * A new pointer starts wherever the token begins some cached trace. With {@code prefixTraces} a
 * pointer goes on past a completed shorter trace (it may still complete a longer one); without, a
 * completed pointer is at a leaf (Legion's invariant, see {@link TraceCache#promote}).
 *
 * <p><b>Breaks.</b> A blocking wait or an untraceable operation ends every open pointer
 * ({@link #breakAll}); before that, a loop's trace whose earliest open match it cuts is rotated to
 * start where the program resumes ({@link #rephase}).
 *
 * <p><b>Memory.</b> At most one open pointer per start position, so never more than the trie's
 * depth; no allocation per operation once grown. Not thread-safe: the application thread owns it.
 */
final class CommitPointers implements Pointers.Walker<Trace> {
  private final TraceCache cache;
  /** The open pointers, in increasing order of start. */
  final Pointers<Trace> open;
  /** Completed matches not yet issued or dropped. */
  final Matches completed = new Matches();
  private final boolean prefixTraces;
  private final boolean rephaseAtBreaks;
  private final int minTraceLength;
  /** The reasons of {@code --explain}, or null (AutomaticTracing sets it). */
  Why why;

  CommitPointers(ApopheniaSettings settings, TraceCache cache) {
    this.cache = cache;
    this.open = new Pointers<>(cache.trie());
    this.prefixTraces = settings.get(Knobs.PREFIX_TRACES);
    this.rephaseAtBreaks = settings.get(Knobs.REPHASE_AT_BREAKS);
    this.minTraceLength = settings.get(Knobs.MIN_TRACE_LENGTH);
  }

  /** Steps every open pointer on the token at stream position {@code pos} (see the class comment). */
  void advance(long token, long pos) {
    Pointers<Trace> p = open;
    stepToken = token;
    stepPos = pos;
    // the pointer that starts here is stepped from the root at once, after the others (its place
    // in their order), with one lookup in the root's map instead of two (see OccurrenceWatcher.advance)
    Trie.Node<Trace> first = cache.root().child(token);
    long promotions = cache.promotions;
    int w = p.advance(token, this);
    if (first != null && cache.promotions != promotions) {
      first = cache.root().child(token); // a split or a guess inserted traces, and may have evicted some
    }
    p.truncate(w);
    if (first != null && reached(first, pos)) {
      p.set(w, first, pos); // the slot after the last: the set grows by one
    }
  }

  /** The token and position being stepped on, for the walker's calls. */
  private long stepToken;
  private long stepPos;

  @Override
  public void diverged(int i, Trie.Node<Trace> node, long start) {
    long pos = stepPos;
    if (why != null) { // a match over these positions diverged here
      Trie.Node<Trace> expected = node.anyChild();
      why.mark(start, pos, Reason.DIVERGED, expected == null ? 0 : expected.token, stepToken);
    }
    if (!settle(node, start, false, pos + 1) && i == 0 && prefixTraces && node.depth >= minTraceLength) {
      split(node, start, pos + 1); // the earliest open match broke: its ops would go untraced
    }
  }

  /** One pointer's step into {@code next}; returns whether it stays open. */
  @Override
  public boolean reached(Trie.Node<Trace> next, long start) {
    if (next.payload != null) {
      Trace t = next.payload;
      if (t.seenTwice > 0) {
        // its first match: the rest was seen once, and all of it if the match began before the guess
        // was cached (a pointer in a trace that shares its prefix), at the part's second occurrence
        cache.guessedOps += start < t.born ? t.length() : t.length() - t.seenTwice;
        cache.confirm(t);
      }
      t.visit(start, stepPos + 1);
      completed.add(start, stepPos + 1, t);
    }
    return next.hasChildren() && (prefixTraces || next.payload == null);
  }

  /**
   * A break at stream position {@code now}: every open pointer ends. One inside a guess completes as
   * the part of it seen twice, since a break says nothing of where the guessed repeat ends (as the
   * repeat mined would have been).
   */
  void breakAll(long now) {
    for (int i = 0; i < open.size; i++) {
      if (why != null) { // a break cut the match over these positions
        why.mark(open.starts[i], now, Reason.CUT_BY_BREAK, why.breakOp, why.breakKind);
      }
      settle(open.node(i), open.starts[i], true, now);
    }
    open.clear();
  }

  /** The pending queue outgrew its bound: the open matches are abandoned, bounded memory beats a possible trace. */
  void abandonOpen() {
    open.clear();
  }

  /** Drops the open pointers and the completed matches that started before {@code position}. */
  void dropStartingBefore(long position) {
    completed.dropStartingBefore(position);
    open.dropStartingBefore(position);
  }

  /**
   * If the open match at {@code node}, started at {@code start}, is inside a guess past the part of it
   * seen twice and ends here, completes it as the trace the guess settles to (see
   * {@link TraceCache#settle}): its matched prefix, or at a break only the part seen twice. Returns
   * whether it did.
   */
  private boolean settle(Trie.Node<Trace> node, long start, boolean atBreak, long now) {
    Trace g = cache.guessAt(node);
    if (g == null) {
      return false;
    }
    int k = atBreak ? g.seenTwice : node.depth;
    cache.guessedOps += start < g.born ? k : k - g.seenTwice;
    Trace t = cache.settle(g, k, now);
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
   * operation inserted at random once an iteration lost half an iteration at each insertion: the
   * broken trace's operations and those up to the next trace's start.
   */
  private void split(Trie.Node<Trace> node, long start, long now) {
    Trie.Node<Trace> leaf = node;
    while (leaf != null && leaf.payload == null) {
      leaf = leaf.anyChild();
    }
    if (leaf == null) {
      return; // its trace was evicted while the match was open
    }
    Trace whole = leaf.payload;
    if (whole.split || whole.seenTwice > 0 || whole.variant) {
      return; // a guess's tail was seen once: no pieces of it
    }
    whole.split = true;
    long[] tokens = whole.tokens;
    int min = minTraceLength;
    double visits = whole.visits;
    DyadicPieces.forEach(tokens.length, min, (off, len) -> {
      long[] piece = Arrays.copyOfRange(tokens, off, off + len);
      if (cache.get(piece) == null) {
        cache.insert(piece, visits, now).split = true;
      }
    });
    DyadicPieces.decompose(node.depth, tokens.length, min, (off, len) -> {
      Trace piece = cache.get(Arrays.copyOfRange(tokens, off, off + len));
      if (piece != null) {
        piece.visit(start + off, start + off + len);
        completed.add(start + off, start + off + len, piece);
      }
    });
  }

  /**
   * A break (a blocking wait, an untraceable operation) at stream position {@code now} is about to
   * cut the open matches. If the earliest one inside a trace that tiles a loop (mined or matched back
   * to back) has matched {@code k > 0} operations, the trace is replaced by its rotation
   * {@code T[k..] T[..k]}, keeping its visits: the occurrence that starts right after the break. If
   * the loop goes on, it is issued from there, instead of losing the rest of the cut occurrence and
   * the operations up to the trace's next start; a break that recurs at a multiple of the trace's
   * period (a convergence check every few iterations) then falls between two occurrences and cuts
   * nothing. Mining found the trace where the stream first became periodic, a phase the program's
   * checks do not know, so without rotation a check that recurs with the loop cuts an occurrence each
   * time, for as long as the loop runs. The old phase is not promoted again when mining reports it (it
   * would win the occurrences back until the next break), unless a later break rotates back to it;
   * trace ids follow content, so each distinct rotation is recorded once, at most {@code |T|} of them.
   * Replacing rather than adding keeps one phase of a loop in the cache: every rotation matches the
   * loop, each with its own open pointer. Only traces that tile a loop are rotated: the operations
   * after a break are a trace's own continuation only if it repeats back to back. Not handled: a
   * pointer that started at a recurrence of the trace's first token inside an occurrence (a false
   * start) is taken for the loop's phase, and when two loops share a prefix the first tiling trace
   * found below the pointer's node is rotated. Only with {@code prefixTraces}.
   */
  void rephase(long now) {
    if (!rephaseAtBreaks || !prefixTraces) {
      return; // without prefix traces a rotation would have to pass the no-prefix rule: not built
    }
    for (int i = 0; i < open.size; i++) {
      Trie.Node<Trace> node = open.node(i);
      Trace t = node.depth > 0 ? LoopPhase.tilingBelow(node) : null;
      if (t == null) {
        continue;
      }
      if (cache.rotate(t, node.depth, now)) {
        open.clear(); // its pointers reach into the trace the rotation replaced
      }
      return;
    }
  }
}
