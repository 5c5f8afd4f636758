package org.apophenia.samples.numpy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apophenia.autotrace.TraceSink;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.samples.adapter.RuntimeAdapter;
import org.apophenia.samples.array.ArrayContext;
import org.apophenia.samples.adapter.ArrayOp;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.api.Test;

/**
 * What the launches tell the dependence analysis: for contiguous operands each point task's
 * requirement is exactly its chunk; for a stepped view it is the bounding interval of the elements
 * the chunk reads (a superset that contains every one of them); a contiguous output is
 * WRITE_DISCARD, a strided one READ_WRITE.
 */
class RequirementsTest {
  private final List<ArrayOp.IndexTask> seen = new ArrayList<>();

  private Np np(int tiles) {
    TraceSink<ArrayOp> observer = new TraceSink<>() {
      @Override
      public void op(ArrayOp op) {
        seen.add((ArrayOp.IndexTask) op);
      }

      @Override
      public void beginTrace(long id) {}

      @Override
      public void endTrace(long id) {}
    };
    return Np.withExplicitRelease(ArrayContext.create(
        RuntimeAdapter.builder(new LegionRuntime(Presets.machine("workstation")), Mode.NONE).observer(observer).build(),
        tiles));
  }

  private static List<Rect> rects(RegionRequirement r) {
    List<Rect> out = new ArrayList<>();
    for (int i = 0; i < r.partition().colors(); i++) {
      out.add(r.partition().subregion(i).bounds());
    }
    return out;
  }

  @Test
  void contiguousOperandsRequireExactlyTheirChunks() {
    Np np = np(2);
    NpArray a = np.arange(10);
    NpArray b = np.arange(10);
    seen.clear();
    a.add(b);
    ArrayOp.IndexTask t = seen.get(0);
    assertThat(t.requirements()).hasSize(3);
    for (RegionRequirement r : t.requirements()) {
      assertThat(rects(r)).containsExactly(Rect.of(0, 4), Rect.of(5, 9));
    }
    assertThat(t.requirements().get(0).privilege()).isEqualTo(Privilege.WRITE_DISCARD);
    assertThat(t.requirements().get(1).privilege()).isEqualTo(Privilege.READ_ONLY);
  }

  @Test
  void aSteppedViewRequiresTheBoundingIntervalOfWhatEachChunkReads() {
    Np np = np(2);
    NpArray a = np.arange(20);
    seen.clear();
    a.at("1:17:3").mul(2L); // elements 1, 4, 7 | 10, 13, 16
    List<Rect> in = rects(seen.get(0).requirements().get(1));
    assertThat(in).containsExactly(Rect.of(1, 7), Rect.of(10, 16));
  }

  @Test
  void assigningIntoAStridedViewKeepsTheElementsBetween() {
    Np np = np(2);
    NpArray u = np.zeros(4, 6);
    seen.clear();
    u.set(":, 1", 5.0); // column 1: positions 1, 7 | 13, 19
    RegionRequirement out = seen.get(0).requirements().get(0);
    assertThat(rects(out)).containsExactly(Rect.of(1, 7), Rect.of(13, 19));
    assertThat(out.privilege()).isEqualTo(Privilege.READ_WRITE);
    double[] v = u.toDoubles();
    for (int i = 0; i < v.length; i++) {
      assertThat(v[i]).isEqualTo(i % 6 == 1 ? 5.0 : 0.0);
    }
  }

  @Test
  void refusalsNameTheOperationShapesAndAxisBeforeIssuing() {
    Np np = np(2);
    NpArray a = np.zeros(3, 4);
    NpArray b = np.zeros(2, 4);
    long before = np.context().extension().opsIssued();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> a.add(b))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("add").hasMessageContaining("(3, 4)")
        .hasMessageContaining("(2, 4)").hasMessageContaining("axis 0");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> a.sum(2))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sum").hasMessageContaining("axis 2");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> np.binary(BinaryUfunc.BITWISE_AND, a, a))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bitwise_and")
        .hasMessageContaining("float64");
    assertThat(np.context().extension().opsIssued()).isEqualTo(before);
  }
}
