package org.apophenia.replay;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apophenia.legion.instances.MemorySet;

/**
 * Record and replay on machines with more than 64 memories, every task on a GPU whose memories have
 * ids of 64 or more ({@link HighMemoryMapper}): the final data is bit-identical to the untraced run,
 * and the recorded pre- and postconditions name those memories, so the replay checks compared valid
 * sets beyond the first 64-bit word.
 */
class ManyMemoriesReplayTest {
  private static final String[] MACHINES = {"perlmutter:16", "eos:8"};

  @Property(tries = 60)
  void replayedDataIsBitIdenticalToTheUntracedRun(@ForAll long seed, @ForAll @IntRange(min = 2, max = 5) int iterations,
      @ForAll @IntRange(min = 1, max = 6) int body, @ForAll boolean wholeBody, @ForAll boolean elision,
      @ForAll @IntRange(min = 0, max = 1) int machine) {
    TracedProgram prog = new TracedProgram(seed, iterations, body, false, 0, wholeBody);
    TracedRunner plain = new TracedRunner(prog, null, MACHINES[machine], new HighMemoryMapper());
    DynamicTracing engine = new DynamicTracing(TracingOptions.defaults().withFenceElision(elision));
    TracedRunner traced = new TracedRunner(prog, engine, MACHINES[machine], new HighMemoryMapper());
    assertThat(traced.data()).as("%s", engine.stats()).isDeepEqualTo(plain.data());
  }

  @Example
  void tracesReplayWithValidSetsAbove64() {
    long replays = 0;
    long elided = 0;
    int highPre = 0;
    int highPost = 0;
    for (long seed = 1; seed <= 10; seed++) {
      for (String machine : MACHINES) {
        TracedProgram prog = new TracedProgram(seed, 5, 4, false, 0, true);
        TracedRunner plain = new TracedRunner(prog, null, machine, new HighMemoryMapper());
        DynamicTracing engine = new DynamicTracing();
        TracedRunner traced = new TracedRunner(prog, engine, machine, new HighMemoryMapper());
        assertThat(traced.data()).as("seed %d on %s", seed, machine).isDeepEqualTo(plain.data());
        replays += engine.stats().replays();
        elided += engine.stats().elidedReplays();
        for (int id = 0; id < 3; id++) {
          for (Recording r : engine.recordings(id)) {
            highPre += countAbove64(r.precondition().instances());
            highPost += countAbove64(r.postcondition().instances());
          }
        }
      }
    }
    assertThat(replays).as("replays").isGreaterThan(10);
    assertThat(elided).as("replays with fence elision (idempotent)").isPositive();
    assertThat(highPre).as("precondition instances in memories >= 64").isPositive();
    assertThat(highPost).as("postcondition instances in memories >= 64").isPositive();
  }

  private static int countAbove64(InstanceSet s) {
    int n = 0;
    for (MemorySet m : s.memories()) {
      n += m.next(64) >= 0 ? 1 : 0;
    }
    return n;
  }
}
