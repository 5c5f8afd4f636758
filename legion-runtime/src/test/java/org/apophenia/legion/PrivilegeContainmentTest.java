package org.apophenia.legion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.IndexLauncher;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.PrivilegeContainment;
import org.apophenia.legion.api.Projection;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.ReductionOp;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.legion.error.LegionException;
import org.apophenia.legion.error.PrivilegeException;
import org.apophenia.sim.Cost;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.api.Test;

/**
 * Privilege containment (Legion thesis §2.5.1, Figure 2.2): the semi-lattice order of
 * {@link Privilege#covers}, the containment check with parents holding narrower privileges than the
 * top-level context's READ_WRITE, and the same check through the public API: launches and child
 * contexts issued through a {@link Context} that holds only some privileges.
 */
class PrivilegeContainmentTest {
  private static final Privilege RO = Privilege.READ_ONLY;
  private static final Privilege RW = Privilege.READ_WRITE;
  private static final Privilege WD = Privilege.WRITE_DISCARD;
  private static final Privilege SUM = Privilege.reduce(0);
  private static final Privilege XOR = Privilege.reduce(1);

  private final LegionRuntime rt = new LegionRuntime(Presets.machine("perlmutter:1"));
  private final FieldSpace fs = rt.createFieldSpace();
  private final Field x = fs.allocate("x", FieldType.LONG);
  private final Field y = fs.allocate("y", FieldType.LONG);
  private final LogicalRegion root = rt.createRegion(rt.createIndexSpace(Rect.of(0, 15)), fs);
  private final Partition p = rt.partitionEqual(root, 4);

  @Test
  void coversIsTheSemiLatticeOrder() {
    List<Privilege> all = List.of(RO, RW, WD, SUM, XOR);
    for (Privilege held : all) {
      for (Privilege req : all) {
        boolean expected = held.equals(RW) || held.equals(req) || (held.equals(WD) && req instanceof Privilege.Reduce);
        assertThat(held.covers(req)).as("%s covers %s", held, req).isEqualTo(expected);
      }
    }
  }

  @Test
  void aRequestAboveTheHeldPrivilegeNamesOperationRegionFieldsHeldAndRequested() {
    RegionRequirement write = RegionRequirement.of(p.subregion(1), RW, p.subregion(1), x, y);
    assertThatThrownBy(() -> PrivilegeContainment.check("task stencil requirement 0", write, fs, RO, fs.allFields()))
        .isInstanceOf(PrivilegeException.class)
        .hasMessage("task stencil requirement 0: requested READ_WRITE on " + p.subregion(1)
            + " fields {x, y} but the parent " + p.subregion(1) + " holds only READ_ONLY");
    assertThatThrownBy(() -> PrivilegeContainment.check("copy", RegionRequirement.of(root, RO, root, x), fs, WD,
        fs.allFields())).isInstanceOf(PrivilegeException.class)
        .hasMessageContaining("requested READ_ONLY").hasMessageContaining("holds only WRITE_DISCARD");
    assertThatThrownBy(() -> PrivilegeContainment.check("task t", RegionRequirement.of(root, XOR, root, x), fs, SUM,
        fs.allFields())).isInstanceOf(PrivilegeException.class)
        .hasMessageContaining("requested REDUCE(1)").hasMessageContaining("holds only REDUCE(0)");
    assertThatCode(() -> PrivilegeContainment.check("task t", RegionRequirement.of(root, SUM, root, x), fs, WD,
        fs.allFields())).doesNotThrowAnyException();
  }

  @Test
  void fieldsOutsideTheHeldOnesAreNamed() {
    RegionRequirement both = RegionRequirement.of(root, RO, root, x, y);
    assertThatThrownBy(() -> PrivilegeContainment.check("task t requirement 1", both, fs, RW, x.bit()))
        .isInstanceOf(PrivilegeException.class)
        .hasMessageContaining("task t requirement 1: requested READ_ONLY on " + root + " fields {x, y}")
        .hasMessageContaining("holds no privilege on fields {y} (held READ_WRITE on {x})");
  }

  @Test
  void theTopLevelContextHoldsReadWriteOnEverything() {
    rt.registerTask(TaskDefinition.cpu(1, "t", ctx -> null, Cost.fixed(100)));
    rt.registerReduction(ReductionOp.sumLong());
    for (Privilege req : List.of(RO, RW, WD, SUM)) {
      assertThatCode(() -> rt.execute(new TaskLauncher(1, RegionRequirement.of(p.subregion(2), req, root, x, y))))
          .as("%s", req).doesNotThrowAnyException();
    }
  }

  @Test
  void aContextPassesOnOnlyWhatItHolds() {
    rt.registerTask(TaskDefinition.cpu(1, "t", ctx -> null, Cost.fixed(100)));
    rt.registerReduction(ReductionOp.sumLong());
    LogicalRegion left = p.subregion(0);
    Context c = rt.context("solver", RegionRequirement.of(left, RO, root, x),
        RegionRequirement.of(left, RW, root, y));
    // covered: read x, read/write/reduce y of the held region or of a region under it
    Partition q = rt.partitionEqual(left, 2);
    assertThatCode(() -> c.execute(new TaskLauncher(1, RegionRequirement.of(left, RO, left, x, y)))).doesNotThrowAnyException();
    assertThatCode(() -> c.execute(new TaskLauncher(1, RegionRequirement.of(q.subregion(1), RW, left, y)))).doesNotThrowAnyException();
    assertThatCode(() -> c.executeIndex(new IndexLauncher(1, Rect.of(0, 1),
        RegionRequirement.projected(q, Projection.IDENTITY, SUM, left, y)))).doesNotThrowAnyException();

    // a privilege above the held one: names the launch, requirement, region, fields, held and requested
    assertThatThrownBy(() -> c.execute(new TaskLauncher(1, RegionRequirement.of(left, RO, left, y),
        RegionRequirement.of(q.subregion(0), RW, left, x))))
        .isInstanceOf(PrivilegeException.class)
        .hasMessage("task t requirement 1 (in context solver): requested READ_WRITE on " + q.subregion(0)
            + " fields {x} but the parent " + left + " holds only READ_ONLY");
    // fields the context holds nothing on
    Field z = fs.allocate("z", FieldType.LONG);
    assertThatThrownBy(() -> c.execute(new TaskLauncher(1, RegionRequirement.of(left, RO, left, x, z))))
        .isInstanceOf(PrivilegeException.class)
        .hasMessageContaining("task t requirement 0 (in context solver): requested READ_ONLY on " + left
            + " fields {x, z} but the context holds no privilege on fields {z} of the parent " + left)
        .hasMessageContaining("it holds READ_ONLY on " + left + " {x}, READ_WRITE on " + left + " {y}");
    // a parent region the context holds nothing on (a sibling, or the root it came from)
    assertThatThrownBy(() -> c.execute(new TaskLauncher(1, RegionRequirement.of(p.subregion(1), RO, root, x))))
        .isInstanceOf(PrivilegeException.class)
        .hasMessageStartingWith("task t requirement 0 (in context solver): requested READ_ONLY with parent "
            + root + ", a region on which the context holds no privilege");
    // index launches are checked before anything is issued
    assertThatThrownBy(() -> c.executeIndex(new IndexLauncher(1, Rect.of(0, 1),
        RegionRequirement.projected(q, Projection.IDENTITY, WD, left, x))))
        .isInstanceOf(PrivilegeException.class)
        .hasMessageContaining("index task t requirement 0 (in context solver): requested WRITE_DISCARD")
        .hasMessageContaining("holds only READ_ONLY");
  }

  @Test
  void aFailedLaunchIssuesNothingAndTheRuntimeStaysUsable() {
    rt.registerTask(TaskDefinition.cpu(1, "t", ctx -> null, Cost.fixed(100)));
    Context c = rt.context("reader", RegionRequirement.of(root, RO, root, x));
    long before = rt.analysedOperations();
    assertThatThrownBy(() -> c.execute(new TaskLauncher(1, RegionRequirement.of(root, RW, root, x))))
        .isInstanceOf(PrivilegeException.class);
    assertThat(rt.analysedOperations()).isEqualTo(before);
    assertThatCode(() -> c.execute(new TaskLauncher(1, RegionRequirement.of(root, RO, root, x))))
        .doesNotThrowAnyException();
    assertThat(rt.analysedOperations()).isEqualTo(before + 1);
  }

  @Test
  void childContextsAreContainedInTheirParent() {
    rt.registerTask(TaskDefinition.cpu(1, "t", ctx -> null, Cost.fixed(100)));
    LogicalRegion left = p.subregion(0);
    Context c = rt.context("outer", RegionRequirement.of(left, WD, root, x, y));
    Context inner = c.child("inner", RegionRequirement.of(left, WD, left, x));
    assertThatCode(() -> inner.execute(new TaskLauncher(1, RegionRequirement.of(left, WD, left, x))))
        .doesNotThrowAnyException();
    assertThatThrownBy(() -> inner.execute(new TaskLauncher(1, RegionRequirement.of(left, WD, left, y))))
        .isInstanceOf(PrivilegeException.class).hasMessageContaining("no privilege on fields {y}");
    assertThatThrownBy(() -> c.child("reader", RegionRequirement.of(left, RO, left, x)))
        .isInstanceOf(PrivilegeException.class)
        .hasMessage("context reader requirement 0 (in context outer): requested READ_ONLY on " + left
            + " fields {x} but the parent " + left + " holds only WRITE_DISCARD");
    assertThatThrownBy(() -> rt.context("bad", RegionRequirement.projected(p, Projection.IDENTITY, RO, root, x)))
        .isInstanceOf(LegionException.class)
        .hasMessageContaining("context bad privilege 0: a context holds privileges on regions, not on partition");
    assertThatThrownBy(() -> rt.context("bad", RegionRequirement.of(root, RO, left, x)))
        .isInstanceOf(PrivilegeException.class).hasMessageContaining("is not an ancestor of");
  }
}
