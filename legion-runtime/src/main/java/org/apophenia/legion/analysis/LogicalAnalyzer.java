package org.apophenia.legion.analysis;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import it.unimi.dsi.fastutil.longs.Long2ObjectLinkedOpenHashMap;
import java.util.ArrayList;
import org.apophenia.legion.api.Coherence;
import org.apophenia.legion.api.Privilege;

/**
 * Logical dependence analysis over region trees: Legion thesis §4.2–4.3 (traversal, epoch lists, field
 * masks, region tree states with open children and close operations).
 *
 * <p>For a requirement (node t, fields F, privilege p) of operation u, we walk the path from the tree
 * root to t. At every node n above t we first <em>close</em> each open child that may alias the path
 * child and is open in a mode that conflicts with p for fields in F: a close operation K is added to
 * the graph, depends on every current-epoch user in that subtree for those fields, the subtree's state
 * for those fields is cleared, and K is registered at n as a user with the subtree's open mode. Then u
 * records dependences on the interfering users of n (users at n cover all of u's points) and opens
 * the path child in p's mode. At t itself, conflicting open children are closed the same way, then u
 * is tested against t's epoch lists and registered there: if u interferes with every current user of
 * a field it <em>dominates</em> the field (current users of it move to the previous list, the old
 * previous users are dropped); otherwise it also tests the previous list and joins the current epoch.
 * Non-interference is tested in the order region (the traversal), field (masks), privilege.
 *
 * <p>Closes and the operation's own users. Where the thesis hoists the closed users to the close's
 * node (§4.3.4), we register one close operation K in their place, which depends on them; this keeps
 * the epoch lists short. Soundness rests on one invariant: <em>every user stripped by a close is an
 * ancestor of K</em>. A current-epoch user is a direct dependence; a previous-epoch user is reached
 * through the current users that dominated it. The exception is a user that belongs to the operation
 * being analysed (an earlier requirement of the same task, or a hoisted close standing for one): K
 * cannot wait for it, since the operation waits for K. Such a user is re-registered at n as a separate
 * "hoisted" close that waits for the operation, with the operation's privilege, and K <em>inherits</em>
 * the previous-epoch users of that user's node, which the operation dominated. Without that
 * inheritance, a later operation that interferes with an earlier writer but not with the analysed
 * operation (a reader after a reader) lost its order to the writer (see DependenceExamplesTest).
 *
 * <p>Coherence (thesis §9.1, §9.4.1). Every test above asks whether two users are <em>ordered</em>: they
 * interfere and their coherence puts them in program order ({@link Coherence#between} is PROGRAM; both
 * exclusive is the common case and needs no table). Two ATOMIC users, or SIMULTANEOUS and RELAXED ones,
 * get no edge; the later one does not dominate the earlier, so operations after both still test each
 * (and the previous epoch behind it). Only an exclusive user dominates a field: "ordered" is no longer
 * transitive (a relaxed reader must follow an exclusive writer W, but not the simultaneous writer S
 * ordered after W; had S dominated W, the reader would lose W), so a non-exclusive user joins the
 * current epoch and the previous one stays. The thesis still records a <em>mapping</em> dependence between
 * such pairs to serialise their mapping; this runtime maps in program order, so it needs none. What
 * ATOMIC pairs still need, mutual exclusion, comes from reservations the task holds (the task
 * pipeline); what SIMULTANEOUS pairs need, one shared instance, from the physical analysis.
 *
 * <p>Precision. Direct edges between two ordinary operations always join operations that interfere
 * on some point, field and privilege. Imprecision enters only through closes, as in the thesis, and
 * only adds order, never removes it: (1) a close summarises a whole subtree in the mode it was open in,
 * so a later user of the close's node depends on it even if its own points or privilege miss some of
 * the closed operations; (2) two partitions of one region are always considered aliased (no rectangle
 * test between partitions), so switching between them closes; (3) a close that inherits the
 * previous-epoch users behind the analysed operation's own user waits for all of them, also those
 * that did not interfere with that user (they were dominated by another current user); (4) a close
 * orders in program order whatever the closed users' coherence, so two atomic (or simultaneous) tasks
 * on regions of two different partitions of one region are ordered through it. Readers are collapsed
 * per coherence, so a summary keeps its readers' coherence.
 *
 * <p>Cost: per requirement O(depth + users at the nodes on the path + open entries of the nodes where
 * something is open in a conflicting mode for its fields); thanks to epoch lists, the users at a node
 * are the interfering users of the current and previous epoch, not the history. Three shortcuts keep
 * the steady state at O(depth), whatever the partitions' width: per-node field masks skip the
 * open-children scan when nothing below conflicts and the epoch-list scans when a reader meets only
 * readers ({@link RegionNode}), and a child reopens through its own entries at its parent
 * ({@link RegionNode#openAtParent}) instead of a search of a width-W list. A close costs O(size of the
 * closed, open subtree), amortised over the operations that opened it. Not thread-safe.
 */
public final class LogicalAnalyzer {
  private final DependenceGraph graph;
  private RegionNode[] path = new RegionNode[16];
  private final ArrayList<RegionNode> stack = new ArrayList<>();

  /** The operation being analysed and the hoisting closes made for it (which wait for it). */
  private int curOp = -1;
  private final IntOpenHashSet hoisted = new IntOpenHashSet();

  public LogicalAnalyzer(DependenceGraph graph) {
    this.graph = graph;
  }

  /** Adds a dependence unless it would close a cycle through the current operation; false if skipped. */
  private boolean dep(int owner, int dep, IntArrayList out) {
    if (dep == curOp || (!hoisted.isEmpty() && hoisted.contains(dep))) {
      return false;
    }
    graph.addDep(owner, dep, out);
    return true;
  }

  /** Analyses one exclusive requirement of {@code op}; appends the ops it depends on to {@code deps}. */
  public void analyze(int op, RegionNode target, long mask, byte priv, int redop, IntArrayList deps) {
    analyze(op, target, mask, priv, redop, (byte) 0, deps);
  }

  /**
   * Analyses one requirement of {@code op} with coherence {@code coh} ({@link Coherence#code()});
   * appends the ops it depends on to {@code deps}.
   */
  public void analyze(int op, RegionNode target, long mask, byte priv, int redop, byte coh, IntArrayList deps) {
    if (op != curOp) {
      curOp = op;
      hoisted.clear();
    }
    int len = target.depth + 1;
    if (path.length < len) {
      path = new RegionNode[Math.max(len, path.length * 2)];
    }
    for (RegionNode n = target; n != null; n = n.parent) {
      path[n.depth] = n;
    }
    for (int i = 0; i < len - 1; i++) {
      RegionNode n = path[i];
      RegionNode next = path[i + 1];
      closeConflicting(op, n, next, mask, priv, redop);
      // a reader need not scan users above it that are all readers of its fields
      if (priv != Privilege.RO || (mask & n.currentNonRead) != 0) {
        check(op, n.current, mask, priv, redop, coh, deps);
      }
      if (priv != Privilege.RO || (mask & n.previousNonRead) != 0) {
        check(op, n.previous, mask, priv, redop, coh, deps);
      }
      open(n, next, mask, priv, redop);
    }
    closeConflicting(op, target, null, mask, priv, redop);
    register(op, target, mask, priv, redop, coh, deps);
  }

  /** Closes the open children of {@code n} that conflict with the path child (null: with any child). */
  private void closeConflicting(int op, RegionNode n, RegionNode next, long mask, byte priv, int redop) {
    if (next != null && !n.isRegion && n.disjoint) {
      return; // no other subregion of a disjoint partition aliases the path child
    }
    if ((n.openConflicting(priv) & mask) == 0) {
      return; // nothing open below in a conflicting mode for these fields
    }
    ArrayList<User> open = n.open;
    for (int i = 0; i < open.size(); i++) {
      User e = open.get(i);
      long g = e.mask & mask;
      // cheapest tests first: field mask, privilege, then the child's rectangle (a width-W partition
      // has up to W entries, scanned on every traversal)
      if (g == 0 || !User.interfere(e.priv, e.redop, priv, redop)) {
        continue;
      }
      RegionNode child = n.child(e.op);
      if (next != null && (child == next || !n.childrenMayAlias(child, next))) {
        continue;
      }
      close(op, n, child, g, e.priv, e.redop);
      i = -1; // the open list changed; rescan
    }
  }

  /** A close operation of {@code child}'s subtree for fields {@code g}, registered at {@code n}. */
  private void close(int op, RegionNode n, RegionNode child, long g, byte mode, int redop) {
    int k = graph.newOp(DependenceGraph.NodeKind.CLOSE, new CloseName(child, n));
    IntArrayList kd = new IntArrayList();
    ArrayList<User> own = null;
    stack.clear();
    stack.add(child);
    while (!stack.isEmpty()) {
      RegionNode s = stack.remove(stack.size() - 1);
      for (User u : s.current) {
        if ((u.mask & g) != 0) {
          if (u.op == op || hoisted.contains(u.op)) {
            // an earlier requirement of the same operation: it cannot wait for itself through the
            // close, so a second close operation that waits only for it is registered at n ...
            own = own == null ? new ArrayList<>() : own;
            own.add(new User(op, u.priv, u.redop, u.coh, u.mask & g));
            // ... and the close inherits what that user stood for in the epoch lists: the previous
            // users it dominated at s. Otherwise they are ordered before the close only through the
            // operation itself, and once s is stripped a later user of n that does not interfere with
            // the operation's privilege (a reader after this reader) would miss them (soundness bug
            // pinned by DependenceExamplesTest).
            inheritPrevious(k, s, u.mask & g, kd);
          } else {
            dep(k, u.op, kd);
          }
        }
      }
      s.currentNonRead = strip(s.current, g);
      s.previousNonRead = strip(s.previous, g);
      for (User e : s.open) {
        if ((e.mask & g) != 0) {
          stack.add(s.child(e.op));
        }
      }
      strip(s.open, g);
      s.openCompacted();
      s.openShrank();
    }
    // the child is no longer open for g at n
    for (User e : child.openAtParent) {
      if ((e.mask & g) != 0) {
        e.mask &= ~g;
        if (e.mask == 0) {
          n.openEmptied();
        }
      }
    }
    n.openShrank();
    register(k, n, g, mode, redop, (byte) 0, kd); // a close summarises in program order (over-orders)
    graph.setDeps(k, kd.toIntArray());
    if (own != null) {
      for (User u : own) {
        int h = graph.newOp(DependenceGraph.NodeKind.CLOSE, new NodeName("close (hoisted op " + op + ") into ", n));
        graph.setDeps(h, new int[] {op});
        hoisted.add(h);
        n.current.add(new User(h, u.priv, u.redop, u.coh, u.mask)); // stands for op: its coherence
        n.currentNonRead |= u.priv == Privilege.RO ? 0 : u.mask;
      }
    }
  }

  /**
   * Names of the nodes the analysis adds to the graph, formatted only when read (debugging, test
   * messages): formatting a node's rectangle cost more than the rest of a close at small widths.
   */
  private record CloseName(RegionNode child, RegionNode into) {
    @Override
    public String toString() {
      return "close " + child + " into " + into;
    }
  }

  private record NodeName(String what, RegionNode node) {
    @Override
    public String toString() {
      return what + node;
    }
  }

  /** Makes close {@code k} depend on the previous-epoch users of {@code s} for fields {@code g}. */
  private void inheritPrevious(int k, RegionNode s, long g, IntArrayList kd) {
    ArrayList<User> prev = s.previous;
    for (int i = 0, n = prev.size(); i < n; i++) {
      User p = prev.get(i);
      if ((p.mask & g) != 0) {
        dep(k, p.op, kd);
      }
    }
  }

  /** Removes fields {@code g} from every entry, drops emptied ones; returns the survivors' non-read fields. */
  private static long strip(ArrayList<User> list, long g) {
    int w = 0;
    long nonRead = 0;
    for (int r = 0; r < list.size(); r++) {
      User u = list.get(r);
      u.mask &= ~g;
      if (u.mask != 0) {
        list.set(w++, u);
        nonRead |= u.priv == Privilege.RO ? 0 : u.mask;
      }
    }
    while (list.size() > w) {
      list.remove(list.size() - 1);
    }
    return nonRead;
  }

  private void check(int op, ArrayList<User> users, long mask, byte priv, int redop, byte coh, IntArrayList deps) {
    for (int i = 0, n = users.size(); i < n; i++) {
      User v = users.get(i);
      if ((v.mask & mask) != 0 && v.orders(priv, redop, coh)) {
        dep(op, v.op, deps);
      }
    }
  }

  /** Epoch-list analysis and registration of a user at its own node (thesis §4.3.2). */
  private void register(int op, RegionNode n, long mask, byte priv, int redop, byte coh, IntArrayList deps) {
    if (priv == Privilege.RO && (mask & (n.currentNonRead | n.previousNonRead)) == 0) {
      // only readers (or nobody) hold these fields here: a reader interferes with none of them and
      // dominates none (it never interferes with every current user), so it just joins the epoch
      append(op, n, mask, priv, redop, coh);
      return;
    }
    long dom = mask;
    long seen = 0;
    ArrayList<User> cur = n.current;
    for (int i = 0, s = cur.size(); i < s; i++) {
      User v = cur.get(i);
      long ov = v.mask & mask;
      if (ov == 0) {
        continue;
      }
      seen |= ov;
      // a user it is not ordered with (it does not interfere, or coherence lets them reorder or
      // overlap) is not dominated: later operations still test it, and the previous epoch
      if (!v.orders(priv, redop, coh) || !dep(op, v.op, deps)) {
        dom &= ~ov;
      }
    }
    // only an exclusive user dominates: dropping the previous epoch is sound because whatever a later
    // user must follow there, it is ordered with (or through) the dominator; coherence breaks that
    // chain (a relaxed reader follows an exclusive writer, but not the simultaneous user after it)
    dom &= coh == 0 ? seen : 0;
    long rest = mask & ~dom;
    if (rest != 0) {
      check(op, n.previous, rest, priv, redop, coh, deps);
    }
    if (dom != 0) {
      long prevNonRead = strip(n.previous, dom);
      long curNonRead = 0;
      int w = 0;
      for (int r = 0; r < cur.size(); r++) {
        User v = cur.get(r);
        long ov = v.mask & dom;
        if (ov != 0) {
          n.previous.add(new User(v.op, v.priv, v.redop, v.coh, ov));
          prevNonRead |= v.priv == Privilege.RO ? 0 : ov;
          v.mask &= ~ov;
        }
        if (v.mask != 0) {
          cur.set(w++, v);
          curNonRead |= v.priv == Privilege.RO ? 0 : v.mask;
        }
      }
      while (cur.size() > w) {
        cur.remove(cur.size() - 1);
      }
      n.previousNonRead = prevNonRead;
      n.currentNonRead = curNonRead;
    }
    append(op, n, mask, priv, redop, coh);
  }

  /** Adds a user to {@code n}'s current epoch, collapsing readers when the list has grown. */
  private void append(int op, RegionNode n, long mask, byte priv, int redop, byte coh) {
    n.current.add(new User(op, priv, redop, coh, mask));
    n.currentNonRead |= priv == Privilege.RO ? 0 : mask;
    if (n.current.size() >= n.collapseAt) {
      collapseReaders(op, n);
    }
  }

  /**
   * Current-epoch list length at which readers are first collapsed (per node, it then doubles with
   * what could not be collapsed). Mutable only so that tests can exercise collapsing on short programs.
   */
  static int collapseAt = 32;

  /**
   * Readers never dominate one another, so a field that is read again and again and never written
   * (a coefficient array, a read-only halo) would keep every reader in the current epoch, and each new
   * user would scan the whole history. Instead, once the list reaches {@link RegionNode#collapseAt},
   * the read-only users with the same field mask are replaced by one summary operation that depends
   * on them, a user of the same fields with the same privilege. This only adds a node to the graph:
   * a later writer still waits for every reader (through the summary), and later readers still wait
   * for nothing. Users of the operation being analysed (and its hoisted closes) stay, since a summary
   * waiting for them could be waited for by the operation's own later requirements. Amortised O(1)
   * per registration: the threshold doubles with the users that remain.
   */
  private void collapseReaders(int op, RegionNode n) {
    ArrayList<User> cur = n.current;
    for (byte c = 0; c < COHERENCES; c++) { // readers of one coherence each: a summary has theirs
      byte coh = c;
      Long2ObjectLinkedOpenHashMap<IntArrayList> byMask = new Long2ObjectLinkedOpenHashMap<>();
      for (User u : cur) {
        if (u.priv == Privilege.RO && u.coh == coh && u.op != op && !hoisted.contains(u.op)) {
          byMask.computeIfAbsent(u.mask, m -> new IntArrayList()).add(u.op);
        }
      }
      for (var group : byMask.long2ObjectEntrySet()) {
        IntArrayList readers = group.getValue();
        if (readers.size() < 2) {
          continue;
        }
        long mask = group.getLongKey();
        int summary = graph.newOp(DependenceGraph.NodeKind.CLOSE, new NodeName("readers of ", n));
        graph.setDeps(summary, readers.toIntArray());
        cur.removeIf(u -> u.priv == Privilege.RO && u.coh == coh && u.mask == mask && u.op != op
            && !hoisted.contains(u.op));
        cur.add(new User(summary, Privilege.RO, -1, coh, mask));
      }
    }
    n.collapseAt = Math.max(collapseAt, 2 * cur.size());
  }

  private static final byte COHERENCES = (byte) Coherence.values().length;

  /**
   * Opens {@code child} below {@code n} for {@code mask} in the mode of {@code priv}. O(modes the child
   * is open in): the child's entries are found through {@link RegionNode#openAtParent}, never by a
   * search of {@code n}'s list, which is W entries long for a partition of width W.
   */
  private static void open(RegionNode n, RegionNode child, long mask, byte priv, int redop) {
    byte mode = priv == Privilege.WD ? Privilege.RW : priv;
    ArrayList<User> mine = child.openAtParent;
    long rest = mask;
    for (int i = 0, s = mine.size(); i < s && rest != 0; i++) {
      User e = mine.get(i);
      long ov = e.mask & rest;
      if (ov == 0) {
        continue;
      }
      rest &= ~ov;
      byte m = User.merge(e.priv, e.redop, mode, redop);
      if (m == e.priv && (m != Privilege.RED || e.redop == redop)) {
        continue; // steady state: already open for these fields in a mode that covers priv
      }
      // the mode changes (read-only or a reduction meets another privilege): the fields move to the
      // child's entry in the merged mode; the emptied entry stays in n's list until compaction
      e.mask &= ~ov;
      if (e.mask == 0) {
        n.openEmptied();
      }
      addOpen(n, child, ov, m, m == Privilege.RED ? redop : -1);
    }
    if (rest != 0) {
      addOpen(n, child, rest, mode, mode == Privilege.RED ? redop : -1);
    }
  }

  /** Adds fields {@code bits} to {@code child}'s entry at {@code n} in mode {@code m}, made if needed. */
  private static void addOpen(RegionNode n, RegionNode child, long bits, byte m, int redop) {
    n.widenOpen(bits, m);
    ArrayList<User> mine = child.openAtParent;
    int free = -1;
    for (int i = 0, s = mine.size(); i < s; i++) {
      User e = mine.get(i);
      // an emptied entry may already be gone from n's list (a close strips and compacts), so only a
      // live one is widened (one entry per child and mode); an emptied one leaves its slot
      if (e.mask == 0) {
        free = free < 0 ? i : free;
      } else if (e.priv == m && e.redop == redop) {
        e.mask |= bits;
        return;
      }
    }
    User added = new User(child.id, m, redop, bits);
    n.open.add(added);
    if (free >= 0) {
      mine.set(free, added);
    } else {
      mine.add(added);
    }
  }
}
