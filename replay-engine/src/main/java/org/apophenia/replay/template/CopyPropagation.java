package org.apophenia.replay.template;

import java.util.ArrayList;
import java.util.List;

/**
 * Copy propagation on graph-calculus commands (dynamic tracing paper §IV-C, Figure 5): a merge of
 * one event is a copy assignment, so it is removed and its uses renamed to that event; a merge of no
 * event is removed and its uses get no precondition. O(C + E). Stateless; thread-safe.
 */
final class CopyPropagation {
  private CopyPropagation() {}

  /**
   * The propagated commands. Events in {@code keep} (may be null) are never removed, because
   * something outside these commands refers to them.
   */
  static List<Command> apply(List<Command> commands, int events, java.util.BitSet keep) {
    return apply(commands, events, keep, null);
  }

  /**
   * As {@link #apply(List, int, java.util.BitSet)}; {@code renamedMergeInput[0]} (if not null) is set
   * when a merge lost or renamed an input, the only change that can give transitive reduction more to do.
   */
  static List<Command> apply(List<Command> commands, int events, java.util.BitSet keep, boolean[] renamedMergeInput) {
    int[] alias = new int[events];
    for (int i = 0; i < events; i++) {
      alias[i] = i;
    }
    int[] seen = new int[events]; // seen[e] == merge (numbered from 1): e is already an input of it
    int merge = 0;
    List<Command> out = new ArrayList<>(commands.size());
    for (Command c : commands) {
      if (c instanceof Command.Merge m) {
        merge++;
        int[] in = new int[m.inputs().length];
        int n = 0;
        for (int x : m.inputs()) {
          int e = rename(alias, x);
          if (e != x && renamedMergeInput != null) {
            renamedMergeInput[0] = true;
          }
          if (e >= 0 && seen[e] != merge) {
            seen[e] = merge;
            in[n++] = e;
          }
        }
        in = n == in.length ? in : java.util.Arrays.copyOf(in, n);
        if (in.length <= 1 && (keep == null || !keep.get(m.result()))) {
          alias[m.result()] = in.length == 0 ? -1 : in[0];
          continue;
        }
        out.add(new Command.Merge(m.result(), in));
      } else if (c instanceof Command.Op o) {
        int pre = rename(alias, o.pre());
        out.add(pre == o.pre() ? o : new Command.Op(o.result(), pre, o.owner(), o.work()));
      } else if (c instanceof Command.Summary s) {
        int pre = rename(alias, s.pre());
        out.add(pre == s.pre() ? s : new Command.Summary(s.result(), pre));
      } else {
        out.add(c);
      }
    }
    return out;
  }

  private static int rename(int[] alias, int e) {
    return e < 0 ? e : alias[e];
  }
}
