package org.apophenia.replay;

import java.util.List;
import java.util.Map;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.DefaultMapper;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.IndexLauncher;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Projection;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskBody;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.sim.SimulationResult;
import org.apophenia.sim.TaskCost;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * A stencil-like iterative program (the paper's Stencil, Table I): per iteration an index launch that
 * writes each block of {@code x} from the ghosted blocks of {@code y}, then one that writes {@code y}
 * back from {@code x}; one trace around each iteration. {@link #makespan}: a fixed analysis cost of 1 ms
 * per point task (the premise of the tests that use it).
 */
final class Stencil {
  private Stencil() {}

  /** Simulated makespan in ns; {@code engine} null for no tracing. */
  static long makespan(DynamicTracing engine, int iterations, long taskNanos, String machine, int pieces) {
    return run(engine, iterations, taskNanos, machine, pieces, CostModel.fixed(1_000_000)).makespanNanos();
  }

  /** The simulation's result of the program under {@code costs}; {@code engine} null for no tracing. */
  static SimulationResult run(DynamicTracing engine, int iterations, long taskNanos, String machine, int pieces,
      CostModel costs) {
    LegionRuntime rt = new LegionRuntime(Presets.machine(machine), new DefaultMapper(), costs);
    TaskBody body = ctx -> 0L;
    rt.registerTask(new TaskDefinition(1, "stencil", Map.of(ProcessorKind.GPU, body, ProcessorKind.CPU, body),
        TaskCost.fixed(taskNanos)));
    rt.registerTask(new TaskDefinition(2, "update", Map.of(ProcessorKind.GPU, body, ProcessorKind.CPU, body),
        TaskCost.fixed(taskNanos)));
    FieldSpace fs = rt.createFieldSpace();
    Field x = fs.allocate("x", FieldType.LONG);
    Field y = fs.allocate("y", FieldType.LONG);
    LogicalRegion grid = rt.createRegion(rt.createIndexSpace(Rect.of(0, 64L * pieces - 1)), fs);
    Partition p = rt.partitionEqual(grid, pieces);
    Partition g = rt.partitionWithGhosts(grid, pieces, 1);
    rt.setTraceEngine(engine);
    Rect dom = Rect.of(0, pieces - 1);
    for (int it = 0; it < iterations; it++) {
      rt.beginTrace(7);
      rt.executeIndex(new IndexLauncher(1, dom, List.of(
          RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_WRITE, grid, x),
          RegionRequirement.projected(g, Projection.IDENTITY, Privilege.READ_ONLY, grid, y)), List.of(), null));
      rt.executeIndex(new IndexLauncher(2, dom, List.of(
          RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_WRITE, grid, y),
          RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_ONLY, grid, x)), List.of(), null));
      rt.endTrace(7);
    }
    return rt.finish();
  }
}
