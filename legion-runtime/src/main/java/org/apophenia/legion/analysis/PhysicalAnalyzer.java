package org.apophenia.legion.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apophenia.legion.api.Coherence;
import org.apophenia.legion.api.FieldSpace;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.ReductionOp;
import org.apophenia.legion.instances.Effects;
import org.apophenia.legion.instances.InstanceData;
import org.apophenia.legion.instances.MemorySet;
import org.apophenia.legion.tracing.Issued;
import org.apophenia.sim.Event;
import org.apophenia.sim.Operation;
import org.apophenia.sim.Scheduler;
import org.apophenia.sim.Simulation;
import org.apophenia.sim.machine.Memory;

/**
 * Physical analysis (Legion thesis ch. 5) with the coherence rules of the dynamic tracing paper §III:
 * <b>R1</b> a read of data in memory m needs a valid copy in m, made by a copy from a memory where it is
 * valid if m holds none; <b>R2</b> pending reductions are folded into the reader's (or writer's)
 * instance before it uses the data, in issue order; <b>W</b> after a write, the writer's instance is the
 * only valid one. State lives per equivalence atom and field ({@link AtomState}); copies and folds are
 * issued on the simulator and their effect on real data is queued in {@link Effects}.
 *
 * <p>Event preconditions: a copy waits for the consumer's logical preconditions (which cover the
 * source's last writer) and the source's ready event; a fold for the target's ready event and the
 * reducing task; the consumer for everything it reads. WAR hazards on a copy's target are covered by
 * the logical analysis (an invalidated copy was invalidated by a writer that waited for its readers).
 *
 * <p>Valid sets are kept as flat bit words per atom ({@link AtomState}), so any number of memories
 * works; the mapper is shown them as a {@link MemorySet}. On machines of at most 64 memories every
 * test and update is one word, as with the plain {@code long} masks this replaced.
 *
 * <p>Cost: O(atoms x fields x ceil(memories / 64)) per requirement plus O(1) per copy issued. Not
 * thread-safe.
 */
public final class PhysicalAnalyzer {
  private final Simulation sim;
  private final Effects effects;
  private final List<Memory> memories;
  /** Longs per field in {@link AtomState#valid}. */
  private final int words;
  /** Every memory of the machine, in {@link AtomState}'s word layout. */
  private final long[] allMemories;
  /**
   * The last multi-member set {@link #validMemories} built on a one-word machine, and its word: data
   * never written is valid everywhere, so the same set recurs for every task reading it.
   */
  private long lastWord;
  private MemorySet lastSet = MemorySet.EMPTY;
  /** Merge inputs and data effects for a trace engine's recording (inactive outside traces). */
  final TraceAnalysisBuilder capture;
  /** Whether a work-stealing scheduler runs the tasks: folds then say which data they change. */
  private final boolean stealing;

  public PhysicalAnalyzer(Simulation sim, Effects effects, TraceAnalysisBuilder capture) {
    this.sim = sim;
    this.effects = effects;
    this.capture = capture;
    this.memories = sim.machine().memories();
    this.words = AtomState.wordsFor(memories.size());
    this.allMemories = Arrays.copyOf(MemorySet.firstIds(memories.size()).toLongArray(), words);
    this.stealing = sim.scheduler() instanceof Scheduler.WorkStealing;
  }

  /** Whether tasks carry footprints and data-changing copies their keys (a work-stealing scheduler). */
  public boolean stealing() {
    return stealing;
  }

  /**
   * Makes the data of {@code node}'s fields {@code mask} usable in memory {@code m} for privilege
   * {@code priv}: copies (R1) and folds (R2) as needed, appending the events the user must wait for to
   * {@code pre} and the issued simulator operations to {@code issued}. Returns the reduction buffers
   * for a REDUCE requirement (by field id), else null.
   */
  public ReductionBuffer[] prepare(RegionNode node, long mask, byte priv, ReductionOp redop, int redopId, int m,
      Event logicalPre, List<Event> pre, List<Issued> issued) {
    return prepare(node, mask, priv, (byte) 0, redop, redopId, m, logicalPre, pre, issued);
  }

  /**
   * {@link #prepare(RegionNode, long, byte, ReductionOp, int, int, Event, List, List)} for a
   * requirement of coherence {@code coh} ({@link Coherence#code()}): a non-exclusive user joins the
   * {@link InstanceGroup} open in memory m if it may, and then waits only for the data's readiness
   * before the group; otherwise it closes the group, is analysed as an exclusive user is, and opens a
   * new group in m.
   */
  public ReductionBuffer[] prepare(RegionNode node, long mask, byte priv, byte coh, ReductionOp redop, int redopId,
      int m, Event logicalPre, List<Event> pre, List<Issued> issued) {
    RegionTree tree = node.tree;
    int[] atoms = tree.atoms(node);
    ReductionBuffer[] bufs = priv == Privilege.RED ? new ReductionBuffer[FieldSpace.MAX_FIELDS] : null;
    tree.hasGroups |= coh != 0;
    for (long rest = mask; rest != 0; rest &= rest - 1) {
      int f = Long.numberOfTrailingZeros(rest);
      boolean[] member = tree.hasGroups ? groups(tree, atoms, f, m, coh, priv) : null;
      if (priv == Privilege.WD && (coh == 0 || !reducing(tree, atoms, f))) {
        if (member != null) {
          overwrite(tree, atoms, f, m, coh, member, pre);
          openGroups(tree, atoms, f, m, coh, priv, member);
        }
        continue;
      }
      // (a non-exclusive overwrite with reductions pending folds them first, as a reader would: the
      // users it may run alongside or after must see them, and its commit would drop them)
      boolean needData = priv != Privilege.RED;
      if (priv == Privilege.RED) {
        // a different operator's pending reductions must be folded first
        for (int a : atoms) {
          ArrayList<AtomState.Contribution> cs = tree.atomStates.get(a).reductions[f];
          if (cs != null && !cs.isEmpty() && cs.get(0).buffer().op != redop) {
            needData = true;
          }
        }
      }
      if (needData) {
        makeValid(tree, atoms, f, m, logicalPre, pre, issued, member);
        fold(tree, atoms, f, m, pre, issued);
      }
      if (member != null) {
        openGroups(tree, atoms, f, m, coh, priv, member);
      }
      if (priv == Privilege.RED) {
        bufs[f] = new ReductionBuffer(node.rect, redop, m);
      }
    }
    return bufs;
  }

  private static boolean reducing(RegionTree tree, int[] atoms, int f) {
    for (int a : atoms) {
      if (tree.atomStates.get(a).reducing(f)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Per atom, whether a user of coherence {@code coh} in memory m joins the open group of field f; the
   * groups it does not join are closed (an exclusive user joins none). O(atoms).
   */
  private static boolean[] groups(RegionTree tree, int[] atoms, int f, int m, byte coh, byte priv) {
    boolean[] member = new boolean[atoms.length];
    for (int i = 0; i < atoms.length; i++) {
      AtomState s = tree.atomStates.get(atoms[i]);
      InstanceGroup g = s.group(f);
      if (g != null && coh != 0 && g.memory == m && s.isValid(f, m) && g.admits(coh, priv)) {
        member[i] = true;
      } else {
        s.closeGroup(f);
      }
    }
    return member;
  }

  /**
   * A non-exclusive WRITE_DISCARD needs no data but must not write m before the last movement into it
   * lands (a copy for a user it is not ordered with): it waits for the group's base, or as a non-member
   * for the last data movement into m. An exclusive one is ordered after every user such a movement was
   * for.
   */
  private static void overwrite(RegionTree tree, int[] atoms, int f, int m, byte coh, boolean[] member,
      List<Event> pre) {
    if (coh == 0) {
      return;
    }
    for (int i = 0; i < atoms.length; i++) {
      AtomState s = tree.atomStates.get(atoms[i]);
      Event e = member[i] ? s.group(f).base : s.ready(f, m);
      if (!e.isNone()) {
        pre.add(e);
      }
    }
  }

  /**
   * After a non-exclusive user's data is ready in m: it joins the groups it was admitted to and opens
   * a group, from the data's readiness now, where it was not (or where a fold it needed closed the
   * group). Nothing for an exclusive user.
   */
  private static void openGroups(RegionTree tree, int[] atoms, int f, int m, byte coh, byte priv,
      boolean[] member) {
    if (coh == 0) {
      return;
    }
    for (int i = 0; i < atoms.length; i++) {
      AtomState s = tree.atomStates.get(atoms[i]);
      if (!member[i] || s.group(f) == null) {
        s.openGroup(f, new InstanceGroup(m, s.isValid(f, m) ? s.ready(f, m) : Event.NONE));
      }
      s.group(f).join(coh, priv);
    }
  }

  /**
   * R1: copy every atom of field f that is not valid in m from a memory where it is. An atom whose
   * group the user joined ({@code member}, may be null) is valid in m and ready at the group's base.
   */
  private void makeValid(RegionTree tree, int[] atoms, int f, int m, Event logicalPre, List<Event> pre,
      List<Issued> issued, boolean[] member) {
    long[] bytesFrom = null;
    for (int i = 0; i < atoms.length; i++) {
      int a = atoms[i];
      AtomState s = tree.atomStates.get(a);
      if (member != null && member[i]) {
        if (!s.group(f).base.isNone()) {
          pre.add(s.group(f).base);
        }
        continue;
      }
      if (s.isValid(f, m)) {
        Event r = s.ready(f, m);
        if (!r.isNone()) {
          pre.add(r);
        }
        continue;
      }
      if (bytesFrom == null) {
        bytesFrom = new long[memories.size()];
      }
      bytesFrom[source(s, f, m)] += tree.atomRects.get(a).volume() * 8;
    }
    if (bytesFrom == null) {
      return;
    }
    for (int src = 0; src < bytesFrom.length; src++) {
      if (bytesFrom[src] == 0) {
        continue;
      }
      ArrayList<Event> cpre = new ArrayList<>();
      cpre.add(logicalPre);
      for (int a : atoms) {
        AtomState s = tree.atomStates.get(a);
        if (!s.isValid(f, m) && source(s, f, m) == src) {
          Event r = s.ready(f, src);
          if (!r.isNone()) {
            cpre.add(r);
          }
          // once relaxed coherence has run on the tree, a copy into m may still be in flight for a user
          // this one is not ordered with: movements into one instance land in the order they were issued
          Event into = tree.hasGroups ? s.ready(f, m) : Event.NONE;
          if (!into.isNone()) {
            cpre.add(into);
          }
        }
      }
      Operation.Copy op = new Operation.Copy("copy f" + f + " " + memories.get(src).name() + "->"
          + memories.get(m).name(), memories.get(src), memories.get(m), bytesFrom[src], capture.merge(sim, cpre));
      Event done = sim.submit(op);
      issued.add(new Issued(op, done));
      pre.add(done);
      for (int a : atoms) {
        AtomState s = tree.atomStates.get(a);
        if (!s.isValid(f, m) && source(s, f, m) == src) {
          Rect r = tree.atomRects.get(a);
          final int from = src;
          Runnable move = () -> DataMovement.copyData(tree, f, r, from, m);
          effects.add(done, move);
          capture.effect(done, move);
          s.addValid(f, m);
          s.setReady(f, m, done);
        }
      }
    }
  }

  /**
   * The memory to copy field f of {@code s} from: the valid memory on m's node with the lowest id, else
   * the lowest valid one. The field must be valid somewhere (a fold or write leaves one valid copy).
   */
  private int source(AtomState s, int f, int m) {
    int node = memories.get(m).node();
    int base = f * s.words;
    int lowest = -1;
    for (int w = 0; w < s.words; w++) {
      for (long v = s.valid[base + w]; v != 0; v &= v - 1) {
        int i = w * 64 + Long.numberOfTrailingZeros(v);
        if (memories.get(i).node() == node) {
          return i;
        }
        if (lowest < 0) {
          lowest = i;
        }
      }
    }
    return lowest;
  }

  /** R2: fold the pending reductions of field f into memory m, which holds valid data. */
  private void fold(RegionTree tree, int[] atoms, int f, int m, List<Event> pre, List<Issued> issued) {
    ArrayList<ReductionBuffer> seen = new ArrayList<>();
    for (int a : atoms) {
      AtomState s = tree.atomStates.get(a);
      ArrayList<AtomState.Contribution> cs = s.reductions[f];
      if (cs == null || cs.isEmpty()) {
        continue;
      }
      Rect r = tree.atomRects.get(a);
      Event last = s.ready(f, m);
      for (AtomState.Contribution c : cs) {
        Operation.Copy op = new Operation.Copy("fold f" + f + " " + c.buffer().op.name(),
            memories.get(c.buffer().memory), memories.get(m), r.volume() * 8, capture.merge(sim, List.of(last, c.event())),
            stealing ? new long[] {TaskNeeds.key(tree, a, f)} : null);
        Event done = sim.submit(op);
        issued.add(new Issued(op, done));
        ReductionBuffer b = c.buffer();
        Runnable fold = () -> DataMovement.foldData(tree, f, r, b, m);
        effects.add(done, fold);
        capture.effect(done, fold);
        last = done;
        if (!seen.contains(b)) {
          seen.add(b);
        }
      }
      cs.clear();
      s.setOnlyValid(f, m);
      s.setReady(f, m, last);
      s.closeGroup(f); // a movement into m its members would not wait for: the user reopens it after
      pre.add(last);
    }
  }

  /**
   * R2 applied eagerly: folds the reductions pending on field f of atom a into the lowest memory
   * holding it valid, appending the folds to {@code issued}. Nothing if none is pending.
   */
  void foldPending(RegionTree tree, int a, int f, List<Issued> issued) {
    AtomState s = tree.atomStates.get(a);
    if (!s.reducing(f)) {
      return;
    }
    s.closeGroup(f); // the fold may leave the data valid in another memory than the group's
    int m = s.validSet(f).first();
    fold(tree, new int[] {a}, f, m, new ArrayList<>(), issued);
  }

  /** Records the effect of a completed use: W makes m the only valid copy; a reduction is pending. */
  public void commit(RegionNode node, long mask, byte priv, int m, Event done, ReductionBuffer[] bufs) {
    commit(node, mask, priv, (byte) 0, m, done, bufs);
  }

  /**
   * {@link #commit(RegionNode, long, byte, int, Event, ReductionBuffer[])} for a requirement of coherence
   * {@code coh}: a writer of a group (every non-exclusive user is one once prepared) extends the data's
   * readiness with its completion instead of replacing it, since the members may complete in any order.
   */
  public void commit(RegionNode node, long mask, byte priv, byte coh, int m, Event done, ReductionBuffer[] bufs) {
    if (priv == Privilege.RO) {
      return;
    }
    RegionTree tree = node.tree;
    boolean close = coh == 0 && tree.hasGroups; // an exclusive writer that was not prepared (a fill)
    for (int a : tree.atoms(node)) {
      AtomState s = tree.atomStates.get(a);
      for (long rest = mask; rest != 0; rest &= rest - 1) {
        int f = Long.numberOfTrailingZeros(rest);
        if (close) {
          s.closeGroup(f);
        }
        if (priv == Privilege.RED) {
          if (s.reductions[f] == null) {
            s.reductions[f] = new ArrayList<>();
          }
          s.reductions[f].add(new AtomState.Contribution(bufs[f], done));
        } else {
          s.setOnlyValid(f, m);
          Event before = s.ready(f, m);
          s.setReady(f, m, coh == 0 || before.isNone() ? done : capture.merge(sim, List.of(before, done)));
          if (s.reductions[f] != null) {
            s.reductions[f].clear();
          }
        }
      }
    }
  }

  /** Marks {@code node}'s fields valid in m (in addition, or only there), ready at {@code e}. */
  void setValid(RegionNode node, long mask, int m, Event e, boolean exclusive) {
    RegionTree tree = node.tree;
    for (int a : tree.atoms(node)) {
      AtomState s = tree.atomStates.get(a);
      for (long rest = mask; rest != 0; rest &= rest - 1) {
        int f = Long.numberOfTrailingZeros(rest);
        s.closeGroup(f); // not a member: a fill, a copy, a trace's postcondition
        if (exclusive) {
          s.setOnlyValid(f, m);
        } else {
          s.addValid(f, m);
        }
        s.setReady(f, m, e);
        if (exclusive && s.reductions[f] != null) {
          s.reductions[f].clear();
        }
      }
    }
  }

  /**
   * Memories holding valid data for all of {@code node}'s points of every field in {@code fields}, empty
   * if reductions are pending on one of them. A machine with at most 64 memories needs no buffer, and
   * allocates only when the set differs from the last one returned and has two members or more (sets
   * of one member are shared constants).
   */
  public MemorySet validMemories(RegionNode node, long fields) {
    if (words > 1) {
      return validMemoriesWide(node, fields);
    }
    long v = validWord(node, fields);
    if ((v & v - 1) == 0) {
      return MemorySet.ofWord(v); // empty or one member: a shared constant
    }
    if (v != lastWord) {
      lastSet = MemorySet.ofWord(v);
      lastWord = v;
    }
    return lastSet;
  }

  /** {@link #validMemories} as one word, 0 if reductions are pending; for machines of at most 64 memories. */
  private long validWord(RegionNode node, long fields) {
    RegionTree tree = node.tree;
    int[] atoms = tree.atoms(node);
    long v = allMemories[0];
    for (long rest = fields; rest != 0; rest &= rest - 1) {
      int f = Long.numberOfTrailingZeros(rest);
      for (int a : atoms) {
        AtomState s = tree.atomStates.get(a);
        if (s.reducing(f)) {
          return 0;
        }
        v &= s.valid[f];
      }
    }
    return v;
  }

  private MemorySet validMemoriesWide(RegionNode node, long fields) {
    RegionTree tree = node.tree;
    int[] atoms = tree.atoms(node);
    long[] v = allMemories.clone();
    for (long rest = fields; rest != 0; rest &= rest - 1) {
      int f = Long.numberOfTrailingZeros(rest);
      for (int a : atoms) {
        AtomState s = tree.atomStates.get(a);
        if (s.reducing(f)) {
          return MemorySet.EMPTY;
        }
        for (int w = 0, base = f * words; w < words; w++) {
          v[w] &= s.valid[base + w];
        }
      }
    }
    return MemorySet.valueOf(v);
  }




  /**
   * Copies {@code node}'s fields {@code fields} from memory {@code from} to {@code to} after
   * {@code precondition}, as one simulator copy named {@code name}, the data moving atom by atom when
   * it completes. Returns its completion event.
   */
  public Event issueCopy(RegionNode node, String name, long fields, Memory from, Memory to, Event precondition) {
    Operation.Copy c = new Operation.Copy(name, from, to, node.rect.volume() * 8 * Long.bitCount(fields), precondition);
    Event done = sim.submit(c);
    RegionTree tree = node.tree;
    for (long m = fields; m != 0; m &= m - 1) {
      int f = Long.numberOfTrailingZeros(m);
      for (int a : tree.atoms(node)) {
        Rect r = tree.atomRects.get(a);
        effects.add(done, () -> DataMovement.copyData(tree, f, r, from.id(), to.id()));
      }
    }
    return done;
  }

}
