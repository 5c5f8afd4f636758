package org.apophenia.legion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apophenia.legion.api.Coherence;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.Future;
import org.apophenia.legion.api.IndexLauncher;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Mapper;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Projection;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.legion.error.DestroyedResourceException;
import org.apophenia.legion.error.FieldException;
import org.apophenia.legion.error.InterferenceException;
import org.apophenia.legion.error.LegionException;
import org.apophenia.legion.error.PartitionException;
import org.apophenia.legion.error.PrivilegeException;
import org.apophenia.legion.error.ReductionException;
import org.apophenia.legion.error.TraceMarkerException;
import org.apophenia.legion.instances.MemorySet;
import org.apophenia.sim.Cost;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.MemoryKind;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;
import org.junit.jupiter.api.Test;

/** The user errors the runtime reports, each with its message; the runtime stays usable afterwards. */
class ErrorCaseTest {
  private final LegionRuntime rt = new LegionRuntime(Presets.machine("perlmutter:1"));
  private final FieldSpace fs = rt.createFieldSpace();
  private final Field x = fs.allocate("x", FieldType.LONG);
  private final LogicalRegion root = rt.createRegion(rt.createIndexSpace(Rect.of(0, 15)), fs);

  {
    rt.registerTask(TaskDefinition.cpu(1, "t", ctx -> null, Cost.fixed(100)));
  }

  @Test
  void traceMarkersMustBeBalancedNotNestedAndMatching() {
    assertThatThrownBy(() -> rt.endTrace(3)).isInstanceOf(TraceMarkerException.class)
        .hasMessageContaining("tend(3) without a matching tbegin");
    rt.beginTrace(1);
    assertThatThrownBy(() -> rt.beginTrace(2)).isInstanceOf(TraceMarkerException.class)
        .hasMessageContaining("cannot be nested");
    assertThatThrownBy(() -> rt.endTrace(2)).isInstanceOf(TraceMarkerException.class)
        .hasMessageContaining("does not match the open tbegin(1)");
    rt.endTrace(1);
  }

  @Test
  void destroyedRegionAndUnregisteredReductionAndBadParent() {
    Partition p = rt.partitionEqual(root, 4);
    assertThatThrownBy(() -> rt.execute(new TaskLauncher(1,
        RegionRequirement.of(root, Privilege.reduce(7), root, x)))).isInstanceOf(ReductionException.class)
        .hasMessageContaining("reduction operator 7");
    assertThatThrownBy(() -> rt.execute(new TaskLauncher(1,
        RegionRequirement.of(root, Privilege.READ_ONLY, p.subregion(1), x)))).isInstanceOf(PrivilegeException.class)
        .hasMessageContaining("is not an ancestor");
    rt.destroyPartition(p);
    assertThatThrownBy(() -> rt.execute(new TaskLauncher(1,
        RegionRequirement.of(p.subregion(0), Privilege.READ_ONLY, root, x))))
        .isInstanceOf(DestroyedResourceException.class).hasMessageContaining("destroyed");
    rt.execute(new TaskLauncher(1, RegionRequirement.of(root, Privilege.READ_WRITE, root, x))).get();
  }

  @Test
  void interferingIndexLaunchPointsAndPartitionOutsideTheRegion() {
    Partition g = rt.partitionWithGhosts(root, 4, 1);
    assertThatThrownBy(() -> rt.executeIndex(new IndexLauncher(1, Rect.of(0, 3),
        RegionRequirement.projected(g, Projection.IDENTITY, Privilege.READ_WRITE, root, x))))
        .isInstanceOf(InterferenceException.class).hasMessageContaining("interfere");
    assertThatThrownBy(() -> rt.partitionByRects(root, List.of(Rect.of(10, 20))))
        .isInstanceOf(PartitionException.class).hasMessageContaining("not a non-empty part");
  }

  @Test
  void waitingOnAFutureOfADestroyedContext() {
    Future f = rt.execute(new TaskLauncher(1, RegionRequirement.of(root, Privilege.READ_ONLY, root, x)));
    rt.destroy();
    assertThatThrownBy(f::get).isInstanceOf(DestroyedResourceException.class)
        .hasMessageContaining("its context (the runtime) has been destroyed");
  }

  @Test
  void aFieldNotInTheRegionsFieldSpace() {
    FieldSpace other = rt.createFieldSpace();
    Field y = other.allocate("y", FieldType.LONG);
    assertThatThrownBy(() -> RegionRequirement.of(root, Privilege.READ_ONLY, root, y))
        .isInstanceOf(FieldException.class)
        .hasMessageContaining("field 'y' (field space " + other.id() + ")")
        .hasMessageContaining("not in the field space of " + root);
    Partition p = rt.partitionEqual(root, 4);
    assertThatThrownBy(() -> RegionRequirement.projected(p, Projection.IDENTITY, Privilege.READ_ONLY, root, y))
        .isInstanceOf(FieldException.class).hasMessageContaining("field 'y'").hasMessageContaining(p.toString());
    assertThatThrownBy(() -> rt.fill(root, y, 1, root)).isInstanceOf(FieldException.class)
        .hasMessageContaining("field 'y'");
    // a raw field mask with a bit beyond the space: the runtime names the task and the field ids
    RegionRequirement raw = new RegionRequirement(root, null, null, 1L << 5, Privilege.READ_ONLY,
        Coherence.EXCLUSIVE, root);
    int ops = rt.graph().size();
    assertThatThrownBy(() -> rt.execute(new TaskLauncher(1, raw))).isInstanceOf(FieldException.class)
        .hasMessageContaining("task t requirement 0").hasMessageContaining("field ids [5]")
        .hasMessageContaining(root.toString());
    assertThat(rt.graph().size()).as("nothing issued").isEqualTo(ops);
    // a body asking for a field its requirement did not request
    List<String> seen = new ArrayList<>();
    rt.registerTask(TaskDefinition.cpu(2, "peek", ctx -> {
      try {
        ctx.accessor(0, y);
      } catch (FieldException e) {
        seen.add(e.getMessage());
      }
      return null;
    }, Cost.fixed(100)));
    rt.execute(new TaskLauncher(2, RegionRequirement.of(root, Privilege.READ_ONLY, root, x))).get();
    assertThat(seen).singleElement().asString().contains("task peek").contains("did not request field 'y'");
    rt.execute(new TaskLauncher(1, RegionRequirement.of(root, Privilege.READ_WRITE, root, x))).get();
  }

  @Test
  void untraceableOperationsInsideATraceWithAnEngine() {
    rt.registerTask(TaskDefinition.cpu(3, "answer", ctx -> 42L, Cost.fixed(100)));
    RegionRequirement whole = RegionRequirement.of(root, Privilege.READ_ONLY, root, x);
    rt.beginTrace(4);
    Future f = rt.execute(new TaskLauncher(3, whole));
    assertThat(f.getLong()).as("no engine: a wait inside a trace is allowed").isEqualTo(42L);
    assertThat(rt.inlineMap(whole).accessor(x).getLong(new long[] {3})).isZero();
    rt.endTrace(4);

    rt.setTraceEngine(new AnalyzeAll());
    rt.beginTrace(7);
    Future g = rt.execute(new TaskLauncher(3, whole));
    int ops = rt.graph().size();
    assertThatThrownBy(() -> rt.inlineMap(whole)).isInstanceOf(LegionException.class)
        .hasMessageContaining("inline mapping of " + root).hasMessageContaining("untraceable")
        .hasMessageContaining("inside trace 7");
    assertThatThrownBy(g::get).isInstanceOf(LegionException.class)
        .hasMessageContaining("blocking wait on the future of answer").hasMessageContaining("inside trace 7");
    assertThat(rt.graph().size()).as("nothing issued by the refused operations").isEqualTo(ops);
    assertThat(rt.openTrace()).as("the trace stays open").isEqualTo(7);
    rt.endTrace(7);
    assertThat(g.getLong()).isEqualTo(42L);
    assertThat(rt.inlineMap(whole).accessor(x).getLong(new long[] {3})).isZero();
  }

  /**
   * The runtime checks the mapper's memory against the processor's visible memories (a cached set
   * per processor since the MemorySet change): a framebuffer for a CPU task is refused, also when the
   * answer comes from the cache, and a visible memory passes even as an equal copy of the machine's
   * record.
   */
  @Test
  void aMemoryNotVisibleFromTheChosenProcessorIsRefused() {
    Machine m = Presets.machine("perlmutter:1");
    Memory fb = m.memories(0, MemoryKind.FRAMEBUFFER).get(0);
    Memory sys = m.memories(0, MemoryKind.SYSTEM).get(0);
    Memory[] choice = {fb};
    Mapper mapper = new Mapper() {
      @Override
      public Processor selectProcessor(Machine machine, String task, Set<ProcessorKind> variants, int pointIndex,
          int points) {
        return machine.processors(0, ProcessorKind.CPU).get(0);
      }

      @Override
      public Memory selectMemory(Machine machine, Processor processor, RegionRequirement requirement,
          MemorySet validMemories) {
        return choice[0];
      }
    };
    assertThat(m.visibleMemories(m.processors(0, ProcessorKind.CPU).get(0))).doesNotContain(fb).contains(sys);
    LegionRuntime r = new LegionRuntime(m, mapper, CostModel.none());
    r.registerTask(TaskDefinition.cpu(1, "t", ctx -> null, Cost.fixed(100)));
    FieldSpace s = r.createFieldSpace();
    Field f = s.allocate("f", FieldType.LONG);
    LogicalRegion top = r.createRegion(r.createIndexSpace(Rect.of(0, 3)), s);
    for (int i = 0; i < 2; i++) { // the second time from the cache
      assertThatThrownBy(() -> r.execute(new TaskLauncher(1, RegionRequirement.of(top, Privilege.READ_WRITE, top, f))))
          .isInstanceOf(LegionException.class).hasMessageContaining("not visible from");
    }
    choice[0] = new Memory(sys.id(), sys.name(), sys.node(), sys.kind(), sys.capacityBytes());
    r.execute(new TaskLauncher(1, RegionRequirement.of(top, Privilege.READ_WRITE, top, f))).get();
  }
}
