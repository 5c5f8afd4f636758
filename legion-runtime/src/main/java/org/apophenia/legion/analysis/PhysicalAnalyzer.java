package org.apophenia.legion.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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

  public PhysicalAnalyzer(Simulation sim, Effects effects, TraceAnalysisBuilder capture) {
    this.sim = sim;
    this.effects = effects;
    this.capture = capture;
    this.memories = sim.machine().memories();
    this.words = AtomState.wordsFor(memories.size());
    this.allMemories = Arrays.copyOf(MemorySet.firstIds(memories.size()).toLongArray(), words);
  }

  /**
   * Makes the data of {@code node}'s fields {@code mask} usable in memory {@code m} for privilege
   * {@code priv}: copies (R1) and folds (R2) as needed, appending the events the user must wait for to
   * {@code pre} and the issued simulator operations to {@code issued}. Returns the reduction buffers
   * for a REDUCE requirement (by field id), else null.
   */
  public ReductionBuffer[] prepare(RegionNode node, long mask, byte priv, ReductionOp redop, int redopId, int m,
      Event logicalPre, List<Event> pre, List<Issued> issued) {
    RegionTree tree = node.tree;
    int[] atoms = tree.atoms(node);
    ReductionBuffer[] bufs = priv == Privilege.RED ? new ReductionBuffer[FieldSpace.MAX_FIELDS] : null;
    for (long rest = mask; rest != 0; rest &= rest - 1) {
      int f = Long.numberOfTrailingZeros(rest);
      if (priv == Privilege.WD) {
        continue;
      }
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
        makeValid(tree, atoms, f, m, logicalPre, pre, issued);
        fold(tree, atoms, f, m, pre, issued);
      }
      if (priv == Privilege.RED) {
        bufs[f] = new ReductionBuffer(node.rect, redop, m);
      }
    }
    return bufs;
  }

  /** R1: copy every atom of field f that is not valid in m from a memory where it is. */
  private void makeValid(RegionTree tree, int[] atoms, int f, int m, Event logicalPre, List<Event> pre,
      List<Issued> issued) {
    long[] bytesFrom = null;
    for (int a : atoms) {
      AtomState s = tree.atomStates.get(a);
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
          Runnable move = () -> copyData(tree, f, r, from, m);
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
            memories.get(c.buffer().memory), memories.get(m), r.volume() * 8, capture.merge(sim, List.of(last, c.event())));
        Event done = sim.submit(op);
        issued.add(new Issued(op, done));
        ReductionBuffer b = c.buffer();
        Runnable fold = () -> foldData(tree, f, r, b, m);
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
    int m = s.validSet(f).first();
    fold(tree, new int[] {a}, f, m, new ArrayList<>(), issued);
  }

  /** Records the effect of a completed use: W makes m the only valid copy; a reduction is pending. */
  public void commit(RegionNode node, long mask, byte priv, int m, Event done, ReductionBuffer[] bufs) {
    if (priv == Privilege.RO) {
      return;
    }
    RegionTree tree = node.tree;
    for (int a : tree.atoms(node)) {
      AtomState s = tree.atomStates.get(a);
      for (long rest = mask; rest != 0; rest &= rest - 1) {
        int f = Long.numberOfTrailingZeros(rest);
        if (priv == Privilege.RED) {
          if (s.reductions[f] == null) {
            s.reductions[f] = new ArrayList<>();
          }
          s.reductions[f].add(new AtomState.Contribution(bufs[f], done));
        } else {
          s.setOnlyValid(f, m);
          s.setReady(f, m, done);
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

  static void copyData(RegionTree tree, int f, Rect r, int from, int to) {
    InstanceData src = tree.data(from, f);
    InstanceData dst = tree.data(to, f);
    Rect root = tree.root.rect;
    long[] p = new long[r.dim()];
    long n = r.volume();
    for (long i = 0; i < n; i++) {
      r.point(i, p);
      int o = (int) root.offset(p);
      dst.copy(o, src, o);
    }
  }

  /**
   * A fill's data movement: field {@code f} of {@code node}'s points in memory {@code m} get
   * {@code value}'s bits.
   */
  public static void fillData(RegionNode node, int f, int m, long value) {
    RegionTree tree = node.tree;
    Rect rect = node.rect;
    InstanceData d = tree.data(m, f);
    long[] p = new long[rect.dim()];
    for (long i = 0, n = rect.volume(); i < n; i++) {
      rect.point(i, p);
      d.setBits((int) tree.root.rect.offset(p), value);
    }
  }

  /**
   * An explicit copy's data movement, both instances in memory {@code m}: field {@code df} of
   * {@code dst} gets field {@code sf} of {@code src} on the points {@code common} they share, or folds
   * it in with {@code fold} (a reduction copy) when not null.
   */
  public static void copyRegionData(RegionNode src, int sf, RegionNode dst, int df, Rect common, int m,
      ReductionOp fold) {
    if (common.isEmpty()) {
      return;
    }
    RegionTree st = src.tree;
    RegionTree dt = dst.tree;
    InstanceData s = st.data(m, sf);
    InstanceData d = dt.data(m, df);
    long[] p = new long[common.dim()];
    for (long i = 0, n = common.volume(); i < n; i++) {
      common.point(i, p);
      int di = (int) dt.root.rect.offset(p);
      int si = (int) st.root.rect.offset(p);
      if (fold == null) {
        d.copy(di, s, si);
      } else {
        d.setBits(di, fold.fold().applyAsLong(d.bits(di), s.bits(si)));
      }
    }
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
        effects.add(done, () -> copyData(tree, f, r, from.id(), to.id()));
      }
    }
    return done;
  }

  static void foldData(RegionTree tree, int f, Rect r, ReductionBuffer b, int to) {
    InstanceData dst = tree.data(to, f);
    long[] contributions = b.data.values();
    Rect root = tree.root.rect;
    long[] p = new long[r.dim()];
    long n = r.volume();
    for (long i = 0; i < n; i++) {
      r.point(i, p);
      int o = (int) root.offset(p);
      dst.setBits(o, b.op.fold().applyAsLong(dst.bits(o), contributions[(int) b.rect.offset(p)]));
    }
  }
}
