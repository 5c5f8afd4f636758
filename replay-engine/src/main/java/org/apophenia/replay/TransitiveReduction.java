package org.apophenia.replay;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Transitive reduction of graph-calculus commands (dynamic tracing paper §IV-C, Figure 5): a forward
 * dataflow analysis computes every event's transitive predecessors, then each merge drops the inputs
 * that are transitive predecessors of another of its inputs. Only merges change; the happens-before
 * relation between operations is exactly preserved.
 *
 * <p>Cost: O((C + inputs) · E / 64) time and O(E² / 8) bytes for C commands over E events (one bit set per
 * event). Stateless; thread-safe.
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
    BitSet[] preds = new BitSet[events];
    List<Command> out = new ArrayList<>(commands.size());
    for (Command c : commands) {
      BitSet p = new BitSet();
      if (c instanceof Command.Merge m) {
        int[] kept = reduce(m.inputs(), preds);
        for (int e : kept) {
          p.set(e);
          p.or(preds[e]);
        }
        out.add(new Command.Merge(m.result(), kept));
      } else {
        int pre = c instanceof Command.Op o ? o.pre() : c instanceof Command.Summary s ? s.pre() : -1;
        if (pre >= 0) {
          p.set(pre);
          p.or(preds[pre]);
        }
        out.add(c);
      }
      preds[c.result()] = p;
    }
    return out;
  }

  /**
   * An input is redundant iff it is a transitive predecessor of another input: one union of the
   * inputs' predecessor sets answers that for all of them (an event is never its own predecessor).
   * O(k · E / 64) for k inputs instead of O(k²) pairwise tests.
   */
  private static int[] reduce(int[] inputs, BitSet[] preds) {
    BitSet union = new BitSet();
    for (int e : inputs) {
      union.or(preds[e]);
    }
    BitSet seen = new BitSet();
    int[] kept = new int[inputs.length];
    int n = 0;
    for (int e : inputs) {
      if (!union.get(e) && !seen.get(e)) {
        seen.set(e);
        kept[n++] = e;
      }
    }
    return java.util.Arrays.copyOf(kept, n);
  }
}
