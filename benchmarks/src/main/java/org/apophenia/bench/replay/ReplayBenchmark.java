package org.apophenia.bench.replay;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apophenia.legion.AnalysisCostModel;
import org.apophenia.legion.DefaultMapper;
import org.apophenia.legion.Field;
import org.apophenia.legion.FieldSpace;
import org.apophenia.legion.FieldType;
import org.apophenia.legion.IndexLauncher;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.LogicalRegion;
import org.apophenia.legion.Partition;
import org.apophenia.legion.Privilege;
import org.apophenia.legion.Projection;
import org.apophenia.legion.Rect;
import org.apophenia.legion.RegionRequirement;
import org.apophenia.legion.TaskBody;
import org.apophenia.legion.TaskDefinition;
import org.apophenia.legion.TaskLauncher;
import org.apophenia.replay.DynamicTracing;
import org.apophenia.sim.TaskCost;
import org.apophenia.sim.machine.Presets;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 5's performance goal: the real cost per task of analysing a trace, recording it, and replaying
 * it, for a Jacobi-like trace (single tasks: for every block, RW x[i] reading the ghosted y[i], then RW
 * y[i] reading x[i]) and a stencil-like one (the same as two index launches), with {@code tasks} tasks
 * per trace on one Perlmutter node (4 GPUs: ghost copies between framebuffers). Targets: replay at
 * least 10x cheaper than analysis, record at most 1.5x analysis.
 *
 * <p>One benchmark operation is one whole trace instance, {@code tbegin} to {@code tend}; divide by
 * {@code tasks} for the per-task cost. Each invocation gets a fresh runtime warmed by three iterations
 * (so that the measured one is in steady state: valid instances in the GPUs): {@code analysis} has no
 * engine; {@code record} installs a fresh engine just before the measured iteration (a first
 * recording); {@code replay} has had the engine throughout (record, re-record, fenced replay) and
 * measures a back-to-back replay with fence elision.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class ReplayBenchmark {
  @Param({"10", "100", "1000", "2000"})
  int tasks;

  @Param({"jacobi", "stencil"})
  String program;

  @Param({"analysis", "record", "replay"})
  String mode;

  private LegionRuntime rt;
  private LogicalRegion grid;
  private Partition p;
  private Partition g;
  private Field x;
  private Field y;

  @Setup(Level.Invocation)
  public void setUp() {
    rt = new LegionRuntime(Presets.machine("perlmutter:1"), new DefaultMapper(), AnalysisCostModel.none());
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
    DynamicTracing engine = new DynamicTracing();
    if (mode.equals("replay")) {
      rt.setTraceEngine(engine);
    }
    for (int i = 0; i < 3; i++) {
      iteration();
    }
    if (mode.equals("record")) {
      rt.setTraceEngine(engine);
    }
  }

  @Benchmark
  public LegionRuntime trace() {
    iteration();
    return rt;
  }

  private void iteration() {
    rt.beginTrace(1);
    int pieces = tasks / 2;
    if (program.equals("stencil")) {
      Rect dom = Rect.of(0, pieces - 1);
      rt.executeIndex(new IndexLauncher(1, dom, List.of(
          RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_WRITE, grid, x),
          RegionRequirement.projected(g, Projection.IDENTITY, Privilege.READ_ONLY, grid, y)), List.of(), null));
      rt.executeIndex(new IndexLauncher(2, dom, List.of(
          RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_WRITE, grid, y),
          RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_ONLY, grid, x)), List.of(), null));
    } else {
      for (int i = 0; i < pieces; i++) {
        rt.execute(new TaskLauncher(1, RegionRequirement.of(p.subregion(i), Privilege.READ_WRITE, grid, x),
            RegionRequirement.of(g.subregion(i), Privilege.READ_ONLY, grid, y)));
      }
      for (int i = 0; i < pieces; i++) {
        rt.execute(new TaskLauncher(2, RegionRequirement.of(p.subregion(i), Privilege.READ_WRITE, grid, y),
            RegionRequirement.of(p.subregion(i), Privilege.READ_ONLY, grid, x)));
      }
    }
    rt.endTrace(1);
  }
}
