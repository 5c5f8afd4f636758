package org.apophenia.replay;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apophenia.legion.api.Coherence;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.instances.MemorySet;
import org.apophenia.legion.tracing.Issued;
import org.apophenia.legion.tracing.OpAnalysis;
import org.apophenia.legion.tracing.OpKind;
import org.apophenia.legion.tracing.PendingOp;
import org.apophenia.legion.tracing.RecordingSupport;
import org.apophenia.legion.tracing.TraceSupport;
import org.apophenia.legion.tracing.ValidInstances;
import org.apophenia.replay.template.FenceElision;
import org.apophenia.replay.template.Optimisation;
import org.apophenia.replay.template.Translation;
import org.apophenia.sim.Event;

/**
 * Captures the analysis of one trace for a {@link Recording} (dynamic tracing paper §IV-B). Before
 * each operation is analysed it notes, per equivalence atom and field first touched, the valid
 * memories (the precondition, for accesses that read); it keeps each analysis as the runtime reported
 * it. Reductions pending from before the trace are folded before its first access to the data (not
 * recorded: the fence stands for them). At the end it folds the reductions the trace leaves pending
 * (recorded like the other folds), reads the postcondition, and hands the analyses with what the
 * runtime captured ({@link RecordingSupport#detach}) to the {@link Optimisation}, which translates
 * them into graph-calculus commands ({@link Translation}) and optimises them, in the background by
 * default: only what reads the runtime's state as the trace runs is done on the application thread.
 *
 * <p>Cost: O(atoms touched) per operation, plus the pre- and postcondition at the end. One instance
 * per recording; not thread-safe.
 */
final class Recorder {
  private final int traceId;
  /** The physical state the pre- and postcondition read, and where pending reductions are folded. */
  private final ValidInstances state;
  private final RecordingSupport recording;
  private final boolean inlineOptimisation;
  private final List<OpSignature> ops = new ArrayList<>();
  /** The analyses (and end folds) in issue order, translated by the optimisation. */
  private final List<Translation.Step> steps = new ArrayList<>();
  /** Per operation, its task's completion event (null if not a task): where the steal log reads. */
  private final List<Event> taskEvents = new ArrayList<>();
  /** Commands the analyses issued, merges aside: the recording's size before it is translated. */
  private int issuedCommands;
  /** Simulator events from this one on were made during the recording. */
  private final int base;
  private final IntArrayList reads = new IntArrayList();
  private final IntArrayList writes = new IntArrayList();
  private String unreplayable;
  private boolean reduces;
  private boolean fences;
  /**
   * Instance keys, dense in first-touch order: per (tree, field) touched, indexed by atom (dense per
   * tree), the key + 1 (0: not touched yet), so no hashing per atom; each key's region, atom and field
   * below.
   */
  private final Long2ObjectOpenHashMap<int[]> keysByAtom = new Long2ObjectOpenHashMap<>();
  /** Per (region id, field) used so far, its atoms' keys (atoms do not change in a replayable trace). */
  private final Long2ObjectOpenHashMap<int[]> regionKeys = new Long2ObjectOpenHashMap<>();
  /**
   * Per key (one capacity, sized from the previous recording's key count: a trace's keys are most of
   * what recording it adds to the analysis): its region, atom and field, the memories valid at its
   * first touch, and whether that touch read (or reduced) it, which puts it in the precondition.
   */
  private int keyCount;
  private LogicalRegion[] keyRegion;
  private int[] keyAtom;
  private int[] keyField;
  private MemorySet[] preValid;
  private boolean[] preKey;
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

  Recorder(int traceId, TraceSupport support, boolean inlineOptimisation, int keyHint) {
    this.traceId = traceId;
    this.state = support.instances();
    this.recording = support.recording();
    this.inlineOptimisation = inlineOptimisation;
    base = support.simulation().eventCount();
    int cap = Math.max(16, keyHint);
    keyRegion = new LogicalRegion[cap];
    keyAtom = new int[cap];
    keyField = new int[cap];
    preValid = new MemorySet[cap];
    preKey = new boolean[cap];
  }

  /** How many instance keys the trace touched so far. */
  int keys() {
    return keyCount;
  }

  int size() {
    return ops.size();
  }

  /**
   * Called before {@code op} (a task, fill, copy, reduction copy or fence) is analysed: signature,
   * precondition, accesses. Every kind is recorded alike, from its requirements (a fence has none).
   */
  void before(PendingOp op) {
    ops.add(OpSignature.of(op));
    taskEvents.add(null);
    // an execution fence orders everything before it, not only what conflicts with its accesses (it
    // has none): fence elision, which orders a back-to-back replay by accesses, must not apply
    fences |= switch (op.kind()) {
      case FENCE -> true;
      case TASK, FILL, COPY, REDUCTION_COPY -> false;
    };
    reads.clear();
    writes.clear();
    for (RegionRequirement q : op.requirements()) {
      LogicalRegion r = q.region();
      if (r.tree() != lastTree) { // most requirements are on the tree of the one before
        lastTree = r.tree();
        int version = state.treeVersion(r);
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
      for (long f = q.fields(); f != 0; f &= f - 1) {
        int field = Long.numberOfTrailingZeros(f);
        long rf = (long) r.id() << 6 | field;
        int[] ks = regionKeys.get(rf);
        if (ks == null) { // the first use of this region and field in the trace
          ks = keysOf(r, field, pre0);
          regionKeys.put(rf, ks);
        }
        for (int k : ks) {
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

  /**
   * The instance keys of {@code field} over the atoms of {@code r}, each noted at its first touch
   * with its valid memories (the precondition if {@code pre0}: the access reads or reduces).
   */
  private int[] keysOf(LogicalRegion r, int field, boolean pre0) {
    int[] atoms = state.atomsOf(r);
    int[] ks = new int[atoms.length];
    long tf = (long) r.tree() << 6 | field;
    int[] byAtom = keysByAtom.get(tf);
    for (int i = 0; i < atoms.length; i++) {
      int a = atoms[i];
      if (byAtom == null || a >= byAtom.length) {
        byAtom = byAtom == null ? new int[Math.max(64, a + 1)]
            : Arrays.copyOf(byAtom, Math.max(a + 1, 2 * byAtom.length));
        keysByAtom.put(tf, byAtom);
      }
      int k = byAtom[a] - 1;
      if (k < 0) {
        k = keyCount++;
        if (k == keyAtom.length) {
          growKeys();
        }
        byAtom[a] = k + 1;
        keyRegion[k] = r;
        keyAtom[k] = a;
        keyField[k] = field;
        MemorySet valid = state.atomValid(r, a, field);
        if (valid.isEmpty() && pre0) {
          // reductions pending from before the trace: fold them now, before it (the data is the
          // same as if this operation's analysis folded them), so that the trace's own folds read
          // only its own reduction instances; a replay folds them the same way before its
          // precondition is checked (Precondition#foldPendingThenHolds). Not recorded: to the
          // trace's commands, they are what the fence waits for.
          state.foldPending(r, a, field);
          valid = state.atomValid(r, a, field);
        }
        preValid[k] = valid;
        if (pre0) {
          preKey[k] = true;
          if (valid.isEmpty()) {
            unreplayable("the trace reads or reduces to data with reductions pending from before it");
          }
        }
      }
      ks[i] = k;
    }
    return ks;
  }

  private void growKeys() {
    int cap = 2 * keyAtom.length;
    keyRegion = Arrays.copyOf(keyRegion, cap);
    keyAtom = Arrays.copyOf(keyAtom, cap);
    keyField = Arrays.copyOf(keyField, cap);
    preValid = Arrays.copyOf(preValid, cap);
    preKey = Arrays.copyOf(preKey, cap);
  }

  /** The analysis of the last operation passed to {@link #before}: kept for the translation. */
  void observe(OpAnalysis a) {
    steps.add(new Translation.Step(ops.size() - 1, a, null));
    if (a.op().kind() == OpKind.TASK) {
      taskEvents.set(ops.size() - 1, a.completion());
    }
    issuedCommands += a.commands().size();
  }

  /**
   * Folds the reductions the trace leaves pending into a valid instance, as part of the trace: a
   * later reader would fold the same contributions in the same order, so the data is the same, and
   * the recording can be replayed (it owns every reduction instance its folds read). The folds are
   * owned by the last operation. False if nothing was pending.
   */
  private boolean foldAtEnd() {
    for (LogicalRegion r : treeRegion.values()) {
      if (state.treeVersion(r) != treeVersions.get(r.tree())) {
        return false; // the atoms changed: unreplayable anyway
      }
    }
    boolean any = false;
    for (int k = 0; k < keyCount; k++) {
      if (state.atomValid(keyRegion[k], keyAtom[k], keyField[k]).isEmpty()) {
        List<Issued> folds = state.foldPending(keyRegion[k], keyAtom[k], keyField[k]);
        if (!folds.isEmpty()) {
          steps.add(new Translation.Step(ops.size() - 1, null, folds));
          issuedCommands += folds.size();
          any = true;
        }
      }
    }
    return any;
  }

  /**
   * {@code postcondition.implies(precondition)} without building either's index: the precondition's
   * keys are a subset of the postcondition's, under the same dense key numbers. O(precondition).
   */
  private boolean postImpliesPre(MemorySet[] post, MemorySet[] pre) {
    for (int k = 0; k < keyCount; k++) {
      if (preKey[k] && !post[k].containsAll(pre[k])) {
        return false;
      }
    }
    return true;
  }

  private void unreplayable(String why) {
    if (unreplayable == null) {
      unreplayable = why;
    }
  }

  /**
   * Reads the pre- and postcondition and starts the translation and optimisation (inline or in the
   * background, see {@link Optimisation}); the trace's analysis is complete.
   */
  Recording finish() {
    boolean foldedAtEnd = unreplayable == null && reduces && foldAtEnd();
    List<LogicalRegion> trees = new ArrayList<>(treeRegion.values());
    int[] versions = new int[trees.size()];
    for (int t = 0; t < trees.size(); t++) {
      versions[t] = treeVersions.get(trees.get(t).tree());
      if (state.treeVersion(trees.get(t)) != versions[t]) {
        unreplayable("a region tree was refined during the trace");
      }
    }
    int n = keyCount;
    MemorySet[] post = new MemorySet[n];
    for (int k = 0; k < n; k++) {
      post[k] = state.atomValid(keyRegion[k], keyAtom[k], keyField[k]);
      if (post[k].isEmpty()) {
        unreplayable("reductions are pending at the end of the trace");
      }
    }
    // the postcondition covers every key; the precondition those read, usually all of them: then
    // both share the key arrays
    List<LogicalRegion> regions = List.of(Arrays.copyOf(keyRegion, n));
    int[] atoms = Arrays.copyOf(keyAtom, n);
    int[] fields = Arrays.copyOf(keyField, n);
    MemorySet[] preSets = Arrays.copyOf(preValid, n);
    Precondition pre;
    int m = 0;
    for (int k = 0; k < n; k++) {
      m += preKey[k] ? 1 : 0;
    }
    if (m == n) {
      pre = new Precondition(new InstanceSet(regions, atoms, fields, preSets, trees, versions));
    } else {
      LogicalRegion[] pr = new LogicalRegion[m];
      int[] pa = new int[m];
      int[] pf = new int[m];
      MemorySet[] ps = new MemorySet[m];
      int i = 0;
      for (int k = 0; k < n; k++) {
        if (preKey[k]) {
          pr[i] = keyRegion[k];
          pa[i] = atoms[k];
          pf[i] = fields[k];
          ps[i] = preSets[k];
          i++;
        }
      }
      pre = new Precondition(new InstanceSet(List.of(pr), pa, pf, ps, trees, versions));
    }
    Postcondition postc = new Postcondition(new InstanceSet(regions, atoms, fields, post, trees, versions));
    List<RegionRequirement> reqs = new ArrayList<>(summary.values());
    // the end folds' accesses are not the last operation's: no fence elision, so not treated as idempotent
    boolean idempotent = unreplayable == null && !foldedAtEnd && !fences && postImpliesPre(post, preSets);
    Optimisation opt = Optimisation.start(List.copyOf(steps), recording.detach(), base, accesses, idempotent,
        inlineOptimisation);
    return new Recording(traceId, ops, opt, pre, postc, reqs, accesses, unreplayable, idempotent, issuedCommands + 2,
        reduces, taskEvents.toArray(new Event[0]));
  }
}
