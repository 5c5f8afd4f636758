package org.apophenia.legion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apophenia.sim.Cost;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.api.Test;

/**
 * Privilege containment (Legion thesis §2.5.1, Figure 2.2): the semi-lattice order of
 * {@link Privilege#covers}, and the containment check with parents holding narrower privileges than the
 * top-level context's READ_WRITE (which no operation of this runtime can exceed, see
 * {@link PrivilegeContainment}).
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
}
