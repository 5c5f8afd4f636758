package org.apophenia.legion.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.RuntimeInternals;
import org.apophenia.legion.analysis.DependenceGraph;
import org.apophenia.legion.analysis.RegionNode;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.FieldType;
import org.apophenia.legion.api.HostMapper;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.ReductionOp;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.api.TaskLauncher;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.sim.Cost;
import org.apophenia.sim.machine.Presets;

/**
 * The dependence laws of {@link DependenceProperties} on the shape of the analysis benchmark, where the
 * open-children fast paths matter: a stencil under a tree four regions deep, with wider partitions
 * than {@link RandomProgram}'s and aliased partitions at intermediate levels, so that mode changes and
 * closes happen at every level, not only next to the leaves. After every operation the open-children
 * state must also be consistent ({@link LogicalStateLaws}).
 *
 * <p>The tree over {@code n} points: root; A, its disjoint halves, and A2, an aliased pair (halo 2)
 * beside it; B, an aliased ghost pair (halo 1) of A[0], and B2, disjoint thirds of A[0] beside it; C,
 * the disjoint halves of B[1]; at C[0] (four regions deep) P, disjoint blocks of width w, and G, their
 * ghosts (halo 1). Operations: stencil sweeps (per color i, READ_WRITE P[i] on field s and READ_ONLY
 * G[i] on the field written the sweep before, s alternating), and tasks with 1–3 requirements on
 * random regions (biased to the deep ones) with random fields and privileges (read-only, read-write,
 * write-discard, two reduction operators).
 */
class DeepTreeProperties {
  /** One requirement: region index into {@link Deep#regions}, field mask, privilege. */
  private record Req(int region, long mask, Privilege priv) {}

  /** The tree, built in a runtime whose tasks have empty bodies. */
  private static final class Deep {
    final LegionRuntime rt = new LegionRuntime(Presets.machine("perlmutter:1"), new HostMapper(),
        CostModel.none());
    final Field[] fields = new Field[3];
    final LogicalRegion root;
    final Partition p;
    final Partition g;
    final List<LogicalRegion> regions = new ArrayList<>();
    /** Index in {@link #regions} of the first region at least three levels deep. */
    final int deep;

    Deep(int n, int w) {
      rt.registerTask(TaskDefinition.cpu(1, "t", ctx -> null, Cost.fixed(100)));
      rt.registerReduction(ReductionOp.sumLong());
      rt.registerReduction(new ReductionOp("xor", 0, (x, y) -> x ^ y));
      FieldSpace fs = rt.createFieldSpace();
      for (int i = 0; i < 3; i++) {
        fields[i] = fs.allocate("f" + i, FieldType.LONG);
      }
      root = rt.createRegion(rt.createIndexSpace(Rect.of(0, n - 1)), fs);
      Partition a = rt.partitionEqual(root, 2);
      Partition a2 = rt.partitionWithGhosts(root, 2, 2);
      Partition b = rt.partitionWithGhosts(a.subregion(0), 2, 1);
      Partition b2 = rt.partitionEqual(a.subregion(0), 3);
      Partition c = rt.partitionEqual(b.subregion(1), 2);
      p = rt.partitionEqual(c.subregion(0), w);
      g = rt.partitionWithGhosts(c.subregion(0), w, 1);
      regions.add(root);
      for (Partition q : List.of(a, a2, b, b2)) {
        regions.addAll(q.subregions());
      }
      deep = regions.size();
      for (Partition q : List.of(c, p, g)) {
        regions.addAll(q.subregions());
      }
    }

    Field[] fieldsOf(long mask) {
      List<Field> out = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        if ((mask >>> i & 1) != 0) {
          out.add(fields[i]);
        }
      }
      return out.toArray(new Field[0]);
    }
  }

  /** A program run on a deep tree: the user tasks' graph nodes and their requirements. */
  private static final class Run {
    final Deep t;
    final List<Integer> ids = new ArrayList<>();
    final List<List<Req>> reqs = new ArrayList<>();

    Run(long seed, int len) {
      Random r = new Random(seed);
      t = new Deep(64 + r.nextInt(64), 2 + r.nextInt(7));
      RegionNode rootNode = RuntimeInternals.node(t.rt, t.root.id());
      int step = 0;
      for (int k = 0; k < len; k++) {
        if (r.nextInt(4) == 0) {
          for (int i = 0; i < t.p.colors(); i++) {
            int pi = t.regions.indexOf(t.p.subregion(i));
            int gi = t.regions.indexOf(t.g.subregion(i));
            task(List.of(new Req(pi, 1L << (step & 1), Privilege.READ_WRITE),
                new Req(gi, 1L << (1 - (step & 1)), Privilege.READ_ONLY)));
            LogicalStateLaws.check(rootNode);
          }
          step++;
          continue;
        }
        List<Req> rs = new ArrayList<>();
        for (int j = 1 + r.nextInt(3); j > 0; j--) {
          int region = r.nextInt(3) == 0 ? r.nextInt(t.regions.size())
              : t.deep + r.nextInt(t.regions.size() - t.deep);
          Privilege priv = switch (r.nextInt(6)) {
            case 0, 1 -> Privilege.READ_ONLY;
            case 2 -> Privilege.READ_WRITE;
            case 3 -> Privilege.WRITE_DISCARD;
            case 4 -> Privilege.reduce(0);
            default -> Privilege.reduce(1);
          };
          Req q = new Req(region, 1 + r.nextInt(7), priv);
          if (rs.stream().noneMatch(o -> interfere(o, q))) { // requirements of one task never interfere
            rs.add(q);
          }
        }
        task(rs);
        LogicalStateLaws.check(rootNode);
      }
    }

    private void task(List<Req> rs) {
      List<RegionRequirement> launch = new ArrayList<>();
      for (Req q : rs) {
        launch.add(RegionRequirement.of(t.regions.get(q.region()), q.priv(), t.root, t.fieldsOf(q.mask())));
      }
      int id = RuntimeInternals.graph(t.rt).size();
      t.rt.execute(new TaskLauncher(1, launch, List.of()));
      assertThat(RuntimeInternals.graph(t.rt).kind(id)).isEqualTo(DependenceGraph.NodeKind.TASK);
      ids.add(id);
      reqs.add(rs);
    }

    boolean interfere(Req a, Req b) {
      return RandomProgram.interfere(t.regions.get(a.region()).bounds(), a.mask(), a.priv(),
          t.regions.get(b.region()).bounds(), b.mask(), b.priv());
    }

    boolean interfere(int x, int y) {
      for (Req a : reqs.get(x)) {
        for (Req b : reqs.get(y)) {
          if (interfere(a, b)) {
            return true;
          }
        }
      }
      return false;
    }
  }

  @Property(tries = 1_500)
  void everyInterferingEarlierTaskIsAnAncestorInADeepTree(@ForAll long seed,
      @ForAll @IntRange(min = 1, max = 30) int len) {
    Run run = new Run(seed, len);
    DependenceGraph g = RuntimeInternals.graph(run.t.rt);
    BitSet[] anc = DependenceProperties.ancestors(g);
    for (int y = 0; y < run.ids.size(); y++) {
      for (int x = 0; x < y; x++) {
        if (run.interfere(x, y)) {
          assertThat(anc[run.ids.get(y)].get(run.ids.get(x)))
              .as("task %d %s must be ordered after interfering task %d %s", y, run.reqs.get(y), x, run.reqs.get(x))
              .isTrue();
        }
      }
    }
  }

  @Property(tries = 1_500)
  void directEdgesBetweenTasksJoinInterferingTasksInADeepTree(@ForAll long seed,
      @ForAll @IntRange(min = 1, max = 30) int len) {
    Run run = new Run(seed, len);
    DependenceGraph g = RuntimeInternals.graph(run.t.rt);
    List<int[]> edges = new ArrayList<>(); // (x, y): task y depends directly on task x
    for (int y = 0; y < run.ids.size(); y++) {
      for (int d : g.deps(run.ids.get(y))) {
        int x = run.ids.indexOf(d); // -1: a close, not a task
        if (x >= 0) {
          edges.add(new int[] {x, y});
        }
      }
    }
    // the law holds vacuously for a run without such an edge: most runs must have some
    Statistics.label("direct task-to-task edges").collect(edges.isEmpty() ? "none" : "some");
    Statistics.label("direct task-to-task edges").coverage(c -> c.check("some").percentage(p -> p >= 50));
    assertThat(edges).allSatisfy(e -> assertThat(run.interfere(e[0], e[1]))
        .as("edge task %d %s -> task %d %s", e[0], run.reqs.get(e[0]), e[1], run.reqs.get(e[1])).isTrue());
  }
}
