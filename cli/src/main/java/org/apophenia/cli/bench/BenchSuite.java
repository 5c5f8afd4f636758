package org.apophenia.cli.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** The seven groups of {@code apophenia bench}, in the order of README's table of groups. Stateless. */
public final class BenchSuite {
  private BenchSuite() {}

  public static List<BenchGroup> all() {
    return List.of(new InterceptorOverhead(), new AnalysisVsReplay(), new EndToEnd(), new Mining(),
        new StarPuOverhead(), new TaskGranularity(), new SimulatedScaling());
  }

  /**
   * The groups named in {@code only} by number or id ({@code 4} or {@code mining}), in suite order; all
   * of them if {@code only} is empty. IllegalArgumentException naming the choices for an unknown name.
   */
  public static List<BenchGroup> select(Set<String> only) {
    List<BenchGroup> all = all();
    if (only.isEmpty()) {
      return all;
    }
    List<BenchGroup> out = new ArrayList<>();
    for (String o : only) {
      if (all.stream().noneMatch(g -> matches(g, o))) {
        throw new IllegalArgumentException("unknown benchmark group '" + o + "' (known: "
            + String.join(", ", all.stream().map(g -> g.number() + "/" + g.id()).toList()) + ")");
      }
    }
    for (BenchGroup g : all) {
      if (only.stream().anyMatch(o -> matches(g, o))) {
        out.add(g);
      }
    }
    return out;
  }

  private static boolean matches(BenchGroup g, String name) {
    return name.equals(g.id()) || name.equals(Integer.toString(g.number()));
  }
}
