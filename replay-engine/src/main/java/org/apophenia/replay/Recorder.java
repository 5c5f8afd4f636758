package org.apophenia.replay;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apophenia.legion.Coherence;
import org.apophenia.legion.Issued;
import org.apophenia.legion.LogicalRegion;
import org.apophenia.legion.MemorySet;
import org.apophenia.legion.OpAnalysis;
import org.apophenia.legion.PendingOp;
import org.apophenia.legion.Privilege;
import org.apophenia.legion.RegionRequirement;
import org.apophenia.legion.TraceSupport;
import org.apophenia.sim.Event;
import org.apophenia.sim.Operation;

/**
 * Turns the analysis of one trace into a {@link Recording} (dynamic tracing paper §IV-B). Before each
 * operation is analysed it notes, per equivalence atom and field first touched, the valid memories
 * (the precondition, for accesses that read); from each analysis it translates the simulator commands
 * into graph-calculus commands, renaming simulator events to local names: an event produced inside
 * the trace keeps its command, a merge the runtime made is rebuilt from its inputs, and anything from
 * before the trace becomes the fence. A task's command keeps its reduction instances, and the folds of
 * those instances are kept like copies, so that a replay reuses the instances and re-issues the folds.
 * Reductions pending from before the trace are folded before its first access to the data (not
 * recorded: the fence stands for them). At the end it folds the reductions the trace leaves pending
 * (recorded like the other folds), reads the postcondition, adds the summary and optimises.
 *
 * <p>Cost: O(commands + atoms touched) per operation, plus the passes at the end. One instance per
 * recording; not thread-safe.
 */
final class Recorder {
  private final int traceId;
  private final TraceSupport support;
  private final List<OpSignature> ops = new ArrayList<>();
  private final List<Command> commands = new ArrayList<>();
  private final Int2IntOpenHashMap local = new Int2IntOpenHashMap();
  private int events;
  private int fence = -1;
  private String unreplayable;
  private boolean reduces;
  private final IntArrayList results = new IntArrayList();
  // instance keys: (tree, atom, field) -> dense index
  private final Long2IntOpenHashMap keys = new Long2IntOpenHashMap();
  private final List<LogicalRegion> keyRegion = new ArrayList<>();
  private final IntArrayList keyAtom = new IntArrayList();
  private final IntArrayList keyField = new IntArrayList();
  private final BitSet preKeys = new BitSet();
  private final List<MemorySet> preValid = new ArrayList<>();
  private final Map<Integer, Integer> treeVersions = new LinkedHashMap<>();
  private final Map<Integer, LogicalRegion> treeRegion = new LinkedHashMap<>();
  private final Map<LogicalRegion, RegionRequirement> summary = new LinkedHashMap<>();
  private final List<FenceElision.Access> accesses = new ArrayList<>();
  /** The summary entry last merged into, and its fields: most requirements share it. */
  private LogicalRegion lastTop;
  private long lastTopFields;
  /**
   * The tree of the last requirement seen. A refinement between two requirements on it is caught by
   * {@link #finish}, which compares every tree's version with the one first seen.
   */
  private int lastTree = -1;

  Recorder(int traceId, TraceSupport support) {
    this.traceId = traceId;
    this.support = support;
    local.defaultReturnValue(Integer.MIN_VALUE);
    keys.defaultReturnValue(-1);
  }

  int size() {
    return ops.size();
  }

  /** Called before {@code op} is analysed: signature, precondition, accesses. */
  void before(PendingOp op) {
    ops.add(OpSignature.of(op));
    if (op.kind() != PendingOp.Kind.TASK) {
      unreplayable("a " + op.kind() + " inside the trace is always analysed");
    }
    IntArrayList reads = new IntArrayList();
    IntArrayList writes = new IntArrayList();
    for (RegionRequirement q : op.requirements()) {
      LogicalRegion r = q.region();
      if (r.tree() != lastTree) { // most requirements are on the tree of the one before
        lastTree = r.tree();
        int version = support.treeVersion(r);
        Integer v = treeVersions.putIfAbsent(r.tree(), version);
        treeRegion.putIfAbsent(r.tree(), r);
        if (v != null && v != version) {
          unreplayable("a region tree was refined during the trace");
        }
      }
      // one summary requirement per parent region (usually a tree's root): registering it is one
      // logical analysis, not one per subregion the trace touched
      LogicalRegion top = q.parent();
      if (top != lastTop || (q.fields() & ~lastTopFields) != 0) { // else already covered
        RegionRequirement sq = summary.merge(top, new RegionRequirement(top, null, null, q.fields(),
            Privilege.READ_WRITE, Coherence.EXCLUSIVE, top), (x, y) -> new RegionRequirement(top, null, null,
            x.fields() | y.fields(), Privilege.READ_WRITE, Coherence.EXCLUSIVE, top));
        lastTop = top;
        lastTopFields = sq.fields();
      }
      boolean reads0 = q.privilege().reads();
      boolean writes0 = q.privilege().writes();
      // a reduction's contributions are folded into the data as it was before the trace: the
      // precondition covers it as it covers a read, and needs it free of earlier pending reductions
      boolean pre0 = reads0 || q.privilege() instanceof Privilege.Reduce;
      reduces |= q.privilege() instanceof Privilege.Reduce;
      for (int a : support.atomsOf(r)) {
        for (long f = q.fields(); f != 0; f &= f - 1) {
          int field = Long.numberOfTrailingZeros(f);
          long key = InstanceSet.key(r.tree(), a, field);
          int k = keys.get(key);
          if (k < 0) {
            k = keyAtom.size();
            keys.put(key, k);
            keyRegion.add(r);
            keyAtom.add(a);
            keyField.add(field);
            MemorySet valid = support.atomValid(r, a, field);
            if (valid.isEmpty() && pre0) {
              // reductions pending from before the trace: fold them now, before it (the data is the
              // same as if this operation's analysis folded them), so that the trace's own folds read
              // only its own reduction instances; a replay folds them the same way before its
              // precondition is checked (Precondition#foldPendingThenHolds). Not recorded: to the
              // trace's commands, they are what the fence waits for.
              support.foldPending(r, a, field);
              valid = support.atomValid(r, a, field);
            }
            preValid.add(valid);
            if (pre0) {
              preKeys.set(k);
              if (valid.isEmpty()) {
                unreplayable("the trace reads or reduces to data with reductions pending from before it");
              }
            }
          }
          if (reads0) {
            reads.add(k);
          }
          if (writes0) {
            writes.add(k);
          }
        }
      }
    }
    accesses.add(new FenceElision.Access(reads.toIntArray(), writes.toIntArray()));
  }

  /** The analysis of the last operation passed to {@link #before}. */
  void observe(OpAnalysis a) {
    int owner = ops.size() - 1;
    for (Issued c : a.commands()) {
      Operation op = c.operation();
      if (op instanceof Operation.RuntimeWork) {
        local.put(c.result().id(), -1); // the analysis' own cost is not replayed
      } else if (op instanceof Operation.Merge m) {
        List<Event> in = m.events();
        local.put(c.result().id(), merge(in));
      } else if (op instanceof Operation.Task t) {
        int pre = orFence(resolve(t.precondition()));
        int e = events++;
        commands.add(new Command.Op(e, pre, owner, new Command.Work.Task(owner, a.processor(), a.memories(),
            support.reductionInstances(a.op().op()))));
        local.put(c.result().id(), e);
        results.add(e);
      } else {
        reissued(c, owner);
      }
    }
  }

  /** Records a copy, fold or fill the runtime issued for operation {@code owner}, to be re-issued. */
  private void reissued(Issued c, int owner) {
    Operation op = c.operation();
    int pre = orFence(resolve(precondition(op)));
    int e = events++;
    commands.add(new Command.Op(e, pre, owner, new Command.Work.Reissue(op, support.dataEffect(c.result()))));
    local.put(c.result().id(), e);
    results.add(e);
  }

  /**
   * Folds the reductions the trace leaves pending into a valid instance, as part of the trace: a
   * later reader would fold the same contributions in the same order, so the data is the same, and
   * the recording can be replayed (it owns every reduction instance its folds read). The folds are
   * owned by the last operation. False if nothing was pending.
   */
  private boolean foldAtEnd() {
    for (LogicalRegion r : treeRegion.values()) {
      if (support.treeVersion(r) != treeVersions.get(r.tree())) {
        return false; // the atoms changed: unreplayable anyway
      }
    }
    boolean any = false;
    for (int k = 0; k < keyAtom.size(); k++) {
      if (support.atomValid(keyRegion.get(k), keyAtom.getInt(k), keyField.getInt(k)).isEmpty()) {
        for (Issued c : support.foldPending(keyRegion.get(k), keyAtom.getInt(k), keyField.getInt(k))) {
          reissued(c, ops.size() - 1);
          any = true;
        }
      }
    }
    return any;
  }

  private static Event precondition(Operation op) {
    if (op instanceof Operation.Copy c) {
      return c.precondition();
    } else if (op instanceof Operation.Fill f) {
      return f.precondition();
    } else if (op instanceof Operation.Fence f) {
      return f.precondition();
    }
    return Event.NONE;
  }

  private int resolve(Event e) {
    if (e.isNone()) {
      return -1;
    }
    int l = local.get(e.id());
    if (l != Integer.MIN_VALUE) {
      return l;
    }
    List<Event> in = support.mergeInputs(e);
    if (!in.isEmpty()) {
      l = merge(in);
    } else {
      l = fence();
    }
    local.put(e.id(), l);
    return l;
  }

  /**
   * §IV-B: an operation with no predecessor in the trace gets the fence. What it waited for when it
   * was recorded (perhaps nothing) says nothing about what precedes a replay.
   */
  private int orFence(int pre) {
    return pre >= 0 ? pre : fence();
  }

  private int fence() {
    if (fence < 0) {
      fence = events++;
      commands.add(new Command.Fence(fence));
    }
    return fence;
  }

  private int merge(List<Event> in) {
    IntArrayList ls = new IntArrayList();
    for (Event x : in) {
      int l = resolve(x);
      if (l >= 0 && !ls.contains(l)) {
        ls.add(l);
      }
    }
    if (ls.isEmpty()) {
      return -1;
    }
    int e = events++;
    commands.add(new Command.Merge(e, ls.toIntArray()));
    return e;
  }

  private void unreplayable(String why) {
    if (unreplayable == null) {
      unreplayable = why;
    }
  }

  /** Reads the postcondition, adds the summary, optimises; the trace's analysis is complete. */
  Recording finish() {
    boolean foldedAtEnd = unreplayable == null && reduces && foldAtEnd();
    int raw = commands.size() + 2;
    int sinks = events++;
    commands.add(new Command.Merge(sinks, results.toIntArray()));
    int summaryEvent = events++;
    commands.add(new Command.Summary(summaryEvent, sinks));
    List<Command> opt = TransitiveReduction.optimise(commands, events);
    List<LogicalRegion> trees = new ArrayList<>(treeRegion.values());
    int[] versions = new int[trees.size()];
    for (int t = 0; t < trees.size(); t++) {
      versions[t] = treeVersions.get(trees.get(t).tree());
      if (support.treeVersion(trees.get(t)) != versions[t]) {
        unreplayable("a region tree was refined during the trace");
      }
    }
    int n = keyAtom.size();
    MemorySet[] post = new MemorySet[n];
    for (int k = 0; k < n; k++) {
      post[k] = support.atomValid(keyRegion.get(k), keyAtom.getInt(k), keyField.getInt(k));
      if (post[k].isEmpty()) {
        unreplayable("reductions are pending at the end of the trace");
      }
    }
    List<LogicalRegion> preRegions = new ArrayList<>();
    IntArrayList preAtoms = new IntArrayList();
    IntArrayList preFields = new IntArrayList();
    List<MemorySet> preSets = new ArrayList<>();
    for (int k = preKeys.nextSetBit(0); k >= 0; k = preKeys.nextSetBit(k + 1)) {
      preRegions.add(keyRegion.get(k));
      preAtoms.add(keyAtom.getInt(k));
      preFields.add(keyField.getInt(k));
      preSets.add(preValid.get(k));
    }
    Precondition pre = new Precondition(new InstanceSet(preRegions, preAtoms.toIntArray(), preFields.toIntArray(),
        preSets.toArray(new MemorySet[0]), trees, versions));
    Postcondition postc = new Postcondition(new InstanceSet(keyRegion, keyAtom.toIntArray(), keyField.toIntArray(),
        post, trees, versions));
    List<RegionRequirement> reqs = new ArrayList<>(summary.values());
    FenceElision.Elided elided = null;
    boolean idempotent = unreplayable == null && postc.implies(pre);
    if (idempotent && !foldedAtEnd) { // the end folds' accesses are not the last operation's: no elision
      elided = FenceElision.apply(opt, events, accesses);
    }
    return new Recording(traceId, ops, opt, events, pre, postc, reqs, accesses, unreplayable, elided, raw, reduces);
  }
}
