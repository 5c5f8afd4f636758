package org.apophenia.legion.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apophenia.legion.RuntimeInternals;
import org.apophenia.legion.api.DefaultMapper;
import org.apophenia.legion.api.HostMapper;

/**
 * Execution on the simulated machine gives the data of a plain sequential interpreter of the same
 * program (in program order, or for relaxed coherence in the order the machine ran it): hash-chain bodies, aliased ghost partitions, nested partitions, reductions with two
 * operators, fills; GPUs on two nodes (copies between framebuffers and across the network) or the host
 * mapper (no copies).
 */
class ExecutionProperties {
  @Property(tries = 1_000)
  void finalDataEqualsTheSequentialInterpreter(@ForAll long seed, @ForAll @IntRange(min = 1, max = 40) int len,
      @ForAll boolean hostMapper) {
    RandomProgram prog = new RandomProgram(seed, len);
    ProgramRunner run = new ProgramRunner(prog, hostMapper ? new HostMapper() : new DefaultMapper(), "perlmutter:2");
    run.rt.finish();
    long[][] expected = ProgramRunner.interpret(prog);
    for (int f = 0; f < 3; f++) {
      assertThat(RuntimeInternals.snapshot(run.rt, run.tree.root, run.tree.fields[f])).as("field f%d", f)
          .containsExactly(expected[f]);
    }
  }

  /**
   * With the four coherence modes mixed, operations may run out of program order (two atomic ones) or
   * at the same time on one instance (simultaneous, relaxed): the data is then what the interpreter
   * computes running them in the order the machine ran them (bodies at their start, fills at their
   * completion), which is the serialisation atomic coherence promises. For exclusive programs that
   * order gives the program-order result (the property above).
   */
  @Property(tries = 1_000)
  void finalDataEqualsTheInterpreterInTheOrderTheMachineRanThem(@ForAll long seed,
      @ForAll @IntRange(min = 1, max = 40) int len, @ForAll @IntRange(min = 0, max = 2) int mapper) {
    RandomProgram prog = new RandomProgram(seed, len, RandomProgram.Modes.MIXED_EXCEPT_REDUCTIONS);
    // the spread mapper runs unordered tasks at once on one shared instance; the default one moves
    // data between GPUs and nodes; the host one runs single tasks one after the other
    ProgramRunner run = new ProgramRunner(prog, switch (mapper) {
      case 0 -> new SpreadHostMapper();
      case 1 -> new DefaultMapper();
      default -> new HostMapper();
    }, "perlmutter:2");
    run.rt.finish();
    long[][] expected = ProgramRunner.interpret(prog, run.executed());
    for (int f = 0; f < 3; f++) {
      assertThat(RuntimeInternals.snapshot(run.rt, run.tree.root, run.tree.fields[f])).as("field f%d", f)
          .containsExactly(expected[f]);
    }
  }
}
