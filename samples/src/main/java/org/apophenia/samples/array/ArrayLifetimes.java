package org.apophenia.samples.array;

import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.Rect;

/**
 * Where every {@link NdArray} of a context is made and where it dies: the one place that knows an
 * array's lifetime. An array is made here as an operation's result (a temporary, in a region from the
 * {@link RegionPool} or a new one) or as a view of a named array; it is named by {@link #let} or
 * {@link #rebind}, and its region goes back to the pool when an operation consumes it (a temporary)
 * or when it is rebound or released (a named array, with its views). See {@link NdArray} for the
 * rules a program follows, and {@link RegionPool} for why the pool's choice is deterministic.
 *
 * <p>Every check that an array may be used ({@link #check}) is here too, so that a use of a dead array
 * fails naming what killed it. O(1) per array made or freed, besides the pool's O(log free regions).
 * Not thread-safe: one application thread.
 */
final class ArrayLifetimes {
  private final Operations ops;
  private final LegionRuntime runtime;
  private final FieldSpace fieldSpace;
  private final Field field;
  private final int tiles;
  private final RegionPool pool = new RegionPool();
  /** Regions the pool had to create, and where: a pool that only grows is a program's mistake. */
  final PoolGrowth growth = new PoolGrowth();

  /** Lifetimes of the arrays {@code ops} works on: regions in {@code fieldSpace}, cut into at most {@code tiles}. */
  ArrayLifetimes(Operations ops, LegionRuntime runtime, FieldSpace fieldSpace, Field field, int tiles) {
    this.ops = ops;
    this.runtime = runtime;
    this.fieldSpace = fieldSpace;
    this.field = field;
    this.tiles = tiles;
  }

  // ------------------------------------------------------------------ birth

  /** A temporary of {@code shape}: a free region of that shape if the pool has one, else a new region. */
  NdArray alloc(Shape shape) {
    Storage s = pool.take(shape);
    if (s == null) {
      growth.regionCreated();
      s = new Storage(runtime, runtime.createRegion(runtime.createIndexSpace(shape.rect()), fieldSpace), field, shape,
          tiles);
    }
    return new NdArray(ops, s, s.root.bounds(), NdArray.Kind.TEMPORARY);
  }

  /** The view {@code a[r0:r1]} (1-D) or {@code a[r0:r1, c0:c1]} (2-D) of a named array or view. */
  NdArray view(NdArray a, int r0, int r1, int c0, int c1) {
    viewable(a);
    Shape s = a.shape();
    boolean two = s.dims() == 2;
    if (r0 < 0 || r1 > s.rows() || r0 >= r1 || two && (c0 < 0 || c1 > s.cols() || c0 >= c1)) {
      throw new IndexOutOfBoundsException("view [" + r0 + ":" + r1 + (two ? ", " + c0 + ":" + c1 : "")
          + "] is not a non-empty part of " + s);
    }
    Rect r = two ? Rect.of(a.rect.lo(0) + r0, a.rect.lo(1) + c0, a.rect.lo(0) + r1 - 1, a.rect.lo(1) + c1 - 1)
        : Rect.of(a.rect.lo(0) + r0, a.rect.lo(0) + r1 - 1);
    return new NdArray(ops, a.storage, r, NdArray.Kind.VIEW);
  }

  /** The view of {@code a}'s shape moved by {@code (dr, dc)} in its region: for stencils. */
  NdArray shifted(NdArray a, int dr, int dc) {
    viewable(a);
    Rect r = a.rect.dim() == 2 ? Rect.of(a.rect.lo(0) + dr, a.rect.lo(1) + dc, a.rect.hi(0) + dr, a.rect.hi(1) + dc)
        : Rect.of(a.rect.lo(0) + dr, a.rect.hi(0) + dr);
    if (!a.storage.root.bounds().contains(r)) {
      throw new IndexOutOfBoundsException("shifting " + a + " by (" + dr + ", " + dc + ") leaves the array");
    }
    return new NdArray(ops, a.storage, r, NdArray.Kind.VIEW);
  }

  private void viewable(NdArray a) {
    check(a);
    if (a.kind == NdArray.Kind.TEMPORARY) {
      throw new IllegalArgumentException("cannot view a temporary (it would die when consumed); name it with let");
    }
  }

  // ------------------------------------------------------------------ names

  /** Names temporary {@code a}: it now lives until rebound or released. Returns it. */
  NdArray let(NdArray a) {
    check(a);
    if (a.kind != NdArray.Kind.TEMPORARY) {
      throw new IllegalArgumentException("let needs a temporary (an operation's result), got " + a
          + "; use copy() to duplicate a named array");
    }
    a.kind = NdArray.Kind.NAMED;
    return a;
  }

  /** {@code old = value}: names {@code value} if it is a temporary, then frees {@code old}'s region. */
  NdArray rebind(NdArray old, NdArray value) {
    check(value);
    if (value.kind != NdArray.Kind.NAMED) {
      let(value);
    }
    release(old);
    return value;
  }

  // ------------------------------------------------------------------ death

  /** Frees a named array's region for reuse; its views die with it. */
  void release(NdArray a) {
    check(a);
    if (a.kind != NdArray.Kind.NAMED) {
      throw new IllegalArgumentException("only named arrays are released, got " + a);
    }
    pool.release(a.storage);
  }

  /** {@code a} was an operand of an operation just issued: a temporary dies there. */
  void consume(NdArray a) {
    if (a.kind == NdArray.Kind.TEMPORARY && a.isAlive()) {
      pool.release(a.storage);
    }
  }

  // ------------------------------------------------------------------ checks

  /** IllegalArgumentException if {@code a} is another context's, IllegalStateException if it is dead. */
  void check(NdArray a) {
    if (a.ops != ops) {
      throw new IllegalArgumentException(a + " belongs to another array context");
    }
    if (!a.isAlive()) {
      throw new IllegalStateException(a + " is dead: a temporary is consumed by its first use and a named array"
          + " dies when rebound or released (name a temporary with let to use it twice)");
    }
  }

  /** {@link #check}, and IllegalArgumentException if {@code target} is a temporary (nobody would see the write). */
  void checkTarget(NdArray target) {
    check(target);
    if (target.kind == NdArray.Kind.TEMPORARY) {
      throw new IllegalArgumentException("assigning into a temporary has no effect anyone can see; name it first");
    }
  }
}
