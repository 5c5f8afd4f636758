package org.apophenia.legion.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.Coherence;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Rect;

/**
 * A random program over one region tree for the properties: a root of {@code n} points with three
 * fields, a disjoint block partition P, an aliased ghost partition G (halo 1), a nested partition Q
 * of P[0] (the halves), an aliased ghost partition R (2 pieces, halo 1) of Q[1] (region depth 3 below
 * the root) and an aliased ghost partition H (2 pieces, halo 1) of the last G subregion (aliased under
 * aliased); single tasks with 1-3 random requirements (privileges RO, RW, WD, REDUCE sum, REDUCE xor),
 * index launches over P (write) with G (read), and fills. Requirements of one task never interfere.
 * With {@link Modes}, requirements of single tasks also get a random coherence (half of them
 * exclusive, the rest atomic, simultaneous and relaxed alike), drawn from a stream of its own so that
 * the exclusive programs are the same as before.
 * Field f1 is DOUBLE (a {@code double[]} instance) and the others LONG, so that every movement of data
 * (copies between memories, folds, fills) is checked to keep arbitrary 64-bit patterns, NaN payloads
 * included, exact in both storage kinds.
 */
final class RandomProgram {
  /** One region requirement: the region's index in {@link Tree#regions}, fields, privilege, coherence. */
  record Req(int region, long mask, Privilege priv, Coherence coh) {
    Req(int region, long mask, Privilege priv) {
      this(region, mask, priv, Coherence.EXCLUSIVE);
    }
  }

  /** One operation: kind 0 task, 1 index launch over P x G, 2 fill (field = bit of mask). */
  record Op(int kind, List<Req> reqs, long seed) {}

  final int n;
  final int pieces;
  final List<Op> ops = new ArrayList<>();

  /** Which requirements get a random coherence. */
  enum Modes {
    /** None: every requirement is exclusive (the programs as before). */
    EXCLUSIVE,
    /** Every requirement of a single task. */
    MIXED,
    /**
     * Every one but reductions, which stay exclusive: a non-exclusive reduction's contributions are
     * folded in issue order whenever its task ran, which an interpreter following the machine's order
     * of task bodies cannot follow (for concurrent modes any result is allowed).
     */
    MIXED_EXCEPT_REDUCTIONS
  }

  RandomProgram(long seed, int length) {
    this(seed, length, Modes.EXCLUSIVE);
  }

  RandomProgram(long seed, int length, Modes modes) {
    Random r = new Random(seed);
    Random c = new Random(~seed);
    n = 12 + r.nextInt(24);
    pieces = 2 + r.nextInt(3);
    int regions = 1 + 2 * pieces + 6;
    for (int i = 0; i < length; i++) {
      int k = r.nextInt(10);
      if (k == 0) {
        int a = r.nextInt(3);
        int b = (a + 1 + r.nextInt(2)) % 3;
        ops.add(new Op(1, List.of(new Req(-1, 1L << a, Privilege.READ_WRITE),
            new Req(-2, 1L << b, Privilege.READ_ONLY)), r.nextLong()));
        continue;
      }
      if (k == 1) {
        ops.add(new Op(2, List.of(new Req(r.nextInt(regions), 1L << r.nextInt(3), Privilege.WRITE_DISCARD)),
            r.nextLong()));
        continue;
      }
      List<Req> reqs = new ArrayList<>();
      int m = 1 + r.nextInt(3);
      for (int j = 0; j < m; j++) {
        Privilege p = switch (r.nextInt(6)) {
          case 0, 1 -> Privilege.READ_ONLY;
          case 2 -> Privilege.READ_WRITE;
          case 3 -> Privilege.WRITE_DISCARD;
          case 4 -> Privilege.reduce(0);
          default -> Privilege.reduce(1);
        };
        long mask = 1 + r.nextInt(7);
        boolean exclusive = modes == Modes.EXCLUSIVE
            || modes == Modes.MIXED_EXCEPT_REDUCTIONS && p instanceof Privilege.Reduce;
        Coherence coh = exclusive ? Coherence.EXCLUSIVE : switch (c.nextInt(6)) {
          case 0, 1, 2 -> Coherence.EXCLUSIVE;
          case 3 -> Coherence.ATOMIC;
          case 4 -> Coherence.SIMULTANEOUS;
          default -> Coherence.RELAXED;
        };
        reqs.add(new Req(r.nextInt(regions), mask, p, coh));
      }
      ops.add(new Op(0, reqs, r.nextLong()));
    }
  }

  /** The program's regions in a runtime. */
  static final class Tree {
    final LogicalRegion root;
    final Partition p;
    final Partition g;
    final Partition q;
    final Partition r;
    final Partition h;
    final List<LogicalRegion> regions = new ArrayList<>();
    final Field[] fields = new Field[3];

    Tree(LegionRuntime rt, int n, int pieces) {
      FieldSpace fs = rt.createFieldSpace();
      for (int i = 0; i < 3; i++) {
        fields[i] = fs.allocate("f" + i, i == 1 ? FieldType.DOUBLE : FieldType.LONG);
      }
      root = rt.createRegion(rt.createIndexSpace(Rect.of(0, n - 1)), fs);
      p = rt.partitionEqual(root, pieces);
      g = rt.partitionWithGhosts(root, pieces, 1);
      q = rt.partitionEqual(p.subregion(0), 2);
      r = rt.partitionWithGhosts(q.subregion(1), 2, 1);
      h = rt.partitionWithGhosts(g.subregion(pieces - 1), 2, 1);
      regions.add(root);
      regions.addAll(p.subregions());
      regions.addAll(g.subregions());
      regions.addAll(q.subregions());
      regions.addAll(r.subregions());
      regions.addAll(h.subregions());
    }

    Field[] fieldsOf(long mask) {
      List<Field> out = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        if ((mask >>> i & 1) != 0) {
          out.add(fields[i]);
        }
      }
      return out.toArray(new Field[0]);
    }
  }

  /**
   * The rectangles of {@link Tree#regions} computed independently of the runtime (the oracle's view):
   * root, P blocks, G blocks widened by 1, Q halves of P[0], R halves of Q[1] widened by 1, H halves of
   * the last G block widened by 1 (all clipped to their parent).
   */
  static List<Rect> regionRects(int n, int k) {
    List<Rect> out = new ArrayList<>();
    out.add(Rect.of(0, n - 1));
    out.addAll(blocks(0, n - 1, k, 0));
    out.addAll(blocks(0, n - 1, k, 1));
    Rect p0 = out.get(1);
    out.addAll(blocks(p0.lo(0), p0.hi(0), 2, 0));
    Rect q1 = out.get(out.size() - 1);
    out.addAll(blocks(q1.lo(0), q1.hi(0), 2, 1));
    Rect gl = out.get(2 * k);
    out.addAll(blocks(gl.lo(0), gl.hi(0), 2, 1));
    return out;
  }

  private static List<Rect> blocks(long lo, long hi, int k, int halo) {
    long m = hi - lo + 1;
    List<Rect> out = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      out.add(Rect.of(Math.max(lo, lo + m * i / k - halo), Math.min(hi, lo + m * (i + 1) / k - 1 + halo)));
    }
    return out;
  }

  /** Whether two requirements (resolved to rectangles) interfere: points, fields, then privilege. */
  static boolean interfere(Rect a, long ma, Privilege pa, Rect b, long mb, Privilege pb) {
    return a.intersects(b) && (ma & mb) != 0 && pa.interferesWith(pb);
  }

  /**
   * The oracle's own reading of the coherence table (Legion thesis §9.1, Legion's dependence check),
   * written out case by case rather than through {@link Coherence#between}: how two interfering
   * requirements are ordered.
   */
  static Coherence.Order order(Coherence a, Privilege pa, Coherence b, Privilege pb) {
    boolean aReads = pa instanceof Privilege.ReadOnly;
    boolean bReads = pb instanceof Privilege.ReadOnly;
    if (a == Coherence.EXCLUSIVE || b == Coherence.EXCLUSIVE) {
      return Coherence.Order.PROGRAM; // exclusive: program order for the exclusive one's sake
    }
    if (a == Coherence.ATOMIC && b == Coherence.ATOMIC) {
      // serialised, but a reduction's effect is folded in issue order: program order (Coherence.between)
      return pa instanceof Privilege.Reduce || pb instanceof Privilege.Reduce ? Coherence.Order.PROGRAM
          : Coherence.Order.SERIALISED;
    }
    if (a == Coherence.ATOMIC) {
      return b == Coherence.RELAXED || bReads ? Coherence.Order.CONCURRENT : Coherence.Order.PROGRAM;
    }
    if (b == Coherence.ATOMIC) {
      return a == Coherence.RELAXED || aReads ? Coherence.Order.CONCURRENT : Coherence.Order.PROGRAM;
    }
    return Coherence.Order.CONCURRENT; // simultaneous and relaxed, with each other
  }
}
