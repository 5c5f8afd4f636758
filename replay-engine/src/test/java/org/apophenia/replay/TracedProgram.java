package org.apophenia.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apophenia.legion.api.Privilege;

/**
 * A random iterative program with manual trace annotations, after legion-runtime's RandomProgram: one
 * region tree (root of n points, three fields, a disjoint partition P, a ghost partition G with halo 1,
 * a nested partition Q of P[0]); a prologue, then a loop body repeated several times, then an epilogue.
 * Each iteration re-issues the body's operations with fresh arguments; with some probability one body
 * operation is replaced by a different one in an iteration (a fragment that differs between
 * iterations). One or two intervals of the body are bracketed by {@code tbegin/tend}. Bodies are
 * "replayable" (tasks without REDUCE) or mixed (fills and reductions too). With {@code futures}, about
 * a quarter more of the operations are index launches, and about a third of the tasks and index
 * launches also take the future of the operation 1 to 3 before them (a reduced future or a future map
 * for an index launch), usually inside the same trace. With {@code foldedReductions}, bodies reduce
 * but have no fills, and a task reading the whole root is issued just before each {@code tbegin} and
 * just before each {@code tend}: every trace then starts with no reductions pending and folds its own
 * inside it (without this option the engine folds them at the trace's boundaries instead).
 */
final class TracedProgram {
  /** One region requirement: region index, field mask, privilege. */
  record Req(int region, long mask, Privilege priv) {}

  /**
   * An item: an operation (kind 0 task, 1 index launch over P x G, 2 fill), or a trace marker. An
   * operation takes the future of the one {@code futureBack} before it as an argument (0: none).
   */
  sealed interface Item {}

  record Op(int kind, List<Req> reqs, long seed, int futureBack) implements Item {
    Op(int kind, List<Req> reqs, long seed) {
      this(kind, reqs, seed, 0);
    }
  }

  record Begin(int id) implements Item {}

  record End(int id) implements Item {}

  final int n;
  final int pieces;
  final List<Item> items = new ArrayList<>();
  final boolean mixed;
  /** Draws the future arguments, apart from {@code r} so that programs without them stay the same. */
  private final Random futureRandom;
  private final boolean noFills;

  TracedProgram(long seed, int iterations, int bodyLength, boolean mixed, double variation) {
    this(seed, iterations, bodyLength, mixed, variation, false);
  }

  /** {@code wholeBody}: one trace around each whole iteration (back-to-back replays). */
  TracedProgram(long seed, int iterations, int bodyLength, boolean mixed, double variation, boolean wholeBody) {
    this(seed, iterations, bodyLength, mixed, variation, wholeBody, false);
  }

  TracedProgram(long seed, int iterations, int bodyLength, boolean mixed, double variation, boolean wholeBody,
      boolean futures) {
    this(seed, iterations, bodyLength, mixed, variation, wholeBody, futures, false);
  }

  TracedProgram(long seed, int iterations, int bodyLength, boolean mixed, double variation, boolean wholeBody,
      boolean futures, boolean foldedReductions) {
    Random r = new Random(seed);
    futureRandom = futures ? new Random(seed * 31 + 7) : null;
    this.mixed = mixed || foldedReductions;
    mixed = this.mixed;
    Op readAll = new Op(0, List.of(new Req(0, 7, Privilege.READ_ONLY)), 0);
    n = 12 + r.nextInt(24);
    pieces = 2 + r.nextInt(3);
    int prologue = r.nextInt(4);
    for (int i = 0; i < prologue; i++) {
      items.add(randomOp(r, true));
    }
    List<Op> body = new ArrayList<>();
    noFills = foldedReductions;
    for (int i = 0; i < bodyLength; i++) {
      body.add(randomOp(r, mixed));
    }
    int a = wholeBody ? 0 : r.nextInt(bodyLength);
    int b = wholeBody ? bodyLength : a + 1 + r.nextInt(bodyLength - a);
    int id1 = r.nextInt(3);
    int c = !wholeBody && b < bodyLength && r.nextBoolean() ? b + 1 + r.nextInt(bodyLength - b) : -1;
    int id2 = (id1 + 1 + r.nextInt(2)) % 3;
    for (int it = 0; it < iterations; it++) {
      for (int i = 0; i < bodyLength; i++) {
        if (i == a) {
          if (foldedReductions) {
            items.add(readAll);
          }
          items.add(new Begin(id1));
        }
        if (i == b && c > 0) {
          if (foldedReductions) {
            items.add(readAll);
          }
          items.add(new Begin(id2));
        }
        Op t = body.get(i);
        items.add(r.nextDouble() < variation ? randomOp(r, mixed)
            : new Op(t.kind(), t.reqs(), r.nextLong(), t.futureBack()));
        if (i == b - 1) {
          if (foldedReductions) {
            items.add(readAll);
          }
          items.add(new End(id1));
        }
        if (i == c - 1) {
          if (foldedReductions) {
            items.add(readAll);
          }
          items.add(new End(id2));
        }
      }
    }
    int epilogue = r.nextInt(3);
    for (int i = 0; i < epilogue; i++) {
      items.add(randomOp(r, true));
    }
  }

  /** The trace id of {@link #withReplayableTail}'s iterations, apart from the ids 0-2 the body uses. */
  static final int TAIL_TRACE = 3;

  /**
   * This program followed by {@code iterations} identical iterations of a new body of {@code length}
   * replayable operations (tasks and index launches, no REDUCE, no fill, no future), each one whole
   * trace {@link #TAIL_TRACE}: an engine that memoizes replays some of them whatever came before (its
   * recording settles after at most two instances), so the laws can demand replays on every input.
   */
  TracedProgram withReplayableTail(long seed, int iterations, int length) {
    Random r = new Random(seed);
    List<Op> body = new ArrayList<>();
    for (int i = 0; i < length; i++) {
      body.add(randomOp0(r, false));
    }
    for (int it = 0; it < iterations; it++) {
      items.add(new Begin(TAIL_TRACE));
      for (Op t : body) {
        items.add(new Op(t.kind(), t.reqs(), r.nextLong()));
      }
      items.add(new End(TAIL_TRACE));
    }
    return this;
  }

  int regions() {
    return 1 + 2 * pieces + 2;
  }

  private Op randomOp(Random r, boolean mixed) {
    Op o = randomOp0(r, mixed);
    if (futureRandom != null && futureRandom.nextInt(4) == 0) {
      // more index launches: their futures have no event until tend while their points are deferred
      int a = futureRandom.nextInt(3);
      int b = (a + 1 + futureRandom.nextInt(2)) % 3;
      o = new Op(1, List.of(new Req(-1, 1L << a, Privilege.READ_WRITE), new Req(-2, 1L << b, Privilege.READ_ONLY)),
          o.seed());
    }
    if (futureRandom != null && o.kind() != 2 && futureRandom.nextInt(3) == 0) {
      return new Op(o.kind(), o.reqs(), o.seed(), 1 + futureRandom.nextInt(3));
    }
    return o;
  }

  private Op randomOp0(Random r, boolean mixed) {
    int k = r.nextInt(10);
    if (k == 0) {
      int a = r.nextInt(3);
      int b = (a + 1 + r.nextInt(2)) % 3;
      return new Op(1, List.of(new Req(-1, 1L << a, Privilege.READ_WRITE), new Req(-2, 1L << b, Privilege.READ_ONLY)),
          r.nextLong());
    }
    if (k == 1 && mixed && !noFills) {
      return new Op(2, List.of(new Req(r.nextInt(regions()), 1L << r.nextInt(3), Privilege.WRITE_DISCARD)),
          r.nextLong());
    }
    List<Req> reqs = new ArrayList<>();
    int m = 1 + r.nextInt(3);
    for (int j = 0; j < m; j++) {
      Privilege p = switch (r.nextInt(mixed ? 6 : 4)) {
        case 0, 1 -> Privilege.READ_ONLY;
        case 2 -> Privilege.READ_WRITE;
        case 3 -> Privilege.WRITE_DISCARD;
        case 4 -> Privilege.reduce(0);
        default -> Privilege.reduce(1);
      };
      reqs.add(new Req(r.nextInt(regions()), 1 + r.nextInt(7), p));
    }
    return new Op(0, reqs, r.nextLong());
  }
}
