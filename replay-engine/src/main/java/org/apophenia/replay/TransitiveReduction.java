package org.apophenia.replay;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Transitive reduction of graph-calculus commands (dynamic tracing paper §IV-C, Figure 5): each merge
 * drops the inputs that are transitive predecessors of another of its inputs (and duplicates). Only
 * merges change; the happens-before relation between operations is exactly preserved.
 *
 * <p>Design. The paper's dataflow keeps every event's full set of transitive predecessors: O(E²) bits,
 * which made recording superlinear. Instead each merge is answered by one backward search from its
 * inputs over the already reduced commands, pruned by command position: commands only use earlier
 * events, so a predecessor defined before the earliest input can never lead to an input. Fences (the
 * only events without a precondition) are the exception that would defeat that bound, as most
 * operations reach them; each event therefore carries a bit per fence (up to 64, computed forward, one
 * long per event) saying whether it reaches it, and fences are tested with those bits instead of being
 * searched for. Traces are layered (each operation depends on a few of the previous layer), so a search
 * visits a bounded neighbourhood and the pass is near-linear; the worst case is O(C · E) time but
 * always O(E) space. Results are identical to the bit-set dataflow.
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
    private static final int[] NONE = new int[0];

    /** Position of the command defining each event. */
    private final int[] pos;
    /** Direct predecessors of each event (a merge's kept inputs, an op's precondition). */
    private final int[][] preds;
    /** Bit f: the event reaches (or is) the f-th fence. */
    private final long[] reach;
    /** The own bit of each of the first 64 fences, 0 for every other event. */
    private final long[] fenceBit;
    /** Search marks: {@code mark[e] == stamp} when reached by the current search. */
    private final int[] mark;
    private int stamp;
    private int fenceCount;
    private int[] stack = new int[16];

    Pass(int events) {
      pos = new int[events];
      preds = new int[events][];
      reach = new long[events];
      fenceBit = new long[events];
      mark = new int[events];
    }

    List<Command> run(List<Command> commands) {
      List<Command> out = new ArrayList<>(commands.size());
      int at = 0;
      for (Command c : commands) {
        int r = c.result();
        if (c instanceof Command.Merge m) {
          int[] kept = reduce(m.inputs());
          preds[r] = kept;
          long f = 0;
          for (int e : kept) {
            f |= reach[e];
          }
          reach[r] = f;
          out.add(Arrays.equals(kept, m.inputs()) ? m : new Command.Merge(r, kept));
        } else {
          int pre = c instanceof Command.Op o ? o.pre() : c instanceof Command.Summary s ? s.pre() : -1;
          if (pre >= 0) {
            preds[r] = new int[] {pre};
            reach[r] = reach[pre];
          } else {
            preds[r] = NONE;
            if (c instanceof Command.Fence && fenceCount < 64) {
              fenceBit[r] = 1L << fenceCount++; // beyond 64, fences are searched for like any event
              reach[r] = fenceBit[r];
            }
          }
          out.add(c);
        }
        pos[r] = at++;
      }
      return out;
    }

    /**
     * An input is redundant iff it is a transitive predecessor of another input. One search from all
     * inputs at once: any input it reaches (never from itself: the graph is acyclic) is redundant.
     * Tracked fences are not searched for: another input reaches one iff its bit is in that input's
     * reach set.
     */
    private int[] reduce(int[] inputs) {
      int s = ++stamp;
      long reachedFences = 0;
      int floor = Integer.MAX_VALUE;
      for (int e : inputs) {
        reachedFences |= reach[e] & ~fenceBit[e];
        if (fenceBit[e] == 0) {
          floor = Math.min(floor, pos[e]);
        }
      }
      int top = 0;
      for (int e : inputs) {
        top = pushPredecessors(e, s, floor, top);
      }
      while (top > 0) {
        top = pushPredecessors(stack[--top], s, floor, top);
      }
      int[] kept = new int[inputs.length];
      int n = 0;
      int seen = ++stamp;
      for (int e : inputs) {
        boolean redundant = fenceBit[e] != 0 ? (reachedFences & fenceBit[e]) != 0 : mark[e] == s;
        if (!redundant && mark[e] != seen) {
          mark[e] = seen;
          kept[n++] = e;
        }
      }
      return n == kept.length ? kept : Arrays.copyOf(kept, n);
    }

    /**
     * Marks and stacks the unvisited predecessors of {@code e} that could lead to an input: defined no
     * earlier than the earliest (non-fence) input, and not tracked fences.
     */
    private int pushPredecessors(int e, int s, int floor, int top) {
      for (int p : preds[e]) {
        if (mark[p] == s || pos[p] < floor || fenceBit[p] != 0) {
          continue;
        }
        mark[p] = s;
        if (top == stack.length) {
          stack = Arrays.copyOf(stack, 2 * top);
        }
        stack[top++] = p;
      }
      return top;
    }
  }
}
