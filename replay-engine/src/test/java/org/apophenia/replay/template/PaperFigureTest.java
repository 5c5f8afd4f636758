package org.apophenia.replay.template;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The optimisation passes on the dynamic tracing paper's own examples, command by command. */
class PaperFigureTest {
  private static Command.Op op(int e, int pre, int owner, String name) {
    return new Command.Op(e, pre, owner, new Command.Work.Named(name));
  }

  private static Command.Merge merge(int e, int... in) {
    return new Command.Merge(e, in);
  }

  /** Figure 5 "Original": the recording of Figure 4 (T1, copy, T2, T3, summary). */
  private static List<Command> figure5() {
    return List.of(new Command.Fence(1), op(2, 1, 0, "T1"), op(3, 2, 1, "copy"), merge(4, 2, 3), op(5, 4, 2, "T2"),
        merge(6, 2, 3), op(7, 6, 3, "T3"), merge(8, 2, 3, 5, 7), new Command.Summary(9, 8));
  }

  @Test
  void figure5TransitiveReductionDropsTransitivePredecessorsFromMerges() {
    assertThat(TransitiveReduction.apply(figure5(), 10)).containsExactly(new Command.Fence(1), op(2, 1, 0, "T1"),
        op(3, 2, 1, "copy"), merge(4, 3), op(5, 4, 2, "T2"), merge(6, 3), op(7, 6, 3, "T3"), merge(8, 5, 7),
        new Command.Summary(9, 8));
  }

  @Test
  void figure5CopyPropagationRemovesSingleEventMerges() {
    List<Command> tr = TransitiveReduction.apply(figure5(), 10);
    assertThat(CopyPropagation.apply(tr, 10, null)).containsExactly(new Command.Fence(1), op(2, 1, 0, "T1"),
        op(3, 2, 1, "copy"), op(5, 3, 2, "T2"), op(7, 3, 3, "T3"), merge(8, 5, 7), new Command.Summary(9, 8));
  }

  /** Figure 7b: A(R^a); A(S^a); B(R^a); B(S^a) with A read-write and B read-only; keys R = 0, S = 1. */
  static List<Command> figure7b() {
    return List.of(new Command.Fence(1), op(2, 1, 0, "A(R)"), op(3, 1, 1, "A(S)"), op(4, 2, 2, "B(R)"),
        op(5, 3, 3, "B(S)"), merge(6, 4, 5), new Command.Summary(7, 6));
  }

  static List<FenceElision.Access> figure7Accesses() {
    return List.of(new FenceElision.Access(new int[] {0}, new int[] {0}),
        new FenceElision.Access(new int[] {1}, new int[] {1}), new FenceElision.Access(new int[] {0}, new int[0]),
        new FenceElision.Access(new int[] {1}, new int[0]));
  }

  @Test
  void figure7FenceElisionGivesTheFinalCommandsOfFigure7g() {
    FenceElision.Elided el = FenceElision.apply(figure7b(), 8, figure7Accesses());
    // own events are e + 8 (the paper's primes); 4 and 5 are the previous replay's B(R) and B(S)
    assertThat(el.commands()).containsExactly(op(10, 4, 0, "A(R)"), op(11, 5, 1, "A(S)"), op(12, 10, 2, "B(R)"),
        op(13, 11, 3, "B(S)"), merge(14, 12, 13), new Command.Summary(15, 14));
    assertThat(el.fence()).as("no operation needs the fence any more").isEqualTo(-1);
  }

  @Test
  void figure7SpuriousDependencesBetweenTwoReplaysWithAndWithoutFenceElision() {
    // Figure 7c (fence): every operation of the second replay waits for every one of the first.
    int withFence = SpuriousDependences.betweenReplays(figure7b(), null, figure7Accesses());
    int elided = SpuriousDependences.betweenReplays(figure7b(), FenceElision.apply(figure7b(), 8, figure7Accesses()),
        figure7Accesses());
    // 16 ordered pairs of which 6 interfere; with elision (Figure 7i) only B(R)->B(R)' and B(S)->B(S)' remain
    assertThat(withFence).isEqualTo(10);
    assertThat(elided).isEqualTo(2);
  }

  /** Read-only data nobody in the trace writes keeps the first replay's fence (soundness of the chain). */
  @Test
  void readOnlyDataWithoutWritersKeepsTheChainFence() {
    List<Command> c = List.of(new Command.Fence(1), op(2, 1, 0, "A(R)"), op(3, 1, 1, "B(S)"), merge(4, 2, 3),
        new Command.Summary(5, 4));
    List<FenceElision.Access> acc = List.of(new FenceElision.Access(new int[] {0}, new int[] {0}),
        new FenceElision.Access(new int[] {1}, new int[0]));
    FenceElision.Elided el = FenceElision.apply(c, 6, acc);
    assertThat(el.fence()).isEqualTo(7);
    assertThat(el.commands()).contains(new Command.Fence(7), op(8, 2, 0, "A(R)"), op(9, 7, 1, "B(S)"));
  }

  /** Counts task-level orderings the replayed graph adds between two consecutive replays. */
  static final class SpuriousDependences {
    private SpuriousDependences() {}

    /**
     * Ordered pairs (first-replay task, second-replay task) that the graph orders but that do not
     * interfere. {@code elided == null}: the second replay is fenced (its fence waits for every task of
     * the first).
     */
    static int betweenReplays(List<Command> first, FenceElision.Elided elided, List<FenceElision.Access> acc) {
      int n = 0;
      for (Command c : first) {
        n = Math.max(n, c.result() + 1);
      }
      List<Command> second = new ArrayList<>();
      int bound = elided == null ? 2 * n : elided.events();
      if (elided == null) {
        for (Command c : first) {
          second.add(shift(c, n));
        }
      } else {
        second.addAll(elided.commands());
      }
      BitSet[] anc = new BitSet[bound];
      List<int[]> firstTasks = new ArrayList<>();
      List<int[]> secondTasks = new ArrayList<>();
      for (Command c : first) {
        anc[c.result()] = ancestors(c, anc);
        if (c instanceof Command.Op o) {
          firstTasks.add(new int[] {o.result(), o.owner()});
        }
      }
      for (Command c : second) {
        if (c instanceof Command.Fence f) {
          BitSet b = new BitSet();
          if (elided == null) {
            firstTasks.forEach(t -> b.set(t[0]));
          }
          anc[f.result()] = b;
          continue;
        }
        anc[c.result()] = ancestors(c, anc);
        if (c instanceof Command.Op o) {
          secondTasks.add(new int[] {o.result(), o.owner()});
        }
      }
      int spurious = 0;
      for (int[] b : secondTasks) {
        for (int[] a : firstTasks) {
          if (anc[b[0]].get(a[0]) && !interfere(acc.get(a[1]), acc.get(b[1]))) {
            spurious++;
          }
        }
      }
      return spurious;
    }

    private static BitSet ancestors(Command c, BitSet[] anc) {
      BitSet b = new BitSet();
      int[] in = c instanceof Command.Merge m ? m.inputs() : new int[] {c instanceof Command.Op o ? o.pre()
          : c instanceof Command.Summary s ? s.pre() : -1};
      for (int e : in) {
        if (e >= 0) {
          b.set(e);
          b.or(anc[e]);
        }
      }
      return b;
    }

    static boolean interfere(FenceElision.Access a, FenceElision.Access b) {
      for (int x : a.writes()) {
        if (contains(b.reads(), x) || contains(b.writes(), x)) {
          return true;
        }
      }
      for (int x : b.writes()) {
        if (contains(a.reads(), x)) {
          return true;
        }
      }
      return false;
    }

    private static boolean contains(int[] xs, int x) {
      for (int y : xs) {
        if (y == x) {
          return true;
        }
      }
      return false;
    }

    private static Command shift(Command c, int n) {
      if (c instanceof Command.Fence f) {
        return new Command.Fence(f.result() + n);
      } else if (c instanceof Command.Merge m) {
        return new Command.Merge(m.result() + n, java.util.Arrays.stream(m.inputs()).map(e -> e + n).toArray());
      } else if (c instanceof Command.Op o) {
        return new Command.Op(o.result() + n, o.pre() < 0 ? -1 : o.pre() + n, o.owner(), o.work());
      }
      Command.Summary s = (Command.Summary) c;
      return new Command.Summary(s.result() + n, s.pre() + n);
    }
  }
}
