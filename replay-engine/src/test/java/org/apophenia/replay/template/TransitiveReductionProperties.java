package org.apophenia.replay.template;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The pruned, sparse transitive reduction gives exactly the commands of the paper's dataflow with one
 * bit set of transitive predecessors per event (§IV-C, Figure 5), on random command lists with
 * fences (several, as after unrolling), shuffled event names, duplicate and fence merge inputs.
 */
class TransitiveReductionProperties {
  @Property(tries = 300)
  void sameCommandsAsTheBitSetDataflow(@ForAll long seed, @ForAll @IntRange(min = 1, max = 120) int size,
      @ForAll @IntRange(min = 1, max = 3) int fenceCount) {
    List<Command> commands = randomCommands(new Random(seed), size, fenceCount, 6);
    int events = commands.size();
    assertThat(TransitiveReduction.apply(commands, events)).containsExactlyElementsOf(reference(commands, events));
  }

  /**
   * The same with merges wider than {@link TransitiveReduction#WIDE} (reduced by one multi-source
   * search instead of pairwise queries) next to narrow ones, and the reachability oracle agrees with
   * the bit sets on every pair of events.
   */
  @Property(tries = 100)
  void wideMergesAndTheReachabilityOracleAgreeWithTheBitSetDataflow(@ForAll long seed,
      @ForAll @IntRange(min = 1, max = 300) int size, @ForAll @IntRange(min = 1, max = 3) int fenceCount) {
    List<Command> commands = randomCommands(new Random(seed), size, fenceCount, 2 * TransitiveReduction.WIDE);
    int events = commands.size();
    assertThat(TransitiveReduction.apply(commands, events)).containsExactlyElementsOf(reference(commands, events));
    BitSet[] preds = predecessors(commands, events);
    TransitiveReduction.Reachability r = TransitiveReduction.reachability(commands, events);
    for (int y = 0; y < events; y++) {
      for (int x = 0; x < events; x++) {
        assertThat(r.reaches(y, x)).as("e%d reaches e%d", y, x).isEqualTo(preds[y].get(x));
      }
    }
  }

  /** Every event's transitive predecessors as a bit set, by event name. */
  private static BitSet[] predecessors(List<Command> commands, int events) {
    BitSet[] preds = new BitSet[events];
    for (Command c : commands) {
      BitSet p = new BitSet();
      int[] in = c instanceof Command.Merge m ? m.inputs()
          : c instanceof Command.Op o && o.pre() >= 0 ? new int[] {o.pre()} : new int[0];
      for (int e : in) {
        p.set(e);
        p.or(preds[e]);
      }
      preds[c.result()] = p;
    }
    return preds;
  }

  /** Commands in a valid order (each uses earlier events only), event names a random permutation. */
  private static List<Command> randomCommands(Random rnd, int size, int fenceCount, int maxInputs) {
    int n = size + fenceCount;
    int[] name = new int[n];
    for (int i = 0; i < n; i++) {
      name[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int t = name[i];
      name[i] = name[j];
      name[j] = t;
    }
    List<Command> out = new ArrayList<>();
    List<Integer> fencesAt = new ArrayList<>();
    for (int f = 0; f < fenceCount; f++) {
      fencesAt.add(f == 0 ? 0 : rnd.nextInt(n));
    }
    for (int i = 0; i < n; i++) {
      if (fencesAt.contains(i) || i == 0) {
        out.add(new Command.Fence(name[i]));
        continue;
      }
      int window = 1 + rnd.nextInt(Math.min(i, rnd.nextBoolean() ? Math.max(6, maxInputs / 4) : i));
      if (rnd.nextInt(3) == 0) {
        int k = rnd.nextInt(rnd.nextInt(4) == 0 ? maxInputs : 6);
        int[] in = new int[k];
        for (int j = 0; j < k; j++) {
          in[j] = rnd.nextInt(8) == 0 ? out.get(0).result() : out.get(i - 1 - rnd.nextInt(window)).result();
        }
        out.add(new Command.Merge(name[i], in));
      } else {
        int pre = out.get(i - 1 - rnd.nextInt(window)).result();
        out.add(new Command.Op(name[i], pre, i, new Command.Work.Named("T" + i)));
      }
    }
    return out;
  }

  /** The paper's dataflow: every event's transitive predecessors as a bit set. */
  private static List<Command> reference(List<Command> commands, int events) {
    BitSet[] preds = new BitSet[events];
    List<Command> out = new ArrayList<>();
    for (Command c : commands) {
      BitSet p = new BitSet();
      if (c instanceof Command.Merge m) {
        BitSet union = new BitSet();
        for (int e : m.inputs()) {
          union.or(preds[e]);
        }
        BitSet seen = new BitSet();
        List<Integer> kept = new ArrayList<>();
        for (int e : m.inputs()) {
          if (!union.get(e) && !seen.get(e)) {
            seen.set(e);
            kept.add(e);
          }
        }
        for (int e : kept) {
          p.set(e);
          p.or(preds[e]);
        }
        out.add(new Command.Merge(m.result(), kept.stream().mapToInt(Integer::intValue).toArray()));
      } else {
        int pre = c instanceof Command.Op o ? o.pre() : -1;
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
}
