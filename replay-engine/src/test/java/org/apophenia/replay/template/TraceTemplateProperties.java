package org.apophenia.replay.template;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * A compiled {@link TraceTemplate} waits for exactly what its commands wait for: on random command
 * lists (merges of merges, shared merges, operations without a precondition, bound events no command
 * defines, random exported events), every operation's and the summary's preconditions, with merges
 * expanded down to non-merge events, are the same set as in the commands; every event a step reads
 * is defined by an earlier step or bound; every exported event a command defines is still defined;
 * and only merges read by at most two operations and nothing else are folded (none: dropped).
 */
class TraceTemplateProperties {
  @Property(tries = 300)
  void aProgramWaitsForWhatItsCommandsWaitFor(@ForAll long seed, @ForAll @IntRange(min = 1, max = 80) int size,
      @ForAll @IntRange(min = 0, max = 5) int bound) {
    Random rnd = new Random(seed);
    List<Command> commands = randomCommands(rnd, size, bound);
    int events = bound + commands.size();
    BitSet exported = new BitSet();
    for (int e = 0; e < events; e++) {
      if (rnd.nextInt(4) == 0) {
        exported.set(e);
      }
    }
    TraceTemplate p = TraceTemplate.compile(commands, events, exported::get);

    Command.Merge[] mergeOf = new Command.Merge[events];
    int[] uses = new int[events];
    int[] opUses = new int[events];
    for (Command c : commands) {
      if (c instanceof Command.Merge m) {
        mergeOf[m.result()] = m;
        for (int in : m.inputs()) {
          uses[in]++;
        }
      } else if (c instanceof Command.Op o && o.pre() >= 0) {
        uses[o.pre()]++;
        opUses[o.pre()]++;
      } else if (c instanceof Command.Summary s && s.pre() >= 0) {
        uses[s.pre()]++;
      }
    }
    // the program's own merges, and what each of its steps reads
    Command.Merge[] programMerge = new Command.Merge[events];
    BitSet defined = new BitSet();
    List<int[]> waits = new ArrayList<>(); // per operation or summary step, in order
    for (int i = 0; i < p.steps(); i++) {
      int[] reads = java.util.Arrays.copyOfRange(p.pres, p.preStart[i], p.preStart[i + 1]);
      for (int e : reads) {
        assertThat(e < bound || defined.get(e)).as("step %d reads e%d before it is defined", i, e).isTrue();
      }
      if (Instruction.of(p.instructions[i]) == Instruction.MERGE) {
        programMerge[p.result[i]] = new Command.Merge(p.result[i], reads);
      } else if (Instruction.of(p.instructions[i]) != Instruction.FENCE) {
        waits.add(reads);
      }
      defined.set(p.result[i]);
    }
    List<BitSet> expected = new ArrayList<>();
    int folded = 0;
    for (Command c : commands) {
      if (c instanceof Command.Merge m && !defined.get(m.result())) {
        folded++;
        assertThat(uses[m.result()]).as("folded e%d's readers", m.result()).isEqualTo(opUses[m.result()])
            .isBetween(0, 2);
        assertThat(exported.get(m.result())).as("folded e%d exported", m.result()).isFalse();
      } else {
        assertThat(defined.get(c.result())).as("e%d kept", c.result()).isTrue();
      }
      int pre = c instanceof Command.Op o ? o.pre() : c instanceof Command.Summary s ? s.pre() : -2;
      if (pre != -2) {
        expected.add(leaves(pre < 0 ? new int[0] : new int[] {pre}, mergeOf));
      }
    }
    assertThat(p.folded).isEqualTo(folded);
    assertThat(waits).hasSameSizeAs(expected);
    for (int i = 0; i < waits.size(); i++) {
      assertThat(leaves(waits.get(i), programMerge)).as("operation %d waits for", i).isEqualTo(expected.get(i));
    }
  }

  /** A merge read by an operation, another operation and a merge is not folded; one read by one operation is. */
  @Test
  void foldsOnlyMergesReadByOperationsAlone() {
    List<Command> commands = List.of(
        new Command.Fence(0),
        new Command.Op(1, 0, 0, task(0)),
        new Command.Op(2, 0, 1, task(1)),
        new Command.Merge(3, new int[] {1, 2}),         // read by op 4 only: folded
        new Command.Op(4, 3, 2, task(2)),
        new Command.Merge(5, new int[] {1, 4}),         // read by op 6 and merge 7: kept
        new Command.Op(6, 5, 3, task(3)),
        new Command.Merge(7, new int[] {5, 6}),
        new Command.Summary(8, 7));
    TraceTemplate p = TraceTemplate.compile(commands, 9, e -> false);
    assertThat(p.folded).isEqualTo(1);
    assertThat(p.steps()).isEqualTo(8);
    assertThat(java.util.Arrays.copyOfRange(p.pres, p.preStart[3], p.preStart[4])).containsExactly(1, 2);
    assertThat(p.maxPres).isEqualTo(2);
    assertThat(TraceTemplate.compile(commands, 9, e -> e == 3).folded).as("exported").isZero();
  }

  private static Command.Work.Task task(int index) {
    return new Command.Work.Task(index, null, List.of());
  }

  /** The non-merge events {@code events} wait for, through merges. */
  private static BitSet leaves(int[] events, Command.Merge[] mergeOf) {
    BitSet out = new BitSet();
    for (int e : events) {
      if (mergeOf[e] != null) {
        out.or(leaves(mergeOf[e].inputs(), mergeOf));
      } else {
        out.set(e);
      }
    }
    return out;
  }

  /**
   * Commands naming events {@code bound..} in a random order (events below {@code bound} are bound by
   * the replay, as a fence-elided replay binds the previous one's), each reading earlier events only,
   * ending with the summary.
   */
  private static List<Command> randomCommands(Random rnd, int size, int bound) {
    int[] name = new int[size + 1];
    for (int i = 0; i < name.length; i++) {
      name[i] = bound + i;
    }
    for (int i = name.length - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int t = name[i];
      name[i] = name[j];
      name[j] = t;
    }
    List<Integer> known = new ArrayList<>();
    for (int e = 0; e < bound; e++) {
      known.add(e);
    }
    List<Command> out = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      int r = name[i];
      if (known.isEmpty() || rnd.nextInt(12) == 0) {
        out.add(new Command.Fence(r));
      } else if (rnd.nextInt(3) == 0) {
        int[] in = new int[1 + rnd.nextInt(4)];
        for (int j = 0; j < in.length; j++) {
          in[j] = known.get(known.size() - 1 - rnd.nextInt(Math.min(known.size(), 6)));
        }
        out.add(new Command.Merge(r, in));
      } else {
        int pre = rnd.nextInt(6) == 0 ? -1 : known.get(known.size() - 1 - rnd.nextInt(Math.min(known.size(), 4)));
        out.add(rnd.nextInt(4) == 0 ? new Command.Op(r, pre, i, new Command.Work.Reissue(null, null))
            : new Command.Op(r, pre, i, task(i)));
      }
      known.add(r);
    }
    out.add(new Command.Summary(name[size], known.get(known.size() - 1 - rnd.nextInt(Math.min(known.size(), 3)))));
    return out;
  }
}
