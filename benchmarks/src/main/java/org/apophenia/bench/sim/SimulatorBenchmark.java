package org.apophenia.bench.sim;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apophenia.sim.Event;
import org.apophenia.sim.Operation;
import org.apophenia.sim.Simulation;
import org.apophenia.sim.SimulationResult;
import org.apophenia.sim.TaskCost;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The simulator's performance goal: build and simulate 10^6 operations with 3 preconditions each (one merge
 * and one task per operation) on one Perlmutter node, in at most 5 s, with heap linear in graph size.
 *
 * <p>Each operation is a task on one of the node's 60 CPUs and 4 GPUs (round robin) that waits for the
 * previous operation, one of the previous 64 and one of the previous 4096 (seeded random, so every
 * invocation builds the same graph). {@code offline} submits everything and then drains;
 * {@code online} advances to the completion of every 1000th operation as it goes, as a runtime waiting
 * on futures would. After each iteration the retained heap of the last simulation (used heap after GC
 * with it live, minus without) is printed per operation.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g"})
public class SimulatorBenchmark {
  @Param({"1000000"})
  int operations;

  @Param({"offline", "online"})
  String mode;

  private Machine machine;
  private List<Processor> processors;
  private Simulation last;

  @Setup
  public void setUp() {
    machine = Presets.machine("perlmutter");
    processors = machine.processors().stream().filter(p -> p.kind() != ProcessorKind.UTILITY).toList();
  }

  @Benchmark
  public SimulationResult simulate() {
    Simulation sim = Simulation.on(machine);
    SplittableRandom random = new SplittableRandom(42);
    TaskCost cost = TaskCost.work(2e6, 1e5);
    boolean online = mode.equals("online");
    Event[] events = new Event[operations];
    for (int i = 0; i < operations; i++) {
      Event pre = i == 0 ? Event.NONE : sim.merge(events[i - 1], events[i - 1 - random.nextInt(Math.min(i, 64))],
          events[i - 1 - random.nextInt(Math.min(i, 4096))]);
      events[i] = sim.submit(new Operation.Task("t", processors.get(i % processors.size()), cost, pre));
      if (online && i % 1000 == 999) {
        sim.runUntil(events[i]);
      }
    }
    last = sim;
    return sim.drain();
  }

  @TearDown(Level.Iteration)
  public void reportHeap() {
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    long with = usedAfterGc(memory);
    int count = last.eventCount();
    last = null;
    long without = usedAfterGc(memory);
    System.out.printf("%nretained heap: %.1f MB for %d operations (%d events incl. merges) = %.1f bytes/operation%n",
        (with - without) / 1e6, operations, count, (double) (with - without) / operations);
  }

  private static long usedAfterGc(MemoryMXBean memory) {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return memory.getHeapMemoryUsage().getUsed();
  }
}
