package org.apophenia.replay;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Transitive reduction of graph-calculus commands (dynamic tracing paper §IV-C, Figure 5): a forward
 * dataflow analysis computes every event's transitive predecessors, then each merge drops the inputs
 * that are transitive predecessors of another of its inputs (and duplicates). Only merges change; the
 * happens-before relation between operations is exactly preserved.
 *
 * <p>Design. The paper's dataflow keeps one bit set of predecessors per event: O(E²) bits, which made
 * recording superlinear. The sets are the same here, but over command <em>positions</em> (commands
 * only use earlier events) and stored as sorted, coalesced intervals of positions. A trace is layered
 * (each operation depends on a few of the previous layer, and through them on everything before), so
 * an event's predecessors are a prefix-like union of a few runs and each set has a handful of
 * intervals: the pass is then near-linear, O((C + inputs) · I log I) for I intervals per set. The worst
 * case (I up to E/2) is no better than bit sets; the results are always identical to them.
 *
 * <p>Stateless; thread-safe.
 */
final class TransitiveReduction {
  private TransitiveReduction() {}

  /**
   * Transitive reduction then copy propagation, twice: propagating a one-input merge can expose a
   * merge input that is now visibly a predecessor of another (the second round costs the same again
   * and finds nothing more in practice).
   */
  static List<Command> optimise(List<Command> commands, int events) {
    List<Command> once = CopyPropagation.apply(apply(commands, events), events, null);
    return CopyPropagation.apply(apply(once, events), events, null);
  }

  /** The reduced commands; {@code events} bounds the event names used. */
  static List<Command> apply(List<Command> commands, int events) {
    return new Pass(events).run(commands);
  }

  /** The working arrays of one pass, indexed by event name. */
  private static final class Pass {
    private static final int[] EMPTY = new int[0];

    /** Position of the command defining each event. */
    private final int[] pos;
    /** Transitive predecessors of each event: positions, as sorted disjoint [lo, hi) pairs. */
    private final int[][] preds;
    /** Duplicate marks: {@code mark[e] == stamp} when already kept by the current merge. */
    private final int[] mark;
    private int stamp;
    private long[] buffer = new long[16];

    Pass(int events) {
      pos = new int[events];
      preds = new int[events][];
      mark = new int[events];
    }

    List<Command> run(List<Command> commands) {
      List<Command> out = new ArrayList<>(commands.size());
      int at = 0;
      for (Command c : commands) {
        int r = c.result();
        if (c instanceof Command.Merge m) {
          int[] in = m.inputs();
          int[] union = union(in, in.length, false);
          int[] kept = new int[in.length];
          int n = 0;
          int s = ++stamp;
          for (int e : in) {
            if (!contains(union, pos[e]) && mark[e] != s) {
              mark[e] = s;
              kept[n++] = e;
            }
          }
          kept = n == kept.length ? kept : Arrays.copyOf(kept, n);
          preds[r] = union(kept, n, true, union);
          out.add(Arrays.equals(kept, in) ? m : new Command.Merge(r, kept));
        } else {
          int pre = c instanceof Command.Op o ? o.pre() : c instanceof Command.Summary s ? s.pre() : -1;
          preds[r] = pre >= 0 ? withPoint(preds[pre], pos[pre]) : EMPTY;
          out.add(c);
        }
        pos[r] = at++;
      }
      return out;
    }

    private int[] union(int[] events, int n, boolean withSelf) {
      return union(events, n, withSelf, EMPTY);
    }

    /**
     * The union of the predecessor sets of {@code events[0..n)}, of their own positions if
     * {@code withSelf}, and of {@code extra}: collect the intervals, sort by start, coalesce.
     */
    private int[] union(int[] events, int n, boolean withSelf, int[] extra) {
      int size = extra.length / 2 + (withSelf ? n : 0);
      for (int i = 0; i < n; i++) {
        size += preds[events[i]].length / 2;
      }
      if (buffer.length < size) {
        buffer = new long[Math.max(size, 2 * buffer.length)];
      }
      int k = 0;
      for (int i = 0; i < n; i++) {
        int[] p = preds[events[i]];
        for (int j = 0; j < p.length; j += 2) {
          buffer[k++] = (long) p[j] << 32 | p[j + 1];
        }
        if (withSelf) {
          int q = pos[events[i]];
          buffer[k++] = (long) q << 32 | (q + 1);
        }
      }
      for (int j = 0; j < extra.length; j += 2) {
        buffer[k++] = (long) extra[j] << 32 | extra[j + 1];
      }
      if (k == 0) {
        return EMPTY;
      }
      Arrays.sort(buffer, 0, k); // positions are non-negative: by start, then end
      int[] out = new int[2 * k];
      int m = 0;
      int lo = (int) (buffer[0] >>> 32);
      int hi = (int) buffer[0];
      for (int i = 1; i < k; i++) {
        int l = (int) (buffer[i] >>> 32);
        int h = (int) buffer[i];
        if (l <= hi) {
          hi = Math.max(hi, h);
        } else {
          out[m++] = lo;
          out[m++] = hi;
          lo = l;
          hi = h;
        }
      }
      out[m++] = lo;
      out[m++] = hi;
      return m == out.length ? out : Arrays.copyOf(out, m);
    }

    /** {@code set} ∪ {p}, for an operation's single precondition: O(intervals), no sort. */
    private static int[] withPoint(int[] set, int p) {
      if (contains(set, p)) {
        return set; // sets are never modified: sharing is safe
      }
      int i = 0;
      while (i < set.length && set[i] < p) {
        i += 2;
      }
      // set[i - 2..i - 1] ends at or before p, set[i..] starts after p
      boolean joinsLeft = i > 0 && set[i - 1] == p;
      boolean joinsRight = i < set.length && set[i] == p + 1;
      if (joinsLeft && joinsRight) {
        int[] out = new int[set.length - 2];
        System.arraycopy(set, 0, out, 0, i - 1);
        System.arraycopy(set, i + 1, out, i - 1, set.length - i - 1);
        return out;
      }
      int[] out;
      if (joinsLeft) {
        out = set.clone();
        out[i - 1] = p + 1;
      } else if (joinsRight) {
        out = set.clone();
        out[i] = p;
      } else {
        out = new int[set.length + 2];
        System.arraycopy(set, 0, out, 0, i);
        out[i] = p;
        out[i + 1] = p + 1;
        System.arraycopy(set, i, out, i + 2, set.length - i);
      }
      return out;
    }

    /** Whether position {@code p} is in the interval set {@code set}: binary search on the starts. */
    private static boolean contains(int[] set, int p) {
      int lo = 0;
      int hi = set.length / 2 - 1;
      while (lo <= hi) {
        int mid = (lo + hi) >>> 1;
        if (set[2 * mid] <= p) {
          if (p < set[2 * mid + 1]) {
            return true;
          }
          lo = mid + 1;
        } else {
          hi = mid - 1;
        }
      }
      return false;
    }
  }
}
