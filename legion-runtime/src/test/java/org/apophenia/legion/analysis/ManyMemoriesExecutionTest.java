package org.apophenia.legion.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple.Tuple2;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import org.apophenia.legion.AnalyzeAll;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.RuntimeInternals;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.instances.MemorySet;
import org.apophenia.legion.tracing.TraceSupport;
import org.apophenia.sim.Event;
import org.apophenia.sim.SimulationResult;
import org.apophenia.sim.machine.Channel;
import org.apophenia.sim.machine.ChannelKind;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Presets;

/**
 * Execution on machines with more than 64 memories (valid sets of two and three words): the random
 * programs of {@link ExecutionProperties}, mapped by a {@link ScatterMapper} onto processors whose
 * memories have ids of 64 and more, give the data of the sequential interpreter. Until the valid sets
 * became {@link MemorySet}s the runtime refused such machines ("at most 64 memories are supported").
 */
class ManyMemoriesExecutionTest {
  /** 96, 80 and 144 memories: perlmutter:16 and eos:8 of the scaling table, and a third word. */
  private static final String[] MACHINES = {"perlmutter:16", "eos:8", "perlmutter:24"};

  /**
   * On every input the data lives in memories with ids of 64 and more: the programs have a task (not
   * only fills), and the mapper runs the first task on a node whose memories all have such ids.
   */
  @Property(tries = 300)
  void finalDataEqualsTheSequentialInterpreter(@ForAll("programsWithATask") Tuple2<Long, Integer> program,
      @ForAll @IntRange(min = 0, max = 2) int machine) {
    long seed = program.get1();
    RandomProgram prog = new RandomProgram(seed, program.get2());
    ScatterMapper mapper = new ScatterMapper(seed);
    ProgramRunner run = new ProgramRunner(prog, mapper, MACHINES[machine]);
    run.rt.finish();
    assertSameAsInterpreter(prog, run);
    assertThat(mapper.highMemories).as("requirements mapped to memories with ids >= 64").isPositive();
  }

  /** Seeds and lengths (1 to 40) of random programs with at least one task or index launch. */
  @Provide
  Arbitrary<Tuple2<Long, Integer>> programsWithATask() {
    return Combinators.combine(Arbitraries.longs(), Arbitraries.integers().between(1, 40)).as(Tuple::of)
        .filter(t -> new RandomProgram(t.get1(), t.get2()).ops.stream().anyMatch(op -> op.kind() != 2));
  }

  @Example
  void dataMovesBetweenMemoriesWithIdsAbove64() {
    long moved = 0;
    int highMapped = 0;
    int highValid = 0;
    for (long seed = 1; seed <= 20; seed++) {
      RandomProgram prog = new RandomProgram(seed, 40);
      ScatterMapper mapper = new ScatterMapper(seed);
      ProgramRunner run = new ProgramRunner(prog, mapper, "perlmutter:16");
      SimulationResult r = run.rt.finish();
      assertSameAsInterpreter(prog, run);
      Machine m = run.rt.machine();
      for (Channel c : m.channels()) {
        if (c.kind() != ChannelKind.LOCAL && c.from() >= 64 && c.to() >= 64) {
          moved += r.bytesMoved(c);
        }
      }
      highMapped += mapper.highMemories;
      highValid += mapper.highValidChosen;
    }
    assertThat(highMapped).as("requirements mapped to memories with ids >= 64").isGreaterThan(100);
    assertThat(highValid).as("reported valid memories with ids >= 64 chosen by the mapper").isGreaterThan(20);
    assertThat(moved).as("bytes copied between memories with ids >= 64").isPositive();
  }

  @Example
  void machinesWithMoreThan64MemoriesAreAccepted() {
    for (String spec : MACHINES) {
      LegionRuntime rt = new LegionRuntime(Presets.machine(spec));
      assertThat(rt.machine().memories()).as(spec).hasSizeGreaterThan(64);
    }
  }

  /**
   * The TraceSupport view of the two-word state: a fresh atom is valid in all 96 memories, a set
   * across both words round-trips through setAtomValid/atomValid, a set naming memory 96 (which
   * perlmutter:16 lacks) is rejected with nothing changed, and validMemories reports the second word.
   */
  @Example
  void traceSupportReadsAndWritesValidSetsBeyondTheFirstWord() {
    LegionRuntime rt = new LegionRuntime(Presets.machine("perlmutter:16"));
    FieldSpace fs = rt.createFieldSpace();
    Field x = fs.allocate("x", FieldType.LONG);
    LogicalRegion root = rt.createRegion(rt.createIndexSpace(Rect.of(0, 7)), fs);
    List<String> failures = new ArrayList<>();
    rt.setTraceEngine(new AnalyzeAll() {
      @Override
      public void beginTrace(int traceId, TraceSupport support) {
        int atom = support.instances().atomsOf(root)[0];
        check(support.instances().atomValid(root, atom, 0).equals(MemorySet.firstIds(96)),
            "fresh atom valid everywhere");
        MemorySet both = MemorySet.of(3, 70, 95);
        support.instances().setAtomValid(root, atom, 0, both, Event.NONE);
        check(support.instances().atomValid(root, atom, 0).equals(both), "round trip of " + both);
        check(support.instances().validMemories(root, x).equals(both), "validMemories of " + both);
        try {
          support.instances().setAtomValid(root, atom, 0, MemorySet.of(5, 96), Event.NONE);
          failures.add("memory 96 accepted");
        } catch (IllegalArgumentException expected) {
          check(support.instances().atomValid(root, atom, 0).equals(both), "unchanged after the rejected set");
        }
      }

      private void check(boolean ok, String what) {
        if (!ok) {
          failures.add(what);
        }
      }
    });
    rt.beginTrace(1);
    rt.endTrace(1);
    assertThat(failures).isEmpty();
  }

  private static void assertSameAsInterpreter(RandomProgram prog, ProgramRunner run) {
    long[][] expected = ProgramRunner.interpret(prog);
    for (int f = 0; f < 3; f++) {
      assertThat(RuntimeInternals.snapshot(run.rt, run.tree.root, run.tree.fields[f])).as("field f%d", f)
          .containsExactly(expected[f]);
    }
  }
}
