package org.apophenia.legion.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.IndexLauncher;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.PrivilegeContainment;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.ReductionOp;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskDefinition;
import org.apophenia.legion.error.FieldException;
import org.apophenia.legion.error.InterferenceException;
import org.apophenia.legion.error.LegionException;
import org.apophenia.legion.error.PrivilegeException;
import org.apophenia.legion.error.ReductionException;

/**
 * Requirement resolution (Legion thesis §3.1, the validation stage of the pipeline): region
 * requirements checked against the region forest and turned into {@link Resolved} ones, the
 * requirements of one operation checked not to interfere with each other, and an index launch
 * projected to its points, whose writes must not interfere either unless their coherence lets them run
 * in any order or at once. Every check throws before any
 * state changes. Not thread-safe, like the runtime.
 */
public final class Resolution {
  private final RegionForest forest;

  public Resolution(RegionForest forest) {
    this.forest = forest;
  }

  /** {@code req} resolved, or the LegionException subtype saying why it is not valid here. */
  public Resolved resolve(RegionRequirement req, String where) {
    RegionNode parent = forest.regionNode(req.parent(), where + ": parent");
    RegionNode node = req.region() != null ? forest.regionNode(req.region(), where)
        : forest.partitionNode(req.partition(), where);
    if (!node.isUnder(parent)) {
      throw new PrivilegeException(where + ": parent " + req.parent() + " is not an ancestor of "
          + (req.region() != null ? req.region() : req.partition()) + ", so it grants no privilege on it");
    }
    FieldSpace fs = req.parent().fieldSpace();
    long bad = req.fields() & ~fs.allFields();
    if (bad != 0 || req.fields() == 0) {
      throw new FieldException(where + ": field ids " + bits(bad) + " are not in " + fs + " of "
          + (req.region() != null ? req.region() : req.partition()) + (req.fields() == 0 ? " (no fields requested)" : ""));
    }
    byte priv = Privilege.code(req.privilege());
    int redop = -1;
    ReductionOp op = null;
    if (req.privilege() instanceof Privilege.Reduce red) {
      if (red.redop() < 0 || red.redop() >= forest.reductionCount()) {
        throw new ReductionException(where + ": " + req.privilege() + " on " + req.region() + " fields "
            + fs.names(req.fields()) + " uses reduction operator " + red.redop() + ", which is not registered ("
            + forest.reductionCount() + " registered)");
      }
      redop = red.redop();
      op = forest.reduction(redop);
    }
    // the application holds READ_WRITE on all fields of every root region it created
    PrivilegeContainment.check(where, req, fs, Privilege.READ_WRITE, fs.allFields());
    return new Resolved(req, node, req.fields(), priv, redop, op);
  }

  private static String bits(long m) {
    List<Integer> l = new ArrayList<>();
    for (long r = m; r != 0; r &= r - 1) {
      l.add(Long.numberOfTrailingZeros(r));
    }
    return l.toString();
  }

  /** The requirements of one operation resolved; InterferenceException if two of them interfere. */
  public List<Resolved> resolveAll(List<RegionRequirement> reqs, String where) {
    List<Resolved> out = new ArrayList<>(reqs.size());
    for (int i = 0; i < reqs.size(); i++) {
      out.add(resolve(reqs.get(i), where + " requirement " + i));
    }
    for (int i = 0; i < out.size(); i++) {
      for (int j = i + 1; j < out.size(); j++) {
        if (out.get(i).interferes(out.get(j))) {
          throw new InterferenceException(where + ": requirements " + i + " (" + out.get(i).req().privilege() + " on "
              + out.get(i).req().region() + ") and " + j + " (" + out.get(j).req().privilege() + " on "
              + out.get(j).req().region() + ") interfere on fields "
              + out.get(i).req().parent().fieldSpace().names(out.get(i).mask() & out.get(j).mask()));
        }
      }
    }
    return out;
  }

  /**
   * The points of an index launch of {@code def}: per point its coordinates, its task name and its
   * projected requirements resolved.
   */
  public record Points(long[][] coords, String[] names, List<List<Resolved>> resolved) {}

  /** {@code launcher}'s points resolved and checked not to interfere (InterferenceException otherwise). */
  public Points indexPoints(TaskDefinition def, IndexLauncher launcher) {
    Rect dom = launcher.domain();
    int n = Math.toIntExact(dom.volume());
    List<List<Resolved>> points = new ArrayList<>(n);
    long[][] coords = new long[n][];
    String[] names = new String[n];
    for (int i = 0; i < n; i++) {
      long[] p = new long[dom.dim()];
      dom.point(i, p);
      coords[i] = p;
      names[i] = def.name() + Arrays.toString(p);
      List<RegionRequirement> reqs = new ArrayList<>();
      for (RegionRequirement r : launcher.requirements()) {
        if (r.partition() != null) {
          forest.partitionNode(r.partition(), "index task " + def.name());
          int color = r.projection().color(p);
          if (color < 0 || color >= r.partition().colors()) {
            throw new LegionException("index task " + def.name() + ": projection maps point "
                + Arrays.toString(p) + " to color " + color + ", outside " + r.partition());
          }
        }
        reqs.add(r.forPoint(p));
      }
      points.add(resolveAll(reqs, "index task " + def.name() + " point " + Arrays.toString(p)));
    }
    checkPointsDisjoint(def, launcher, points, coords);
    return new Points(coords, names, points);
  }

  private static void checkPointsDisjoint(TaskDefinition def, IndexLauncher l, List<List<Resolved>> points,
      long[][] coords) {
    int k = l.requirements().size();
    for (int r = 0; r < k; r++) {
      RegionRequirement req = l.requirements().get(r);
      Privilege pr = req.privilege();
      if (!pr.writes() || pr instanceof Privilege.Reduce) {
        continue;
      }
      // requirement pairs that cannot interfere at any two points are not compared point by point (the
      // pairwise test is O(points²)); the first interfering pair found is the same as without this
      boolean[] check = new boolean[k];
      boolean any = false;
      for (int s = 0; s < k; s++) {
        check[s] = mayInterfere(l, points, r, s) || mayInterfere(l, points, s, r);
        any |= check[s];
      }
      if (!any) {
        continue;
      }
      for (int i = 0; i < points.size(); i++) {
        Resolved a = points.get(i).get(r);
        for (int j = i + 1; j < points.size(); j++) {
          for (int s = 0; s < k; s++) {
            if (!check[s]) {
              continue;
            }
            Resolved b = points.get(j).get(s);
            Resolved a2 = points.get(i).get(s);
            Resolved b2 = points.get(j).get(r);
            // points have no program order: they may not interfere unless their coherence lets
            // them run in any order or at once (two ATOMIC or SIMULTANEOUS points, thesis §9.1)
            if (a.conflicts(b) || a2.conflicts(b2)) {
              throw new InterferenceException("index task " + def.name() + ": points " + Arrays.toString(coords[i])
                  + " and " + Arrays.toString(coords[j]) + " interfere: requirement " + r + " (" + pr
                  + ") and requirement " + s + " touch common points of " + a.node().tree.root.handle
                  + " (fields " + req.parent().fieldSpace().names(a.mask() & b.mask() | a2.mask() & b2.mask()) + ")");
            }
          }
        }
      }
    }
  }

  /**
   * False only if requirement {@code r} at one point can never interfere with requirement {@code s} at
   * another: no common field, different trees, privileges that never interfere, or ({@code r == s}) one
   * distinct subregion of a disjoint partition per point. O(points) at most.
   */
  private static boolean mayInterfere(IndexLauncher l, List<List<Resolved>> points, int r, int s) {
    if (points.size() < 2) {
      return false;
    }
    Resolved a = points.get(0).get(r);
    Resolved b = points.get(0).get(s);
    if ((a.mask() & b.mask()) == 0 || a.node().tree != b.node().tree
        || !User.interfere(a.priv(), a.redop(), b.priv(), b.redop())) {
      for (List<Resolved> pt : points) {
        Resolved x = pt.get(r);
        Resolved y = pt.get(s);
        if (x.node().tree != a.node().tree || y.node().tree != b.node().tree || x.mask() != a.mask()
            || y.mask() != b.mask() || x.priv() != a.priv() || y.priv() != b.priv() || x.redop() != a.redop()
            || y.redop() != b.redop()) {
          return true; // not uniform over the points: compare them one by one
        }
      }
      return false;
    }
    Partition p = l.requirements().get(r).partition();
    if (r != s || p == null || !p.disjoint()) {
      return true;
    }
    Set<RegionNode> nodes = Collections.newSetFromMap(new IdentityHashMap<>());
    for (List<Resolved> pt : points) {
      RegionNode n = pt.get(r).node();
      if (n.parent == null || n.parent != a.node().parent || !n.parent.disjoint || !nodes.add(n)) {
        return true;
      }
    }
    return false;
  }
}
