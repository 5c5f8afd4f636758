package org.apophenia.replay.template;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Transitive reduction of graph-calculus commands (dynamic tracing paper §IV-C, Figure 5): each merge
 * drops the inputs that are transitive predecessors of another of its inputs (and duplicates). Only
 * merges change; the happens-before relation between operations is exactly preserved. The results are
 * always identical to the paper's dataflow with one bit set of transitive predecessors per event.
 *
 * <p>Design. Full predecessor sets cost O(E²) bits; kept as sorted intervals of command positions they
 * are small only when position order follows ancestry (Jacobi), and fragment into hundreds of intervals
 * per event when many independent chains interleave (an S3D trace: 16 species side by side); a
 * backward search per merge pruned by position alone walks everything issued since its earliest
 * input. So each merge asks exact reachability questions instead, "does input y reach input x?", and
 * answers them with a search from y guided by GRAIL labels (Yildirim, Chaoji and Zaki, "GRAIL:
 * scalable reachability index for large graphs", VLDB 2010): two randomised post-order intervals per
 * event, computed once from the unreduced commands (reduction keeps reachability, so they stay valid),
 * such that if y reaches x then x's interval lies in y's. A search never enters an event whose
 * intervals do not contain x's or that is defined before x, so a negative answer is usually O(1) and a
 * positive one follows a path of events that really reach x. Fences (reached by almost everything) are
 * answered by one bit per fence propagated forward, as before.
 *
 * <p>A merge of k inputs tests each input, latest first, against the inputs kept so far (a redundant
 * reacher is itself reached by a kept one). Merges wider than {@link #WIDE} (the final merge of all
 * sinks) use one backward search from all inputs at once, pruned by position: O(span) once.
 *
 * <p>Cost: O(E + inputs) for the labels; per query usually O(1), at worst O(span). Space O(E).
 * Stateless; thread-safe.
 */
final class TransitiveReduction {
  /** Merges with more inputs are reduced by one multi-source search instead of pairwise queries. */
  static final int WIDE = 48;
  /** GRAIL labellings per event: more cut more dead ends from searches in dense traces. */
  static final int LABELS = 2;

  private TransitiveReduction() {}

  /**
   * Transitive reduction then copy propagation, twice: propagating a one-input merge into another
   * merge can expose an input that is now visibly a predecessor of another. The second round runs only
   * if the first renamed a merge input: otherwise every merge is as reduced as before (propagation
   * keeps reachability) and no one-input merge is left, so it would return its input unchanged.
   */
  static List<Command> optimise(List<Command> commands, int events) {
    return optimise(commands, events, 0);
  }

  /**
   * {@link #optimise(List, int)} for commands whose merges defining events below {@code reducedBelow}
   * are already reduced and use only events below it (fence elision's first copy, optimised before it
   * was unrolled): those are kept as they are, since nothing defined later changes what reaches them.
   */
  static List<Command> optimise(List<Command> commands, int events, int reducedBelow) {
    boolean[] renamed = new boolean[1];
    List<Command> once = CopyPropagation.apply(new Pass(commands, events).run(reducedBelow), events, null, renamed);
    return renamed[0] ? CopyPropagation.apply(new Pass(once, events).run(reducedBelow), events, null) : once;
  }

  /** The reduced commands; {@code events} bounds the event names used. */
  static List<Command> apply(List<Command> commands, int events) {
    Pass p = new Pass(commands, events);
    return p.run(0);
  }

  /**
   * Exact reachability between the events of {@code commands} (already optimised or not): the
   * returned oracle answers whether one event is a transitive predecessor of another.
   */
  static Reachability reachability(List<Command> commands, int events) {
    Pass p = new Pass(commands, events);
    p.run(Integer.MAX_VALUE); // fence bits only: reducing the merges would not change any answer
    return p::reaches;
  }

  /** Whether event {@code x} is a transitive predecessor of event {@code y} (never of itself). */
  @FunctionalInterface
  interface Reachability {
    boolean reaches(int y, int x);
  }

  /** The working arrays of one pass, indexed by event name. */
  private static final class Pass {
    private static final int[] NONE = new int[0];

    private final List<Command> commands;
    /** Position of the command defining each event. */
    private final int[] pos;
    /** Direct predecessors of each event (a merge's inputs, kept ones once reduced; an op's precondition). */
    private final int[][] preds;
    /** Bit f: the event reaches (or is) the f-th fence. */
    private final long[] reach;
    /** The own bit of each of the first 64 fences, 0 for every other event. */
    private final long[] fenceBit;
    /** GRAIL labels, {@link #LABELS} of them: post-order rank and the least rank below, per event. */
    private final int[][] post = new int[LABELS][];
    private final int[][] low = new int[LABELS][];
    /** Per labelling, the rank at which each event was entered: its traversal-tree descendants are [enter, post). */
    private final int[][] enter = new int[LABELS][];
    /** Search marks: {@code mark[e] == stamp} when reached by the current search. */
    private final int[] mark;
    private int stamp;
    /** Duplicate marks of the current merge: {@code dup[e] == dupStamp} once seen. */
    private final int[] dup;
    private int dupStamp;
    private int[] stack = new int[16];

    Pass(List<Command> commands, int events) {
      this.commands = commands;
      pos = new int[events];
      preds = new int[events][];
      reach = new long[events];
      fenceBit = new long[events];
      mark = new int[events];
      dup = new int[events];
      int at = 0;
      int fences = 0;
      for (Command c : commands) {
        int r = c.result();
        pos[r] = at++;
        if (c instanceof Command.Merge m) {
          preds[r] = m.inputs();
        } else {
          int pre = c instanceof Command.Op o ? o.pre() : c instanceof Command.Summary s ? s.pre() : -1;
          preds[r] = pre >= 0 ? new int[] {pre} : NONE;
          if (c instanceof Command.Fence && fences < 64) {
            fenceBit[r] = 1L << fences++; // beyond 64, fences are searched for like any event
          }
        }
      }
      for (int l = 0; l < LABELS; l++) {
        post[l] = new int[events];
        low[l] = new int[events];
        enter[l] = new int[events];
        label(post[l], low[l], enter[l], l);
      }
    }

    /**
     * One GRAIL labelling: a depth-first traversal from every event no later event uses (latest
     * first), visiting predecessors in the order of {@code variant}; {@code post} is the post-order
     * rank, {@code low} the least rank among the event and everything it reaches, {@code enter} the
     * rank when the traversal entered the event (its traversal-tree descendants are ranked in
     * [enter, post): a certain "reaches", as low gives a certain "does not").
     */
    private void label(int[] post, int[] low, int[] enter, int variant) {
      int s = ++stamp;
      int n = commands.size();
      int[] node = new int[16];
      int[] next = new int[16];
      int rank = 0;
      for (int i = n - 1; i >= 0; i--) {
        int root = commands.get(i).result();
        if (mark[root] == s) {
          continue;
        }
        mark[root] = s;
        enter[root] = rank;
        int top = 0;
        node[0] = root;
        next[0] = 0;
        top = 1;
        while (top > 0) {
          int v = node[top - 1];
          int[] ps = preds[v];
          int k = next[top - 1];
          if (k < ps.length) {
            next[top - 1] = k + 1;
            int p = ps[childOrder(variant, v, k, ps.length)];
            if (mark[p] != s) {
              mark[p] = s;
              enter[p] = rank;
              if (top == node.length) {
                node = Arrays.copyOf(node, 2 * top);
                next = Arrays.copyOf(next, 2 * top);
              }
              node[top] = p;
              next[top] = 0;
              top++;
            }
            continue;
          }
          top--;
          int lo = rank;
          for (int p : ps) {
            lo = Math.min(lo, low[p]);
          }
          post[v] = rank++;
          low[v] = lo;
        }
      }
    }

    /**
     * The k-th predecessor to visit in labelling {@code variant}: input order, reversed, then rotations
     * by a hash of the event (deterministic, so results and costs are reproducible).
     */
    private static int childOrder(int variant, int v, int k, int n) {
      if (variant == 0) {
        return k;
      } else if (variant == 1) {
        return n - 1 - k;
      }
      int h = (v * 0x9E3779B9 + variant * 0x85EBCA6B) >>> 1;
      return (k + h) % n;
    }

    /** Reduces the merges defining events at or above {@code reducedBelow}; the others are kept. */
    List<Command> run(int reducedBelow) {
      List<Command> out = new ArrayList<>(commands.size());
      for (Command c : commands) {
        int r = c.result();
        if (c instanceof Command.Merge m) {
          int[] kept = r < reducedBelow ? m.inputs()
              : m.inputs().length > WIDE ? reduceWide(m.inputs()) : reduce(m.inputs());
          preds[r] = kept;
          long f = 0;
          for (int e : kept) {
            f |= reach[e];
          }
          reach[r] = f;
          out.add(Arrays.equals(kept, m.inputs()) ? m : new Command.Merge(r, kept));
        } else {
          int[] p = preds[r];
          reach[r] = p.length == 1 ? reach[p[0]] : fenceBit[r];
          out.add(c);
        }
      }
      return out;
    }

    /** Whether {@code x} descends from {@code v} in some labelling's traversal tree: v surely reaches x. */
    private boolean surelyReaches(int v, int x) {
      for (int l = 0; l < LABELS; l++) {
        int r = post[l][x];
        if (enter[l][v] <= r && r < post[l][v]) {
          return true;
        }
      }
      return false;
    }

    /** Whether {@code x}'s labels lie within {@code v}'s: necessary for v to reach x. */
    private boolean mayReach(int v, int x) {
      for (int l = 0; l < LABELS; l++) {
        if (low[l][v] > low[l][x] || post[l][x] > post[l][v]) {
          return false;
        }
      }
      return true;
    }

    /** Whether {@code x} is a transitive predecessor of {@code y}. */
    boolean reaches(int y, int x) {
      if (y == x) {
        return false;
      }
      if (fenceBit[x] != 0) {
        return (reach[y] & fenceBit[x]) != 0;
      }
      if (pos[y] <= pos[x] || !mayReach(y, x)) {
        return false;
      }
      if (surelyReaches(y, x)) {
        return true;
      }
      int s = ++stamp;
      int top = 0;
      stack[top++] = y;
      mark[y] = s;
      int floor = pos[x];
      while (top > 0) {
        int v = stack[--top];
        for (int p : preds[v]) {
          if (p == x) {
            return true;
          }
          if (mark[p] == s || pos[p] <= floor || fenceBit[p] != 0 || !mayReach(p, x)) {
            continue;
          }
          if (surelyReaches(p, x)) {
            return true;
          }
          mark[p] = s;
          if (top == stack.length) {
            stack = Arrays.copyOf(stack, 2 * top);
          }
          stack[top++] = p;
        }
      }
      return false;
    }

    /**
     * Inputs that no other input reaches, in input order, first occurrences only: each input, latest
     * first, is tested against the inputs kept so far.
     */
    private int[] reduce(int[] inputs) {
      int k = inputs.length;
      int[] order = new int[k]; // input indices, latest definition first
      for (int i = 0; i < k; i++) {
        int j = i;
        while (j > 0 && pos[inputs[order[j - 1]]] < pos[inputs[i]]) {
          order[j] = order[j - 1];
          j--;
        }
        order[j] = i;
      }
      boolean[] keep = new boolean[k];
      int[] kept = new int[k];
      int n = 0;
      int d = ++dupStamp;
      for (int i = 0; i < k; i++) {
        int x = inputs[order[i]];
        if (dup[x] == d) {
          continue; // a duplicate: the same event is kept once
        }
        dup[x] = d;
        boolean redundant = false;
        for (int j = 0; j < n && !redundant; j++) {
          redundant = reaches(kept[j], x);
        }
        if (!redundant) {
          kept[n++] = x;
          keep[order[i]] = true;
        }
      }
      int[] out = new int[n];
      int m = 0;
      for (int i = 0; i < k; i++) {
        if (keep[i]) {
          out[m++] = inputs[i];
        }
      }
      return out;
    }

    /**
     * For wide merges: one search from all inputs at once; any input it reaches (never from itself:
     * the graph is acyclic) is redundant. Searches stop at events defined before the earliest input
     * and at tracked fences, which are tested with the reach bits instead.
     */
    private int[] reduceWide(int[] inputs) {
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
