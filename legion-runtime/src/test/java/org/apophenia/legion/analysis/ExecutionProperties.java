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
 * program: hash-chain bodies, aliased ghost partitions, nested partitions, reductions with two
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
}
