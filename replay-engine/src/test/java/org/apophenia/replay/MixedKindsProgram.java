package org.apophenia.replay;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * A random valid loop whose body mixes every kind of operation a trace can hold: single tasks,
 * index launches (one operation per point), fills, copies, reduction copies and execution fences,
 * the body repeated under one trace annotation per iteration. One region tree: a root of {@link #N}
 * points with three fields and an equal partition into {@link #PIECES} pieces; region 0 is the root,
 * region {@code 1 + i} piece i. Every body holds each kind at least once. Operations keep their fill
 * values and operators across iterations (a different value is a different operation); tasks take
 * the iteration as an argument, so the data changes every iteration. Immutable.
 */
record MixedKindsProgram(List<Step> body, int iterations) {
  static final int N = 32;
  static final int PIECES = 4;
  static final int FIELDS = 3;

  MixedKindsProgram {
    body = List.copyOf(body);
  }

  /** One operation of the body. A closed family of immutable values. */
  sealed interface Step {}

  /** A single task: {@code rw[i] = rw[i] * 31 + ro[i] + salt + iteration} over {@code region}. */
  record Task(int region, int rw, int ro, long salt) implements Step {}

  /** The same update as an index launch over the partition, one point per piece. */
  record IndexTask(int rw, int ro, long salt) implements Step {}

  /** Fills with {@code value}, plus the iteration's parity if {@code alternates}: two operations. */
  record Fill(int region, int field, long value, boolean alternates) implements Step {}

  /** Copies (or, with {@code reduce}, folds with integer sum) {@code sf} of src into {@code df} of dst. */
  record Copy(int src, int sf, int dst, int df, boolean reduce) implements Step {}

  record Fence() implements Step {}

  /** A random program: each kind once, plus up to {@code extra} random operations, in random order. */
  static MixedKindsProgram random(long seed, int iterations, int extra) {
    Random r = new Random(seed);
    List<Step> body = new ArrayList<>();
    body.add(task(r));
    body.add(indexTask(r));
    body.add(fill(r));
    body.add(copy(r, false));
    body.add(copy(r, true));
    body.add(new Fence());
    for (int i = 0; i < extra; i++) {
      body.add(switch (r.nextInt(6)) {
        case 0 -> task(r);
        case 1 -> indexTask(r);
        case 2 -> fill(r);
        case 3 -> copy(r, false);
        case 4 -> copy(r, true);
        default -> new Fence();
      });
    }
    Collections.shuffle(body, r);
    return new MixedKindsProgram(body, iterations);
  }

  private static Task task(Random r) {
    int rw = r.nextInt(FIELDS);
    return new Task(r.nextInt(PIECES + 1), rw, (rw + 1 + r.nextInt(FIELDS - 1)) % FIELDS, r.nextInt(1000));
  }

  private static IndexTask indexTask(Random r) {
    int rw = r.nextInt(FIELDS);
    return new IndexTask(rw, (rw + 1 + r.nextInt(FIELDS - 1)) % FIELDS, r.nextInt(1000));
  }

  private static Fill fill(Random r) {
    return new Fill(r.nextInt(PIECES + 1), r.nextInt(FIELDS), r.nextInt(100), false);
  }

  /** Source and destination overlap (the same region, or the root and a piece), fields differ. */
  private static Copy copy(Random r, boolean reduce) {
    int piece = 1 + r.nextInt(PIECES);
    int src;
    int dst;
    switch (r.nextInt(3)) {
      case 0 -> {
        src = piece;
        dst = piece;
      }
      case 1 -> {
        src = 0;
        dst = piece;
      }
      default -> {
        src = piece;
        dst = 0;
      }
    }
    int sf = r.nextInt(FIELDS);
    return new Copy(src, sf, dst, (sf + 1 + r.nextInt(FIELDS - 1)) % FIELDS, reduce);
  }
}
