package org.apophenia.legion.analysis;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.apophenia.legion.analysis.RegionNode;
import org.apophenia.legion.analysis.User;
import org.apophenia.legion.api.Privilege;

/**
 * The consistency laws of a region tree's logical state, which the analysis keeps redundantly for
 * speed: each node's {@link RegionNode#open} list and each child's index of its own entries there
 * ({@link RegionNode#openAtParent}), and the field masks that let it skip scans. The analysis only
 * reads the index when it reopens a child and the masks when it decides to skip a list, so a
 * disagreement shows up as a missing dependence much later; these laws catch it at the operation that
 * caused it.
 */
final class LogicalStateLaws {
  private LogicalStateLaws() {}

  /**
   * Checks, for every node below {@code root}: every live entry of its open list belongs to one of its
   * children and is in that child's index (the same object); every live entry of a child's index is in
   * its parent's list; a child has at most one live entry per mode (and reduction operator); the
   * node's conflicting-field masks cover its live open entries, and its non-reader masks cover the
   * fields of the users other than readers in its current and previous epochs. Throws AssertionError
   * naming the node.
   */
  static void check(RegionNode root) {
    ArrayList<RegionNode> stack = new ArrayList<>();
    stack.add(root);
    while (!stack.isEmpty()) {
      RegionNode n = stack.remove(stack.size() - 1);
      Set<User> listed = Collections.newSetFromMap(new IdentityHashMap<>());
      long any = 0;
      long nonRead = 0;
      for (User e : n.open) {
        if (e.mask == 0) {
          continue;
        }
        listed.add(e);
        any |= e.mask;
        nonRead |= e.priv == Privilege.RO ? 0 : e.mask;
        RegionNode c = n.child(e.op);
        if (!c.openAtParent.stream().anyMatch(x -> x == e)) {
          throw new AssertionError(n + ": open entry " + e + " is missing from the index of " + c);
        }
      }
      if ((n.openConflicting(Privilege.RW) & any) != any || (n.openConflicting(Privilege.RO) & nonRead) != nonRead) {
        throw new AssertionError(n + ": conflicting-field masks miss open fields " + Long.toHexString(any) + "/"
            + Long.toHexString(nonRead));
      }
      if ((n.currentNonRead & nonRead(n.current)) != nonRead(n.current)
          || (n.previousNonRead & nonRead(n.previous)) != nonRead(n.previous)) {
        throw new AssertionError(n + ": non-reader masks " + Long.toHexString(n.currentNonRead) + "/"
            + Long.toHexString(n.previousNonRead) + " miss users " + n.current + " / " + n.previous);
      }
      for (RegionNode c : n.children) {
        ArrayList<User> live = new ArrayList<>();
        for (User e : c.openAtParent) {
          if (e.mask == 0) {
            continue;
          }
          if (!listed.contains(e)) {
            throw new AssertionError(c + ": indexed entry " + e + " is not in the open list of " + n);
          }
          for (User o : live) {
            if (o.priv == e.priv && o.redop == e.redop) {
              throw new AssertionError(c + ": two live entries in one mode at " + n + ": " + o + ", " + e);
            }
          }
          live.add(e);
        }
        stack.add(c);
      }
    }
  }

  private static long nonRead(ArrayList<User> users) {
    long m = 0;
    for (User u : users) {
      m |= u.priv == Privilege.RO ? 0 : u.mask;
    }
    return m;
  }
}
