package org.apophenia.sim;

import java.util.Arrays;
import org.apophenia.sim.machine.Durations;

/**
 * The storage of the {@link Engine}'s event graph: one entry per operation in a structure of primitive
 * arrays that double when full, and the precondition edges (event to waiting operation) as singly
 * linked lists in two int arrays. Kept apart from the engine's time loop so that each reads in one
 * sitting; the engine is its only subclass. About 60 bytes per operation and 8 per edge. Not
 * thread-safe.
 */
abstract class OpTable {
  // Per operation (structure of arrays).
  int ops;
  /** {@link EventKind#code} of each op. */
  byte[] kind = new byte[0];
  /** Processor of a task; current hop of a copy or fill. */
  int[] resource = new int[0];
  long[] duration = new long[0];
  int[] pending = new int[0];
  long[] ready = new long[0];
  long[] trigger = new long[0];
  long[] ef = new long[0];
  int[] critPred = new int[0];
  int[] firstEdge = new int[0];
  String[] name = new String[0];
  /** Runnable body of a task or runtime work; Route of a copy or fill. */
  Object[] payload = new Object[0];

  // Precondition edges: event -> waiting op.
  int edges;
  int[] edgeNext = new int[0];
  int[] edgeTarget = new int[0];

  void addEdge(int pre, int op) {
    if (edges == edgeNext.length) {
      int cap = Math.max(1024, edges * 2);
      edgeNext = Arrays.copyOf(edgeNext, cap);
      edgeTarget = Arrays.copyOf(edgeTarget, cap);
    }
    edgeNext[edges] = firstEdge[pre];
    edgeTarget[edges] = op;
    firstEdge[pre] = edges++;
  }

  void grow() {
    // doubling: the arrays are copied about once per op in all (growing by half copies them about
    // twice, which shows in a replay: it issues little else per op)
    int cap = Math.max(1024, kind.length * 2);
    kind = Arrays.copyOf(kind, cap);
    resource = Arrays.copyOf(resource, cap);
    duration = Arrays.copyOf(duration, cap);
    pending = Arrays.copyOf(pending, cap);
    ready = Arrays.copyOf(ready, cap);
    trigger = Arrays.copyOf(trigger, cap);
    ef = Arrays.copyOf(ef, cap);
    critPred = Arrays.copyOf(critPred, cap);
    firstEdge = Arrays.copyOf(firstEdge, cap);
    name = Arrays.copyOf(name, cap);
    payload = Arrays.copyOf(payload, cap);
  }

  // ---------------------------------------------------------------- for TaskPhases

  long[] readyTimes() {
    return ready;
  }

  int resourceOf(int op) {
    return resource[op];
  }

  void setResource(int op, int r) {
    resource[op] = r;
  }

  String nameOf(int op) {
    return name[op];
  }

  long ef(int op) {
    return ef[op];
  }

  /** A task's own duration joins its earliest finish (what becomeReady does for a plain task). */
  void addOwnDuration(int op) {
    ef[op] = Durations.add(ef[op], duration[op]);
  }

  /** After a stolen task's fetch: its earliest finish is the later of before and the fetch plus itself. */
  void finishWait(int op, long efBefore) {
    ef[op] = Math.max(efBefore, Durations.add(ef[op], duration[op]));
  }
}
