package org.apophenia.replay;

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
    int[] alias = new int[events];
    for (int i = 0; i < events; i++) {
      alias[i] = i;
    }
    List<Command> out = new ArrayList<>(commands.size());
    for (Command c : commands) {
      if (c instanceof Command.Merge m) {
        int[] in = new int[m.inputs().length];
        for (int i = 0; i < in.length; i++) {
          in[i] = rename(alias, m.inputs()[i]);
        }
        in = java.util.Arrays.stream(in).filter(e -> e >= 0).distinct().toArray();
        if (in.length <= 1 && (keep == null || !keep.get(m.result()))) {
          alias[m.result()] = in.length == 0 ? -1 : in[0];
          continue;
        }
        out.add(new Command.Merge(m.result(), in));
      } else if (c instanceof Command.Op o) {
        out.add(new Command.Op(o.result(), rename(alias, o.pre()), o.owner(), o.work()));
      } else if (c instanceof Command.Summary s) {
        out.add(new Command.Summary(s.result(), rename(alias, s.pre())));
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
