package org.apophenia.bench.legion;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.HostMapper;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.sim.Cost;
import org.apophenia.sim.machine.Presets;
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
 * The runtime's performance goal: the real cost of the runtime's dynamic analysis per task, target
 * at most 10 µs for a task with 3 region requirements, as a function of requirements per task, depth
 * of the region tree and partition width, in a steady stencil pattern.
 *
 * <p>The tree: a root of {@code 16 * width} points, split in halves {@code depth - 1} times (always
 * descending into the first half) down to a region R, which has a disjoint block partition P and an
 * aliased ghost partition G (halo 1), both {@code width} wide; the stencil regions are
 * {@code depth + 1} partition/region levels below the root. Step s issues, for every color i, one
 * single task with requirement 0 READ_WRITE on P[i] field s mod 2 and requirements 1..reqs-1
 * READ_ONLY on G[i], the first on the field written the step before (the stencil dependence, which
 * makes every step close P or G for that field), the others on read-only fields 2, 3, ...
 *
 * <p>One benchmark operation is one {@code execute} of a task: logical analysis, mapping (the host
 * mapper: no copies, so this is the analysis, not data movement), physical analysis and submission
 * to the simulator. Every 4096 tasks the simulation is drained (task bodies are empty), so the
 * measured time also contains the simulator's amortised cost; the runtime's own per-task analysis
 * time ({@link LegionRuntime#analysisNanos}) is printed at the end of each iteration as
 * {@code analysis ns/task}, which excludes the drain.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class AnalysisBenchmark {
  @Param({"1", "3", "8"})
  int reqs;

  @Param({"1", "4"})
  int depth;

  @Param({"4", "64", "1024"})
  int width;

  private LegionRuntime rt;
  private TaskLauncher[][] steps;
  private int step;
  private int color;
  private int sinceDrain;
  private long nanos0;
  private long ops0;

  @Setup(Level.Iteration)
  public void setUp() {
    rt = new LegionRuntime(Presets.machine("perlmutter:1"), new HostMapper(), CostModel.none());
    rt.registerTask(TaskDefinition.cpu(1, "stencil", ctx -> null, Cost.fixed(1_000)));
    FieldSpace fs = rt.createFieldSpace();
    Field[] f = new Field[Math.max(2, reqs + 1)];
    for (int i = 0; i < f.length; i++) {
      f[i] = fs.allocate("f" + i, FieldType.LONG);
    }
    LogicalRegion root = rt.createRegion(rt.createIndexSpace(Rect.of(0, 16L * width - 1)), fs);
    LogicalRegion r = root;
    for (int d = 1; d < depth; d++) {
      r = rt.partitionEqual(r, 2).subregion(0);
    }
    Partition p = rt.partitionEqual(r, width);
    Partition g = rt.partitionWithGhosts(r, width, 1);
    // two steps make the steady pattern: the written field alternates
    steps = new TaskLauncher[2][width];
    for (int s = 0; s < 2; s++) {
      for (int i = 0; i < width; i++) {
        List<RegionRequirement> rs = new ArrayList<>(reqs);
        rs.add(RegionRequirement.of(p.subregion(i), Privilege.READ_WRITE, root, f[s]));
        for (int j = 1; j < reqs; j++) {
          Field read = j == 1 ? f[1 - s] : f[j + 1];
          rs.add(RegionRequirement.of(g.subregion(i), Privilege.READ_ONLY, root, read));
        }
        steps[s][i] = new TaskLauncher(1, rs, List.of());
      }
    }
    step = 0;
    color = 0;
    sinceDrain = 0;
    // warm the tree into its steady state (first touches open the partitions)
    for (int k = 0; k < 4 * width; k++) {
      issue();
    }
    rt.finish();
    nanos0 = rt.analysisNanos();
    ops0 = rt.analysedOperations();
  }

  @TearDown(Level.Iteration)
  public void tearDown() {
    long ops = rt.analysedOperations() - ops0;
    System.out.printf("%nanalysis ns/task: %.0f (%d tasks)%n", (rt.analysisNanos() - nanos0) / (double) ops, ops);
    rt = null;
  }

  private void issue() {
    rt.execute(steps[step][color]);
    if (++color == width) {
      color = 0;
      step ^= 1;
    }
    if (++sinceDrain == 4096) {
      sinceDrain = 0;
      rt.finish();
    }
  }

  @Benchmark
  public void task() {
    issue();
  }
}
