package org.apophenia.bench.replay;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.legion.api.DefaultMapper;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.IndexLauncher;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Projection;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskBody;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.replay.DynamicTracing;
import org.apophenia.replay.TracingOptions;
import org.apophenia.sim.Event;
import org.apophenia.sim.Operation;
import org.apophenia.sim.Simulation;
import org.apophenia.sim.TaskCost;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.ProcessorKind;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The replay engine's performance goal: the real cost per task of analysing a trace, recording it, and replaying
 * it, for a Jacobi-like trace (single tasks: for every block, RW x[i] reading the ghosted y[i], then RW
 * y[i] reading x[i]) and a stencil-like one (the same as two index launches), with {@code tasks} tasks
 * per trace on one Perlmutter node (4 GPUs: ghost copies between framebuffers). Targets: replay at
 * least 10x cheaper than analysis, record at most 1.5x analysis.
 *
 * <p>Scores are microseconds per task. One measured shot issues {@value #TASKS_PER_SHOT} tasks as
 * whole trace instances ({@code tbegin} to {@code tend}; {@code TASKS_PER_SHOT / tasks} of them),
 * launchers built by the application as a real program builds them. Before each shot, untimed: a fresh
 * runtime, three warm-up instances (valid instances in the GPUs; for {@code replay}, more until one
 * was an elided replay), and a GC, so that every shot starts from the same heap (the dependence graph
 * and the simulated timeline grow with every task; the simulated machine is not run during the shot,
 * as in a program that does not wait). {@code analysis}
 * has no engine; {@code record} gives each instance a trace id never seen, so every one is a first
 * recording: the application thread's capture, with the translation and optimisation (transitive
 * reduction, copy propagation) on the engine's background thread, as by default, which a stream of
 * nothing but new recordings keeps busy on the other core; {@code record-inline} does all of it on the
 * application thread ({@code TracingOptions.withInlineOptimisation}). Neither includes fence elision,
 * which starts only once a recording is replayed. {@code replay} has had the engine throughout
 * (record, fenced replay)
 * and measures back-to-back replays with fence elision. {@code machine} is the floor under all three:
 * no runtime, the same tasks submitted straight to the simulated machine, each waiting on a merge of
 * the tasks it depends on (a replay issues these and the ghost copies too), with a body closure each;
 * it is what the simulator's own bookkeeping costs per task. {@code launchers} (not in the default
 * list: {@code -p mode=launchers}, or {@link ReplayShots}) is the application's own part: the same
 * launchers built and dropped, no runtime called. Analysis and replay both pay these two floors.
 *
 * <p>Garbage collection is kept out of the shots: the young generation (3 GB, parallel collector) holds
 * a whole shot's allocation, and the heap is collected before each. So the scores are the mutator's
 * cost; allocation per task, which decides what GC would add, is printed by {@code -prof gc} (analysis
 * allocates several times more per task than replay, so this choice does not favour replay). A shot is
 * a few milliseconds and a fresh runtime's code paths take many shots to compile, so too few warm-up
 * shots measure replay and the machine floor before they are compiled (how many: BENCHMARKS.md,
 * "Figures once kept in the code's comments"). {@link
 * ReplayShots} runs the same shots timed by the application thread's CPU time, which the machine's
 * neighbours disturb far less than the wall clock.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@OperationsPerInvocation(ReplayBenchmark.TASKS_PER_SHOT)
@Warmup(iterations = 60)
@Measurement(iterations = 40)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseParallelGC", "-Xms6g", "-Xmx6g", "-Xmn3g"})
public class ReplayBenchmark {
  /** Tasks issued per measured shot: a multiple of every {@code tasks} parameter. */
  static final int TASKS_PER_SHOT = 20_000;

  @Param({"10", "100", "1000", "2000"})
  int tasks;

  @Param({"jacobi", "stencil"})
  String program;

  @Param({"analysis", "record", "record-inline", "replay", "machine"})
  String mode;

  private LegionRuntime rt;
  private LogicalRegion grid;
  private Partition p;
  private Partition g;
  private Field x;
  private Field y;
  private int traceId;
  private static final TaskCost COST = TaskCost.fixed(1000);
  private Simulation sim;
  private List<Processor> gpus;
  private Event[] phase1;
  private Event[] phase2;
  private long sink;
  /** {@code launchers} mode: the launcher built last (a field, so that building it is not optimised away). */
  private Object built;
  private boolean launchersOnly;

  @Setup(Level.Iteration)
  public void setUp() {
    rt = new LegionRuntime(Presets.machine("perlmutter:1"), new DefaultMapper(), CostModel.none());
    TaskBody body = ctx -> 0L;
    rt.registerTask(new TaskDefinition(1, "stencil", Map.of(ProcessorKind.GPU, body), TaskCost.fixed(1000)));
    rt.registerTask(new TaskDefinition(2, "update", Map.of(ProcessorKind.GPU, body), TaskCost.fixed(1000)));
    FieldSpace fs = rt.createFieldSpace();
    x = fs.allocate("x", FieldType.LONG);
    y = fs.allocate("y", FieldType.LONG);
    int pieces = tasks / 2;
    grid = rt.createRegion(rt.createIndexSpace(Rect.of(0, 8L * pieces - 1)), fs);
    p = rt.partitionEqual(grid, pieces);
    g = rt.partitionWithGhosts(grid, pieces, 1);
    traceId = 1;
    if (mode.equals("machine")) {
      sim = rt.simulation();
      gpus = sim.machine().processors(ProcessorKind.GPU);
      int pieces2 = tasks / 2;
      phase1 = new Event[pieces2];
      phase2 = new Event[pieces2];
      java.util.Arrays.fill(phase1, Event.NONE);
      java.util.Arrays.fill(phase2, Event.NONE);
    }
    DynamicTracing engine = null;
    if (!List.of("analysis", "record", "record-inline", "replay", "machine", "launchers").contains(mode)) {
      throw new IllegalArgumentException("unknown mode " + mode + ": analysis, record, record-inline, replay, machine"
          + " or launchers");
    }
    launchersOnly = mode.equals("launchers");
    if (!mode.equals("analysis") && !mode.equals("machine") && !launchersOnly) {
      engine = new DynamicTracing(TracingOptions.defaults().withInlineOptimisation(mode.equals("record-inline")));
      rt.setTraceEngine(engine);
    }
    for (int i = 0; i < 3; i++) {
      iteration();
    }
    // replay measures the steady state: back-to-back elided replays, with the one-time work (the
    // recording's optimisation, the fence elision that starts after its first replay) behind it
    for (int i = 0; mode.equals("replay") && engine.stats().elidedReplays() == 0; i++) {
      if (i == 10) {
        throw new IllegalStateException("no elided replay after 13 instances: " + engine.stats());
      }
      iteration();
    }
    System.gc();
  }

  /** Untimed: runs the simulated machine to the end (bodies and copies) and lets the runtime go. */
  @TearDown(Level.Iteration)
  public void drain() {
    rt.finish();
    rt = null;
    sim = null;
  }

  @Benchmark
  public LegionRuntime trace() {
    for (int i = TASKS_PER_SHOT / tasks; i > 0; i--) {
      iteration();
    }
    return rt;
  }

  private void iteration() {
    if (sim != null) {
      machineIteration();
      return;
    }
    if (mode.startsWith("record")) {
      traceId++;
    }
    if (launchersOnly) {
      launchers();
      return;
    }
    rt.beginTrace(traceId);
    int pieces = tasks / 2;
    if (program.equals("stencil")) {
      rt.executeIndex(stencil(1, pieces));
      rt.executeIndex(stencil(2, pieces));
    } else {
      for (int i = 0; i < pieces; i++) {
        rt.execute(jacobi(1, i));
      }
      for (int i = 0; i < pieces; i++) {
        rt.execute(jacobi(2, i));
      }
    }
    rt.endTrace(traceId);
  }

  /** The application's part alone: one instance's launchers built, kept (so they are made), not issued. */
  private void launchers() {
    int pieces = tasks / 2;
    if (program.equals("stencil")) {
      built = stencil(1, pieces);
      built = stencil(2, pieces);
    } else {
      for (int i = 0; i < pieces; i++) {
        built = jacobi(1, i);
      }
      for (int i = 0; i < pieces; i++) {
        built = jacobi(2, i);
      }
    }
  }

  /** Phase 1 (stencil: RW x, reads ghosted y) or 2 (update: RW y, reads x) of block {@code i}. */
  private TaskLauncher jacobi(int phase, int i) {
    return phase == 1
        ? new TaskLauncher(1, RegionRequirement.of(p.subregion(i), Privilege.READ_WRITE, grid, x),
            RegionRequirement.of(g.subregion(i), Privilege.READ_ONLY, grid, y))
        : new TaskLauncher(2, RegionRequirement.of(p.subregion(i), Privilege.READ_WRITE, grid, y),
            RegionRequirement.of(p.subregion(i), Privilege.READ_ONLY, grid, x));
  }

  /** Phase 1 or 2 of every block as one index launch. */
  private IndexLauncher stencil(int phase, int pieces) {
    Rect dom = Rect.of(0, pieces - 1);
    return phase == 1
        ? new IndexLauncher(1, dom, List.of(
            RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_WRITE, grid, x),
            RegionRequirement.projected(g, Projection.IDENTITY, Privilege.READ_ONLY, grid, y)), List.of(), null)
        : new IndexLauncher(2, dom, List.of(
            RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_WRITE, grid, y),
            RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_ONLY, grid, x)), List.of(), null);
  }

  /** The tasks of one instance straight to the simulated machine: the dependences a replay issues. */
  private void machineIteration() {
    int pieces = tasks / 2;
    for (int i = 0; i < pieces; i++) {
      Event pre = sim.merge(phase2[Math.max(0, i - 1)], phase2[i], phase2[Math.min(pieces - 1, i + 1)]);
      int k = i;
      phase1[i] = sim.submit(new Operation.Task("stencil", gpus.get(i % gpus.size()), COST, pre, () -> sink += k));
    }
    for (int i = 0; i < pieces; i++) {
      int k = i;
      phase2[i] = sim.submit(new Operation.Task("update", gpus.get(i % gpus.size()), COST, phase1[i], () -> sink -= k));
    }
  }
}
