package org.apophenia.samples.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.Coherence;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Projection;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.sim.machine.Presets;

/**
 * A token is a function of what the dependence analysis looks at, coherence included: two launches
 * that differ only in one requirement's coherence are analysed differently (ordered, serialised or
 * concurrent), so they get different tokens, and equal launches get equal ones. The oracle is the
 * requirement lists' equality: the tokens of two launches are equal exactly when their lists are.
 */
class ArrayTokenizerProperties {
  private static final Privilege[] PRIVILEGES = {Privilege.READ_ONLY, Privilege.READ_WRITE, Privilege.WRITE_DISCARD};

  /** Two launches over the same tiles, requirement by requirement (privilege, coherence) as drawn. */
  @Property(tries = 200)
  void tokensAreEqualExactlyWhenTheRequirementsAre(@ForAll @Size(min = 1, max = 3) List<@IntRange(max = 11) Integer> a,
      @ForAll @Size(min = 1, max = 3) List<@IntRange(max = 11) Integer> b) {
    LegionRuntime rt = new LegionRuntime(Presets.machine("workstation"));
    FieldSpace fs = rt.createFieldSpace();
    Field f = fs.allocate("v", FieldType.LONG);
    LogicalRegion grid = rt.createRegion(rt.createIndexSpace(Rect.of(0, 15)), fs);
    Partition p = rt.partitionEqual(grid, 4);
    ArrayOp.IndexTask ta = launch(requirements(a, p, grid, f));
    ArrayOp.IndexTask tb = launch(requirements(b, p, grid, f));
    boolean same = RegionRequirement.sameList(ta.requirements(), tb.requirements());
    assertThat(ArrayTokenizer.INSTANCE.token(ta) == ArrayTokenizer.INSTANCE.token(tb)).isEqualTo(same);
  }

  /** The four modes of one otherwise identical launch: four tokens. */
  @Property(tries = 20)
  void launchesThatDifferOnlyInCoherenceHaveDifferentTokens(@ForAll @IntRange(max = 2) int privilege) {
    LegionRuntime rt = new LegionRuntime(Presets.machine("workstation"));
    FieldSpace fs = rt.createFieldSpace();
    Field f = fs.allocate("v", FieldType.LONG);
    LogicalRegion grid = rt.createRegion(rt.createIndexSpace(Rect.of(0, 15)), fs);
    Partition p = rt.partitionEqual(grid, 4);
    List<Long> tokens = new ArrayList<>();
    for (Coherence c : Coherence.values()) {
      tokens.add(ArrayTokenizer.INSTANCE.token(launch(List.of(new RegionRequirement(null, p, Projection.IDENTITY,
          f.bit(), PRIVILEGES[privilege], c, grid)))));
    }
    assertThat(tokens).doesNotHaveDuplicates();
  }

  /** Code {@code k}: privilege {@code k / 4}, coherence {@code k % 4}. */
  private static List<RegionRequirement> requirements(List<Integer> codes, Partition p, LogicalRegion grid, Field f) {
    List<RegionRequirement> out = new ArrayList<>();
    for (int k : codes) {
      out.add(new RegionRequirement(null, p, Projection.IDENTITY, f.bit(), PRIVILEGES[k / 4],
          Coherence.values()[k % 4], grid));
    }
    return out;
  }

  private static ArrayOp.IndexTask launch(List<RegionRequirement> reqs) {
    return new ArrayOp.IndexTask(7, "kernel", Rect.of(0, 3), reqs, List.of(), null, null);
  }
}
