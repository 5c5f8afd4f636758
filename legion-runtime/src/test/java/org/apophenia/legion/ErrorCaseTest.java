package org.apophenia.legion;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apophenia.sim.Cost;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.api.Test;

/** The user errors of issue 4, each with its message; the runtime stays usable afterwards. */
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
}
