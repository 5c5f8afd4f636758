package org.apophenia.legion.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicReference;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.RuntimeInternals;
import org.apophenia.legion.api.Accessor;
import org.apophenia.legion.api.DoubleTile;
import org.apophenia.legion.api.DoubleTileWriter;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.ReductionOp;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.legion.error.PrivilegeException;
import org.apophenia.sim.Cost;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.api.Test;

/**
 * Dense tile views ({@link Accessor#denseRead}, {@link Accessor#denseWrite}): their geometry addresses
 * the same points as the accessor, and what they check once per tile (the rectangle lies in the
 * instance, the privilege allows the access) is refused when it does not hold.
 */
class DenseTileTest {
  private final LegionRuntime rt = new LegionRuntime(Presets.machine("workstation"));
  private final FieldSpace fs = rt.createFieldSpace();
  private final Field v = fs.allocate("v", FieldType.DOUBLE);
  private final LogicalRegion grid = rt.createRegion(rt.createIndexSpace(Rect.of(2, 3, 8, 9)), fs);

  @Test
  void aViewAddressesTheAccessorsPoints() {
    Rect tile = Rect.of(4, 5, 6, 8);
    Partition p = rt.partitionByRects(grid, java.util.List.of(tile));
    rt.registerTask(TaskDefinition.cpu(1, "fill", ctx -> {
      Accessor a = ctx.accessor(0, v);
      DoubleTileWriter w = a.denseWrite();
      assertThat(w.rows()).isEqualTo(3);
      assertThat(w.cols()).isEqualTo(4);
      assertThat(w.rowStride()).isEqualTo(7);
      assertThat(w.contiguous()).isFalse();
      for (int r = 0; r < w.rows(); r++) {
        for (int c = 0; c < w.cols(); c++) {
          w.set(w.index(r, c), 100 * (4 + r) + (5 + c));
        }
      }
      DoubleTile t = a.denseRead();
      for (long r = 4; r <= 6; r++) {
        for (long c = 5; c <= 8; c++) {
          assertThat(a.getDouble(r, c)).isEqualTo(100.0 * r + c);
          assertThat(t.get(t.index((int) (r - 4), (int) (c - 5)))).isEqualTo(100.0 * r + c);
        }
      }
      return null;
    }, Cost.fixed(10)));
    rt.execute(new TaskLauncher(1, RegionRequirement.of(p.subregion(0), Privilege.READ_WRITE, grid, v))).get();
  }

  @Test
  void aOneDimensionalTileIsAColumnOfRowsWithStrideOne() {
    double[] data = new double[10];
    for (int i = 0; i < 10; i++) {
      data[i] = i + 0.5;
    }
    DoubleTile t = DoubleTile.of(data, Rect.of(-3, 6), Rect.of(0, 4));
    assertThat(t.rows()).isEqualTo(5);
    assertThat(t.cols()).isEqualTo(1);
    assertThat(t.rowStride()).isEqualTo(1);
    assertThat(t.contiguous()).isTrue();
    assertThat(t.get(t.index(2, 0))).isEqualTo(5.5);
  }

  @Test
  void aViewRefusesARectangleOutsideItsInstance() {
    double[] data = new double[7 * 7];
    Rect instance = Rect.of(2, 3, 8, 9);
    assertThatThrownBy(() -> DoubleTile.of(data, instance, Rect.of(2, 3, 9, 9)))
        .isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("is not a non-empty part of the instance");
    assertThatThrownBy(() -> DoubleTileWriter.of(data, instance, Rect.of(1, 3, 4, 4)))
        .isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> DoubleTile.of(data, instance, Rect.of(2, 2, 3, 9)))
        .isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> DoubleTile.of(data, instance, Rect.of(3, 3, 2, 9)))
        .as("empty").isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> DoubleTile.of(new double[48], instance, Rect.of(2, 3, 3, 4)))
        .as("an array shorter than its instance").isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> DoubleTile.of(data, instance, Rect.of(2, 5)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> DoubleTile.of(new double[8], Rect.of(new long[] {0, 0, 0}, new long[] {1, 1, 1}),
        Rect.of(new long[] {0, 0, 0}, new long[] {1, 1, 1}))).isInstanceOf(UnsupportedOperationException.class);
    assertThat(DoubleTile.of(data, instance, instance).contiguous()).isTrue();
  }

  @Test
  void anIntegerFieldHasNoDoubleView() {
    Field n = fs.allocate("n", FieldType.LONG);
    LogicalRegion r = rt.createRegion(rt.createIndexSpace(Rect.of(0, 7)), fs);
    AtomicReference<String> seen = new AtomicReference<>("");
    rt.registerTask(TaskDefinition.cpu(3, "views", ctx -> {
      Accessor a = ctx.accessor(0, n);
      a.setLong(Long.MIN_VALUE + 3, 5);
      StringBuilder s = new StringBuilder(Long.toString(a.getLong(5)));
      for (Runnable view : new Runnable[] {a::denseRead, a::denseWrite}) {
        try {
          view.run();
        } catch (UnsupportedOperationException e) {
          s.append(" refused");
        }
      }
      seen.set(s.toString());
      return null;
    }, Cost.fixed(10)));
    rt.execute(new TaskLauncher(3, RegionRequirement.of(r, Privilege.READ_WRITE, r, n))).get();
    assertThat(seen.get()).isEqualTo((Long.MIN_VALUE + 3) + " refused refused");
  }

  @Test
  void aDoubleFieldKeepsEveryBitPattern() {
    long[] patterns = {0x7ff0000000000001L, 0xfff8dead0000beefL, 0x8000000000000000L, -1L, Long.MIN_VALUE + 3};
    Field n = fs.allocate("bits", FieldType.LONG);
    LogicalRegion r = rt.createRegion(rt.createIndexSpace(Rect.of(0, patterns.length - 1)), fs);
    rt.registerTask(TaskDefinition.cpu(4, "store", ctx -> {
      Accessor a = ctx.accessor(0, v);
      for (int i = 0; i < patterns.length; i++) {
        a.setLong(patterns[i], i);
      }
      return null;
    }, Cost.fixed(10)));
    rt.execute(new TaskLauncher(4, RegionRequirement.of(r, Privilege.WRITE_DISCARD, r, v))).get();
    rt.copy(r, v, r, r, n, r);
    assertThat(RuntimeInternals.snapshot(rt, r, v)).containsExactly(patterns);
    assertThat(RuntimeInternals.snapshot(rt, r, n)).containsExactly(patterns);
    rt.fill(r, v, 0x7ff4000000000005L, r);
    rt.copy(r, v, r, r, n, r);
    assertThat(RuntimeInternals.snapshot(rt, r, n)).containsOnly(0x7ff4000000000005L);
  }

  @Test
  void theViewsFollowThePrivilege() {
    AtomicReference<String> seen = new AtomicReference<>("");
    rt.registerTask(TaskDefinition.cpu(2, "check", ctx -> {
      Accessor a = ctx.accessor(0, v);
      StringBuilder s = new StringBuilder();
      try {
        a.denseRead();
        s.append("read ");
      } catch (PrivilegeException e) {
        s.append("no-read ");
      }
      try {
        a.denseWrite();
        s.append("write");
      } catch (PrivilegeException e) {
        s.append("no-write");
      }
      seen.set(s.toString());
      return null;
    }, Cost.fixed(10)));
    Object[][] cases = {
        {Privilege.READ_ONLY, "read no-write"},
        {Privilege.READ_WRITE, "read write"},
        {Privilege.WRITE_DISCARD, "no-read write"},
    };
    for (Object[] c : cases) {
      rt.execute(new TaskLauncher(2, RegionRequirement.of(grid, (Privilege) c[0], grid, v))).get();
      assertThat(seen.get()).as(c[0].toString()).isEqualTo(c[1]);
    }
    int sum = rt.registerReduction(ReductionOp.sumDouble());
    rt.execute(new TaskLauncher(2, RegionRequirement.of(grid, Privilege.reduce(sum), grid, v))).get();
    assertThat(seen.get()).as("reduce").isEqualTo("no-read no-write");
  }
}
