package org.apophenia.legion;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apophenia.sim.Category;
import org.apophenia.sim.Event;
import org.apophenia.sim.Operation;
import org.apophenia.sim.Simulation;
import org.apophenia.sim.SimulationResult;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.MemoryKind;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * The front door of the Legion-like runtime: create index spaces, field spaces, regions and partitions;
 * register tasks and reduction operators; issue tasks, index launches, fills, copies, fences and inline
 * mappings; bracket traces with {@link #beginTrace}/{@link #endTrace}.
 *
 * <p>Pipeline per operation (Legion thesis ch. 3): validation (errors are thrown before any state
 * changes) → logical dependence analysis over the region tree ({@link LogicalAnalyzer}) → mapping
 * ({@link Mapper}) → physical analysis ({@link PhysicalAnalyzer}: copies, reduction folds, event
 * preconditions) → a task on the simulated machine whose Java body runs on real data when it starts in
 * simulated time. The application thread blocks only in {@link Future#get}, {@link #inlineMap} and
 * {@link #finish}. The real time of each analysis is measured and charged to a UTILITY processor by the
 * {@link AnalysisCostModel}.
 *
 * <p>Only the top-level context is analysed: the application holds READ_WRITE on every region it
 * created; tasks cannot launch sub-tasks (see the module notes).
 *
 * <p>Not thread-safe: one application thread per runtime.
 */
public final class LegionRuntime {
  private final Machine machine;
  private final Simulation sim;
  private final Mapper mapper;
  private final AnalysisCostModel costModel;
  private final DependenceGraph graph = new DependenceGraph();
  private final LogicalAnalyzer logical = new LogicalAnalyzer(graph);
  private final Effects effects = new Effects();
  private final TraceCapture capture = new TraceCapture();
  /** Index-launch futures whose points a trace engine deferred: joined at {@code tend}. */
  private final ArrayList<Object[]> deferredJoins = new ArrayList<>();
  /** Set while a trace engine has the runtime analyse a deferred operation: no observe callback. */
  private boolean engineAnalysis;
  private final PhysicalAnalyzer physical;
  private final ArrayList<RegionNode> nodes = new ArrayList<>();
  private final ArrayList<ReductionOp> reductions = new ArrayList<>();
  private final Int2ObjectOpenHashMap<TaskDefinition> tasks = new Int2ObjectOpenHashMap<>();
  /**
   * Where analysis is charged, by node: the node's first UTILITY processor (null if it has none). A
   * task's analysis is charged on the node its mapped processor belongs to, as Legion's control
   * replication shards the analysis of an index launch across the nodes that run its points; without
   * sharding one node would analyse a whole weak-scaled machine's work. Fills and copies are charged
   * on node 0.
   */
  private final Processor[] utilityByNode;
  /** Per node, its utility processors (Amdahl's U) and its SYSTEM memory (runtime messages start there). */
  private final int[] utilitiesOf;
  private final Memory[] systemOf;
  /** The mechanistic model, or null under the fixed/measured/none models. */
  private final LegionCosts costs;
  /** Launches issued so far: the serial of the next one's points (see LegionCosts's window). */
  private long launches;
  /** Per node, the last launch whose logical analysis it was charged (control replication). */
  private final long[] logicalCharged;
  /** Per launch modulo the window, the launch and the completion of its latest point task. */
  private final long[] windowLaunch;
  private final Event[] windowDone;
  /** Per operation id, the node its task ran on (-1: not a task, or not launched yet). */
  private final IntArrayList opNode = new IntArrayList();
  /** Per node, the last launch whose cross-shard synchronisation it was charged. */
  private final long[] crossCharged;
  /**
   * A barrier among the shards, {@code ceil(log2 nodes)} message steps over the network (0 on one
   * node): what a launch with a dependence across shards costs the in-order stage of each shard's
   * replicated logical analysis, under {@link LegionCosts}.
   */
  private final long collectiveNanos;
  /** One runtime thread's analysis work charged while the open trace was recorded. */
  private long recordedWork;
  /**
   * Per processor id, the memories visible from it as a set, filled on first use, so that checking
   * a mapper's choice is a bit test rather than a search of the list Machine.visibleMemories keeps.
   */
  private final MemorySet[] visible;
  private final Memory hostMemory;
  private int indexSpaces;
  private int fieldSpaces;
  private int lastFence = -1;
  private final IntArrayList sinceFence = new IntArrayList();
  private boolean destroyed;
  private TraceEngine engine;
  private int openTrace = -1;
  private final Support support = new Support();
  private static final int[] NO_DEPS = new int[0];
  /** A replayed task's reduction buffers (it has no REDUCE requirement): all null, read only. */
  private static final ReductionBuffer[][] NO_BUFFERS = new ReductionBuffer[16][];
  private static final long[] NO_POINT = new long[0];
  /** Validated launches of recent trace instances, reused by later instances (see TraceLaunches). */
  private final TraceLaunches traceLaunches = new TraceLaunches();
  /** Launches issued since the open trace's {@code tbegin}: the position of the next one. */
  private int launchPosition;
  /** Regions and partitions destroyed so far (calls): a memoized validation is stale once it changes. */
  private long destructions;
  private long analysisNanos;
  private long analysedOps;

  /** A runtime on {@code machine} with the {@link DefaultMapper} and no simulated analysis cost. */
  public LegionRuntime(Machine machine) {
    this(machine, new DefaultMapper(), AnalysisCostModel.none());
  }

  public LegionRuntime(Machine machine, Mapper mapper, AnalysisCostModel costModel) {
    this.machine = Objects.requireNonNull(machine, "machine");
    this.mapper = Objects.requireNonNull(mapper, "mapper");
    this.costModel = Objects.requireNonNull(costModel, "costModel");
    this.sim = Simulation.on(machine);
    this.physical = new PhysicalAnalyzer(sim, effects, capture);
    this.visible = new MemorySet[machine.processors().size()];
    this.utilityByNode = new Processor[machine.nodeCount()];
    this.utilitiesOf = new int[machine.nodeCount()];
    this.systemOf = new Memory[machine.nodeCount()];
    for (int n = 0; n < utilityByNode.length; n++) {
      List<Processor> util = machine.processors(n, ProcessorKind.UTILITY);
      utilityByNode[n] = util.isEmpty() ? null : util.get(0);
      utilitiesOf[n] = util.size();
      List<Memory> sys = machine.memories(n, MemoryKind.SYSTEM);
      systemOf[n] = sys.isEmpty() ? null : sys.get(0);
    }
    this.costs = costModel instanceof LegionCosts lc ? lc : null;
    this.logicalCharged = new long[machine.nodeCount()];
    java.util.Arrays.fill(logicalCharged, -1);
    int w = costs == null ? 1 : costs.windowOps();
    this.windowLaunch = new long[w];
    java.util.Arrays.fill(windowLaunch, -1);
    this.windowDone = new Event[w];
    this.crossCharged = new long[machine.nodeCount()];
    java.util.Arrays.fill(crossCharged, -1);
    long step = 0;
    if (costs != null && machine.nodeCount() > 1 && systemOf[0] != null && systemOf[1] != null) {
      step = machine.route(systemOf[0], systemOf[1], costs.messageBytes()).map(r -> r.nanos()).orElse(0L);
    }
    this.collectiveNanos = step * (32 - Integer.numberOfLeadingZeros(machine.nodeCount() - 1));
    this.hostMemory = machine.memories(0, MemoryKind.SYSTEM).get(0);
  }

  public Simulation simulation() {
    return sim;
  }

  public Machine machine() {
    return machine;
  }

  // ---------------------------------------------------------------- data model

  public IndexSpace createIndexSpace(Rect bounds) {
    return new IndexSpace(indexSpaces++, bounds);
  }

  public FieldSpace createFieldSpace() {
    return new FieldSpace(fieldSpaces++);
  }

  /** A new root region (a new region tree) over {@code is} and {@code fs}; its data starts as zeros. */
  public LogicalRegion createRegion(IndexSpace is, FieldSpace fs) {
    int id = nodes.size();
    RegionTree tree = new RegionTree(id, is.bounds(), fs, machine.memories().size());
    LogicalRegion r = new LogicalRegion(id, id, is, fs);
    tree.root.handle = r;
    nodes.add(tree.root);
    return r;
  }

  /** Destroys a region and everything below it; later use is a DestroyedResourceException. */
  public void destroyRegion(LogicalRegion r) {
    RegionNode n = regionNode(r, "destroyRegion");
    synchronizeEngine();
    markDestroyed(n);
  }

  /** Destroys a partition and its subregions. */
  public void destroyPartition(Partition p) {
    RegionNode n = partitionNode(p, "destroyPartition");
    synchronizeEngine();
    markDestroyed(n);
  }

  private void markDestroyed(RegionNode n) {
    destructions++;
    n.destroyed = true;
    for (RegionNode c : n.children) {
      markDestroyed(c);
    }
  }

  /** An equal partition of {@code r} into {@code pieces} blocks along dimension 0 (disjoint, complete). */
  public Partition partitionEqual(LogicalRegion r, int pieces) {
    return partitionWithGhosts(r, pieces, 0);
  }

  /**
   * Blocks along dimension 0 as in {@link #partitionEqual}, each widened by {@code halo} points on both
   * sides and clipped to {@code r}: an aliased "ghost" partition when {@code halo > 0}.
   */
  public Partition partitionWithGhosts(LogicalRegion r, int pieces, int halo) {
    Rect b = r.bounds();
    long n = b.hi(0) - b.lo(0) + 1;
    if (pieces < 1 || pieces > n) {
      throw new PartitionException("cannot cut " + r + " into " + pieces + " blocks along dimension 0 (extent " + n
          + ")");
    }
    List<Rect> rects = new ArrayList<>();
    for (int i = 0; i < pieces; i++) {
      long lo = b.lo(0) + n * i / pieces - halo;
      long hi = b.lo(0) + n * (i + 1) / pieces - 1 + halo;
      long[] l = new long[b.dim()];
      long[] h = new long[b.dim()];
      for (int d = 0; d < b.dim(); d++) {
        l[d] = b.lo(d);
        h[d] = b.hi(d);
      }
      l[0] = Math.max(lo, b.lo(0));
      h[0] = Math.min(hi, b.hi(0));
      rects.add(Rect.of(l, h));
    }
    return partitionByRects(r, rects);
  }

  /**
   * A partition of {@code r} with one subregion per rectangle (colors in list order); disjointness and
   * completeness are computed. PartitionException if a rectangle is outside {@code r}'s index space.
   * O(n^2) in the number of subregions.
   */
  public Partition partitionByRects(LogicalRegion r, List<Rect> rects) {
    RegionNode parent = regionNode(r, "partition");
    synchronizeEngine(); // a new subregion may refine the atoms a delayed postcondition names
    for (int i = 0; i < rects.size(); i++) {
      Rect s = rects.get(i);
      if (s.dim() != r.bounds().dim() || !r.bounds().contains(s) || s.isEmpty()) {
        throw new PartitionException("subregion " + i + " " + s + " is not a non-empty part of the index space "
            + r.bounds() + " of " + r);
      }
    }
    boolean disjoint = true;
    for (int i = 0; i < rects.size() && disjoint; i++) {
      for (int j = i + 1; j < rects.size(); j++) {
        if (rects.get(i).intersects(rects.get(j))) {
          disjoint = false;
          break;
        }
      }
    }
    List<Rect> left = new ArrayList<>(List.of(r.bounds()));
    for (Rect s : rects) {
      List<Rect> next = new ArrayList<>();
      for (Rect piece : left) {
        next.addAll(piece.subtract(s));
      }
      left = next;
    }
    RegionNode pn = new RegionNode(nodes.size(), false, parent, parent.rect, parent.tree);
    pn.disjoint = disjoint;
    nodes.add(pn);
    parent.children.add(pn);
    List<LogicalRegion> subs = new ArrayList<>();
    for (Rect s : rects) {
      RegionNode sn = new RegionNode(nodes.size(), true, pn, s, parent.tree);
      nodes.add(sn);
      pn.children.add(sn);
      LogicalRegion lr = new LogicalRegion(sn.id, r.tree(), createIndexSpace(s), r.fieldSpace());
      sn.handle = lr;
      subs.add(lr);
      parent.tree.refine(s);
    }
    Partition p = new Partition(pn.id, r, subs, disjoint, left.isEmpty());
    pn.handle = p;
    return p;
  }

  /** Registers a reduction operator and returns its id for {@link Privilege#reduce}. */
  public int registerReduction(ReductionOp op) {
    reductions.add(Objects.requireNonNull(op));
    return reductions.size() - 1;
  }

  /** Registers (or replaces) a task. */
  public void registerTask(TaskDefinition def) {
    tasks.put(def.id(), def);
  }

  // ---------------------------------------------------------------- validation

  private RegionNode regionNode(LogicalRegion r, String where) {
    if (r == null || r.id() >= nodes.size() || !nodes.get(r.id()).isRegion
        || r != nodes.get(r.id()).handle && !r.equals(nodes.get(r.id()).handle)) { // the handle itself, usually
      throw new LegionException(where + ": " + r + " is not a region of this runtime");
    }
    RegionNode n = nodes.get(r.id());
    if (n.destroyed) {
      throw new DestroyedResourceException(where + ": " + r + " has been destroyed");
    }
    return n;
  }

  /**
   * The node of {@code r}, destroyed or not: the physical state of its atoms belongs to its tree,
   * which outlives it (a trace engine may bring it up to date after a subregion was destroyed).
   */
  private RegionNode anyRegionNode(LogicalRegion r, String where) {
    if (r == null || r.id() >= nodes.size() || !nodes.get(r.id()).isRegion
        || r != nodes.get(r.id()).handle && !r.equals(nodes.get(r.id()).handle)) {
      throw new LegionException(where + ": " + r + " is not a region of this runtime");
    }
    return nodes.get(r.id());
  }

  private RegionNode partitionNode(Partition p, String where) {
    if (p == null || p.id() >= nodes.size() || nodes.get(p.id()).isRegion) {
      throw new LegionException(where + ": " + p + " is not a partition of this runtime");
    }
    RegionNode n = nodes.get(p.id());
    if (n.destroyed) {
      throw new DestroyedResourceException(where + ": " + p + " has been destroyed");
    }
    return n;
  }

  /** A requirement resolved against the region tree. */
  record Resolved(RegionRequirement req, RegionNode node, long mask, byte priv, int redop, ReductionOp op) {}

  private Resolved resolve(RegionRequirement req, String where) {
    RegionNode parent = regionNode(req.parent(), where + ": parent");
    RegionNode node = req.region() != null ? regionNode(req.region(), where)
        : partitionNode(req.partition(), where);
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
      if (red.redop() < 0 || red.redop() >= reductions.size()) {
        throw new ReductionException(where + ": " + req.privilege() + " on " + req.region() + " fields "
            + fs.names(req.fields()) + " uses reduction operator " + red.redop() + ", which is not registered ("
            + reductions.size() + " registered)");
      }
      redop = red.redop();
      op = reductions.get(redop);
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

  private static boolean interfere(Resolved a, Resolved b) {
    return a.node.tree == b.node.tree && (a.mask & b.mask) != 0 && a.node.rect.intersects(b.node.rect)
        && User.interfere(a.priv, a.redop, b.priv, b.redop);
  }

  private List<Resolved> resolveAll(List<RegionRequirement> reqs, String where) {
    List<Resolved> out = new ArrayList<>(reqs.size());
    for (int i = 0; i < reqs.size(); i++) {
      out.add(resolve(reqs.get(i), where + " requirement " + i));
    }
    for (int i = 0; i < out.size(); i++) {
      for (int j = i + 1; j < out.size(); j++) {
        if (interfere(out.get(i), out.get(j))) {
          throw new InterferenceException(where + ": requirements " + i + " (" + out.get(i).req.privilege() + " on "
              + out.get(i).req.region() + ") and " + j + " (" + out.get(j).req.privilege() + " on "
              + out.get(j).req.region() + ") interfere on fields "
              + out.get(i).req.parent().fieldSpace().names(out.get(i).mask & out.get(j).mask));
        }
      }
    }
    return out;
  }

  /**
   * A context holding only {@code privileges} (requirements on regions this runtime created, parent
   * an ancestor): launches through it are checked for privilege containment, see {@link Context}.
   * The top-level context holds READ_WRITE on everything, so any valid requirements may be held.
   * LegionException naming the requirement if one is invalid or on a partition.
   */
  public Context context(String name, RegionRequirement... privileges) {
    return newContext(name, List.of(privileges));
  }

  /** A context for valid {@code privileges} (containment in a parent context already checked). */
  Context newContext(String name, List<RegionRequirement> privileges) {
    checkAlive("context");
    for (int i = 0; i < privileges.size(); i++) {
      RegionRequirement q = privileges.get(i);
      String where = "context " + name + " privilege " + i;
      if (q.region() == null) {
        throw new LegionException(where + ": a context holds privileges on regions, not on partition "
            + q.partition() + " (name a region of it, or the partitioned region)");
      }
      resolve(q, where);
    }
    return new Context(this, name, privileges);
  }

  /** The registered task's name, for messages (LegionException if none). */
  String taskName(int id) {
    return task(id).name();
  }

  private TaskDefinition task(int id) {
    TaskDefinition d = tasks.get(id);
    if (d == null) {
      throw new LegionException("no task registered with id " + id);
    }
    return d;
  }

  private void checkAlive(String where) {
    if (destroyed) {
      throw new DestroyedResourceException(where + ": the runtime (top-level context) has been destroyed");
    }
  }

  // ---------------------------------------------------------------- operations

  /** Issues a single task; returns its future. */
  public Future execute(TaskLauncher launcher) {
    checkAlive("execute");
    launches++;
    if (tracing()) {
      TraceLaunches.Launch l = tracedLaunch(launcher.taskId(), null, launcher.requirements());
      if (l == null) {
        TaskDefinition def = task(launcher.taskId());
        List<Resolved> rs = resolveAll(launcher.requirements(), "task " + def.name());
        l = remember(def, null, launcher.requirements(), List.of(rs), new long[][] {NO_POINT},
            new String[] {def.name()}, null);
      }
      Future f = new Future(this, l.names()[0], Event.NONE);
      issueTraced(l, 0, launcher.args(), -1, 1, f);
      return f;
    }
    synchronizeEngine();
    TaskDefinition def = task(launcher.taskId());
    List<Resolved> rs = resolveAll(launcher.requirements(), "task " + def.name());
    Future f = new Future(this, def.name(), Event.NONE);
    issueTask(def, rs, launcher.args(), new long[0], -1, 1, f);
    return f;
  }

  /**
   * Issues an index launch: one point task per point of the domain. InterferenceException (before
   * anything is issued) if two points' requirements interfere.
   */
  public Future executeIndex(IndexLauncher launcher) {
    checkAlive("executeIndex");
    launches++;
    if (tracing()) {
      return executeIndexTraced(launcher);
    }
    synchronizeEngine();
    TaskDefinition def = task(launcher.taskId());
    Rect dom = launcher.domain();
    int n = Math.toIntExact(dom.volume());
    List<List<Resolved>> points = new ArrayList<>(n);
    long[] p = new long[dom.dim()];
    for (int i = 0; i < n; i++) {
      dom.point(i, p);
      List<RegionRequirement> reqs = new ArrayList<>();
      for (RegionRequirement r : launcher.requirements()) {
        if (r.partition() != null) {
          partitionNode(r.partition(), "index task " + def.name());
          int color = r.projection().color(p);
          if (color < 0 || color >= r.partition().colors()) {
            throw new LegionException("index task " + def.name() + ": projection maps point "
                + java.util.Arrays.toString(p) + " to color " + color + ", outside " + r.partition());
          }
        }
        reqs.add(r.forPoint(p));
      }
      points.add(resolveAll(reqs, "index task " + def.name() + " point " + java.util.Arrays.toString(p)));
    }
    checkPointsDisjoint(def, launcher, points, dom);
    List<Future> fs = new ArrayList<>(n);
    List<Event> evs = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      long[] pt = new long[dom.dim()];
      dom.point(i, pt);
      Future f = new Future(this, def.name() + java.util.Arrays.toString(pt), Event.NONE);
      issueTask(def, points.get(i), launcher.args(), pt, i, n, f);
      fs.add(f);
      evs.add(f.event);
    }
    ReductionOp red = launcher.futureReduction();
    Future all = new Future(this, def.name() + " index launch", sim.merge(evs));
    if (engine != null && openTrace >= 0) {
      deferredJoins.add(new Object[] {all, fs, red != null});
      all.points = fs;
    } else if (red != null) {
      all.event = allReduce(all.event);
    }
    all.lazy = () -> {
      if (red == null) {
        List<Object> vals = new ArrayList<>();
        for (Future f : fs) {
          vals.add(f.value);
        }
        return vals;
      }
      long acc = red.identity();
      for (Future f : fs) {
        acc = red.fold().applyAsLong(acc, (Long) f.value);
      }
      return acc;
    };
    return all;
  }

  /** Whether a trace is open with an engine installed: launches go through the traced path. */
  private boolean tracing() {
    return engine != null && openTrace >= 0;
  }

  /**
   * The memoized validation of the launch at this position of the open trace if it is this launch,
   * else null (see TraceLaunches). Advances the position either way.
   */
  private TraceLaunches.Launch tracedLaunch(int taskId, Rect domain, List<RegionRequirement> reqs) {
    TraceLaunches.Launch l = traceLaunches.get(openTrace, launchPosition++);
    return l != null && l.matches(tasks.get(taskId), domain, reqs, destructions) ? l : null;
  }

  /** Memoizes a launch just validated at the position {@link #tracedLaunch} looked at. */
  @SuppressWarnings("unchecked")
  private TraceLaunches.Launch remember(TaskDefinition def, Rect domain, List<RegionRequirement> reqs,
      List<List<Resolved>> resolved, long[][] points, String[] names, String launchName) {
    int n = resolved.size();
    List<Resolved>[] rs = new List[n];
    List<RegionRequirement>[] projected = new List[n];
    for (int i = 0; i < n; i++) {
      rs[i] = resolved.get(i); // made for this launch by resolveAll and never changed: no copy
      RegionRequirement[] q = new RegionRequirement[rs[i].size()];
      for (int j = 0; j < q.length; j++) {
        q[j] = rs[i].get(j).req();
      }
      projected[i] = List.of(q);
    }
    TraceLaunches.Launch l = new TraceLaunches.Launch(def, domain, reqs, destructions, rs, projected, points, names,
        launchName);
    traceLaunches.put(openTrace, launchPosition - 1, l);
    return l;
  }

  /** {@link #executeIndex} inside a trace: validated once per trace position, see TraceLaunches. */
  private Future executeIndexTraced(IndexLauncher launcher) {
    Rect dom = launcher.domain();
    TraceLaunches.Launch l = tracedLaunch(launcher.taskId(), dom, launcher.requirements());
    if (l == null) {
      TaskDefinition def = task(launcher.taskId());
      int n = Math.toIntExact(dom.volume());
      List<List<Resolved>> points = new ArrayList<>(n);
      long[][] coords = new long[n][];
      String[] names = new String[n];
      for (int i = 0; i < n; i++) {
        long[] p = new long[dom.dim()];
        dom.point(i, p);
        coords[i] = p;
        names[i] = def.name() + java.util.Arrays.toString(p);
        List<RegionRequirement> reqs = new ArrayList<>();
        for (RegionRequirement r : launcher.requirements()) {
          if (r.partition() != null) {
            partitionNode(r.partition(), "index task " + def.name());
            int color = r.projection().color(p);
            if (color < 0 || color >= r.partition().colors()) {
              throw new LegionException("index task " + def.name() + ": projection maps point "
                  + java.util.Arrays.toString(p) + " to color " + color + ", outside " + r.partition());
            }
          }
          reqs.add(r.forPoint(p));
        }
        points.add(resolveAll(reqs, "index task " + def.name() + " point " + java.util.Arrays.toString(p)));
      }
      checkPointsDisjoint(def, launcher, points, dom);
      l = remember(def, dom, launcher.requirements(), points, coords, names, def.name() + " index launch");
    }
    int n = l.size();
    List<Future> fs = new ArrayList<>(n);
    Event joined = Event.NONE;
    List<Event> evs = null;
    for (int i = 0; i < n; i++) {
      Future f = new Future(this, l.names()[i], Event.NONE);
      issueTraced(l, i, launcher.args(), i, n, f);
      fs.add(f);
      if (!f.event.isNone()) { // analysed now (a recording): its event is known
        if (evs == null) {
          evs = new ArrayList<>(n);
        }
        evs.add(f.event);
      }
    }
    if (evs != null) {
      joined = sim.merge(evs);
    }
    Future all = new Future(this, l.launchName(), joined);
    ReductionOp red = launcher.futureReduction();
    deferredJoins.add(new Object[] {all, fs, red != null});
    all.points = fs;
    all.lazy = () -> {
      if (red == null) {
        List<Object> vals = new ArrayList<>();
        for (Future f : fs) {
          vals.add(f.value);
        }
        return vals;
      }
      long acc = red.identity();
      for (Future f : fs) {
        acc = red.fold().applyAsLong(acc, (Long) f.value);
      }
      return acc;
    };
    return all;
  }

  /**
   * Issues point {@code i} of a memoized launch inside the open trace: a graph node named without
   * building a string, the pending op with the launch's shared projected requirements, then the
   * engine decides; analysed now if it says so.
   */
  private void issueTraced(TraceLaunches.Launch l, int i, List<Object> args, int pointIndex, int points,
      Future future) {
    String name = l.names()[i];
    int op = graph.newOp(DependenceGraph.TASK, name);
    PendingOp pending = new PendingOp(op, PendingOp.Kind.TASK, name, l.def().id(), l.points()[i], l.projected()[i]);
    List<Resolved> rs = l.resolved()[i];
    TaskIssue t = new TaskIssue(l.def(), rs, args, l.points()[i], future, pointIndex, points);
    graph.setPending(op, t);
    if (engine.onOperation(openTrace, pending, support) == TraceEngine.Decision.HANDLED) {
      return;
    }
    analyzeTask(op, pending, t);
  }

  /**
   * Lets the engine bring the physical state up to date before the runtime reads or changes it on its
   * own, outside traces (see {@link TraceEngine#synchronize}).
   */
  private void synchronizeEngine() {
    if (engine != null && openTrace < 0) {
      engine.synchronize(support);
    }
  }

  private void checkPointsDisjoint(TaskDefinition def, IndexLauncher l, List<List<Resolved>> points, Rect dom) {
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
            if (interfere(a, b) || interfere(a2, b2)) {
              long[] pi = new long[dom.dim()];
              long[] pj = new long[dom.dim()];
              dom.point(i, pi);
              dom.point(j, pj);
              throw new InterferenceException("index task " + def.name() + ": points " + java.util.Arrays.toString(pi)
                  + " and " + java.util.Arrays.toString(pj) + " interfere: requirement " + r + " (" + pr
                  + ") and requirement " + s + " touch common points of " + a.node.tree.root.handle
                  + " (fields " + req.parent().fieldSpace().names(a.mask & b.mask | a2.mask & b2.mask) + ")");
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
    if ((a.mask & b.mask) == 0 || a.node.tree != b.node.tree || !User.interfere(a.priv, a.redop, b.priv, b.redop)) {
      for (List<Resolved> pt : points) {
        Resolved x = pt.get(r);
        Resolved y = pt.get(s);
        if (x.node.tree != a.node.tree || y.node.tree != b.node.tree || x.mask != a.mask || y.mask != b.mask
            || x.priv != a.priv || y.priv != b.priv || x.redop != a.redop || y.redop != b.redop) {
          return true; // not uniform over the points: compare them one by one
        }
      }
      return false;
    }
    Partition p = l.requirements().get(r).partition();
    if (r != s || p == null || !p.disjoint()) {
      return true;
    }
    java.util.Set<RegionNode> nodes = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    for (List<Resolved> pt : points) {
      RegionNode n = pt.get(r).node;
      if (n.parent == null || n.parent != a.node.parent || !n.parent.disjoint || !nodes.add(n)) {
        return true;
      }
    }
    return false;
  }

  private void issueTask(TaskDefinition def, List<Resolved> rs, List<Object> args, long[] point, int pointIndex,
      int points, Future future) {
    int op = graph.newOp(DependenceGraph.TASK, def.name() + (point.length == 0 ? "" : java.util.Arrays.toString(point)));
    PendingOp pending = new PendingOp(op, PendingOp.Kind.TASK, graph.name(op), def.id(), point,
        rs.stream().map(Resolved::req).toList());
    TaskIssue t = new TaskIssue(def, rs, args, point, future, pointIndex, points);
    graph.setPending(op, t);
    if (engine != null && openTrace >= 0
        && engine.onOperation(openTrace, pending, support) == TraceEngine.Decision.HANDLED) {
      return;
    }
    analyzeTask(op, pending, t);
  }

  private OpAnalysis analyzeTask(int op, PendingOp pending, TaskIssue t) {
    long t0 = System.nanoTime();
    TaskDefinition def = t.def();
    List<Resolved> rs = t.rs();
    List<Object> args = t.args();
    int pointIndex = t.pointIndex();
    int points = t.points();
    IntArrayList deps = new IntArrayList();
    for (Resolved r : rs) {
      logical.analyze(op, r.node, r.mask, r.priv, r.redop, deps);
    }
    fenceDep(op, deps);
    Processor proc = mapper.selectProcessor(machine, def.name(), def.bodies().keySet(), pointIndex, points);
    if (!def.bodies().containsKey(proc.kind())) {
      throw new LegionException("mapper chose " + proc.name() + " (" + proc.kind() + ") for task " + def.name()
          + ", which has variants " + def.bodies().keySet());
    }
    List<Memory> mems = new ArrayList<>(rs.size());
    for (Resolved r : rs) {
      Memory mem = mapper.selectMemory(machine, proc, r.req, physical.validMemories(r.node, r.mask));
      if (!visibleFrom(proc, mem)) {
        throw new LegionException("mapper chose " + mem.name() + " for task " + def.name() + ", not visible from "
            + proc.name());
      }
      mems.add(mem);
    }
    List<Issued> issued = new ArrayList<>();
    Event analysis = costs != null ? chargeWork(t, rs, deps, proc.node(), issued)
        : chargeAnalysis(def.name(), proc.node(), System.nanoTime() - t0, issued);
    List<Event> pre = new ArrayList<>();
    for (int d : deps) {
      pre.add(costs != null ? remote(d, proc.node(), issued) : eventOf(d));
    }
    for (Object a : args) {
      if (a instanceof Future f) {
        pre.add(futureEvent(f));
      }
    }
    pre.add(analysis);
    Event logicalPre = capture.merge(sim, pre);
    List<Event> taskPre = new ArrayList<>();
    taskPre.add(logicalPre);
    ReductionBuffer[][] bufs = new ReductionBuffer[rs.size()][];
    boolean reduces = false;
    for (int i = 0; i < rs.size(); i++) {
      Resolved r = rs.get(i);
      bufs[i] = physical.prepare(r.node, r.mask, r.priv, r.op, r.redop, mems.get(i).id(), logicalPre, taskPre, issued);
      reduces |= bufs[i] != null;
    }
    if (reduces) {
      capture.instances(op, bufs);
    }
    Event done = submitTask(op, t, def.bodies().get(proc.kind()), proc, mems, bufs, capture.merge(sim, taskPre),
        NO_EVENTS, 0, issued, false);
    for (int i = 0; i < rs.size(); i++) {
      Resolved r = rs.get(i);
      physical.commit(r.node, r.mask, r.priv, mems.get(i).id(), done, bufs[i]);
    }
    return finishOp(op, deps, done, t0, pending, proc, mems, issued);
  }

  /** Whether {@code mem} is visible from {@code proc}, a processor of this machine (else false). */
  private boolean visibleFrom(Processor proc, Memory mem) {
    int id = proc.id();
    if (id < 0 || id >= visible.length || machine.processor(id) != proc) {
      return machine.visibleMemories(proc).contains(mem); // not the machine's own instance
    }
    MemorySet v = visible[id];
    if (v == null) {
      for (Memory m : machine.visibleMemories(proc)) {
        v = v == null ? MemorySet.of(m) : v.with(m.id());
      }
      v = v == null ? MemorySet.EMPTY : v;
      visible[id] = v;
    }
    return v.contains(mem) && machine.memory(mem.id()).equals(mem);
  }

  private static final Event[] NO_EVENTS = new Event[0];

  /**
   * A task issued and not launched yet: the dependence graph's pending data for it. Once launched it
   * is also the task's body, what runs when its processor starts it in simulated time (one object per
   * task: the launch fills in where it runs). Not thread-safe.
   */
  private final class TaskIssue implements Runnable {
    private final TaskDefinition def;
    private final List<Resolved> rs;
    private final List<Object> args;
    private final long[] point;
    private final Future future;
    private final int pointIndex;
    private final int points;
    /** The serial of the launch this point belongs to. */
    private final long launch = launches;
    // set by submitTask
    private String name;
    private TaskBody body;
    private Processor proc;
    private List<Memory> mems;
    private ReductionBuffer[][] bufs;
    private boolean reuseInstances;

    TaskIssue(TaskDefinition def, List<Resolved> rs, List<Object> args, long[] point, Future future, int pointIndex,
        int points) {
      this.def = def;
      this.rs = rs;
      this.args = args;
      this.point = point;
      this.future = future;
      this.pointIndex = pointIndex;
      this.points = points;
    }

    TaskDefinition def() {
      return def;
    }

    List<Resolved> rs() {
      return rs;
    }

    List<Object> args() {
      return args;
    }

    int pointIndex() {
      return pointIndex;
    }

    int points() {
      return points;
    }

    @Override
    public void run() {
      effects.applyTriggered(sim); // folds of earlier uses of reused reduction instances included
      if (reuseInstances) {
        for (ReductionBuffer[] bs : bufs) {
          if (bs != null) {
            for (ReductionBuffer b : bs) {
              if (b != null) {
                b.reset();
              }
            }
          }
        }
      }
      Accessor[][] acc = new Accessor[rs.size()][FieldSpace.MAX_FIELDS];
      for (int i = 0; i < rs.size(); i++) {
        Resolved r = rs.get(i);
        for (long m = r.mask; m != 0; m &= m - 1) {
          int f = Long.numberOfTrailingZeros(m);
          acc[i][f] = accessor("task " + name + " requirement " + i, r, f, mems.get(i).id(),
              bufs[i] == null ? null : bufs[i][f]);
        }
      }
      List<Object> vals = new ArrayList<>(args.size());
      for (Object a : args) {
        vals.add(a instanceof Future f ? f.resolved() : a);
      }
      future.value = body.run(new TaskContext(name, point, vals, proc, rs.stream().map(Resolved::req).toList(), acc));
    }
  }

  /**
   * Submits task {@code t} (graph node {@code op}) on {@code proc} after {@code pre} and the first
   * {@code count} events of {@code more}; sets its future's event.
   */
  private Event submitTask(int op, TaskIssue t, TaskBody body, Processor proc, List<Memory> mems,
      ReductionBuffer[][] bufs, Event pre, Event[] more, int count, List<Issued> issued, boolean reuseInstances) {
    t.name = graph.name(op); // the task's own node: closes made by its analysis come after it
    t.body = body;
    t.proc = proc;
    t.mems = mems;
    t.bufs = bufs;
    t.reuseInstances = reuseInstances;
    Operation.Task task = new Operation.Task(t.name, proc, t.def.cost(), pre, t);
    Event done = sim.submit(task, more, count);
    if (issued != null) {
      issued.add(new Issued(task, done));
    }
    t.future.event = done;
    while (opNode.size() <= op) {
      opNode.add(-1);
    }
    opNode.set(op, proc.node());
    if (costs != null) {
      int slot = (int) (t.launch % windowLaunch.length);
      windowLaunch[slot] = t.launch;
      windowDone[slot] = done;
    }
    return done;
  }

  /**
   * Charges the {@link LegionCosts} work of analysing point task {@code t} on {@code node}: its physical
   * analysis, and the logical analysis of its launch if this node has not done it yet (every shard
   * replicates it), times the recording factor inside a recorded trace, in Amdahl time over the node's
   * utility processors, after the launch {@code windowOps} earlier has completed.
   */
  private Event chargeWork(TaskIssue t, List<Resolved> rs, IntArrayList deps, int node, List<Issued> issued) {
    Processor utility = utilityByNode[node];
    if (utility == null) {
      return Event.NONE;
    }
    long blocked = 0; // in the in-order stage, not spread over the utility processors
    if (crossCharged[node] != t.launch && crossesShards(deps, node)) {
      crossCharged[node] = t.launch;
      blocked = collectiveNanos;
    }
    long work = costs.perPointNanos();
    if (logicalCharged[node] != t.launch) {
      logicalCharged[node] = t.launch;
      int regionNodes = 0;
      int fields = 0;
      for (Resolved r : rs) {
        regionNodes += r.node.depth + 1;
        fields += Long.bitCount(r.mask);
      }
      work += costs.logicalNanos(rs.size(), regionNodes, fields, t.points());
    }
    if (engine != null && openTrace >= 0) {
      long recorded = Math.round(work * costs.recordingFactor());
      recordedWork += work;
      work = recorded;
    }
    Operation.RuntimeWork w = new Operation.RuntimeWork("analyse " + t.def().name(), utility, Category.ANALYSIS,
        costs.onUtilities(work, utilitiesOf[node]) + blocked, windowGate(t.launch));
    Event e = sim.submit(w);
    issued.add(new Issued(w, e));
    return e;
  }

  /** Whether one of {@code deps} is a task that ran on another node than {@code node}. */
  private boolean crossesShards(IntArrayList deps, int node) {
    for (int i = 0, n = deps.size(); i < n; i++) {
      int d = deps.getInt(i);
      int from = d < opNode.size() ? opNode.getInt(d) : -1;
      if (from >= 0 && from != node) {
        return true;
      }
    }
    return false;
  }

  /** The completion of launch {@code launch - windowOps} if it is still known, else Event.NONE. */
  private Event windowGate(long launch) {
    long earlier = launch - windowLaunch.length;
    int slot = (int) Math.floorMod(earlier, (long) windowLaunch.length);
    return earlier >= 0 && windowLaunch[slot] == earlier ? windowDone[slot] : Event.NONE;
  }

  /**
   * The event a task on {@code node} waits for to follow operation {@code d}: its completion, plus a
   * runtime message over the network when {@code d} ran on another node (the remote event's trigger
   * travels to the waiting shard, control replication). The message is issued as a copy, so a
   * recording of the analysis re-issues it on every replay.
   */
  private Event remote(int d, int node, List<Issued> issued) {
    Event e = eventOf(d);
    int from = d < opNode.size() ? opNode.getInt(d) : -1;
    if (from < 0 || from == node || systemOf[from] == null || systemOf[node] == null) {
      return e;
    }
    Operation.Copy m = new Operation.Copy("event message n" + from + "->n" + node, systemOf[from], systemOf[node],
        costs.messageBytes(), e);
    Event done = sim.submit(m);
    issued.add(new Issued(m, done));
    return done;
  }

  /**
   * A future reduced over the shards under control replication: {@code ceil(log2 nodes)} message steps
   * after {@code e} (a recursive-doubling all-reduce between node 0 and nodes 1, 2, 4, ...). Only under
   * {@link LegionCosts} on more than one node; else {@code e}.
   */
  private Event allReduce(Event e) {
    int n = machine.nodeCount();
    if (costs == null || n < 2) {
      return e;
    }
    Event at = e;
    for (int step = 1; step < n; step <<= 1) {
      if (systemOf[0] == null || systemOf[step] == null) {
        return at;
      }
      at = sim.submit(new Operation.Copy("all-reduce step " + step, systemOf[step], systemOf[0],
          costs.messageBytes(), at));
    }
    return at;
  }

  private Accessor accessor(String where, Resolved r, int f, int mem, ReductionBuffer buf) {
    if (buf != null) {
      return new Accessor(where, r.node.rect, buf.rect, buf.data, r.priv, buf.op);
    }
    RegionTree tree = r.node.tree;
    return new Accessor(where, r.node.rect, tree.root.rect, tree.data(mem, f), r.priv, r.op);
  }

  private Event chargeAnalysis(String name, int node, long realNanos, List<Issued> issued) {
    long nanos = costModel.simulatedNanos(realNanos);
    Processor utility = utilityByNode[node];
    if (nanos == 0 || utility == null) {
      return Event.NONE;
    }
    Operation.RuntimeWork w = new Operation.RuntimeWork("analyse " + name, utility, Category.ANALYSIS, nanos,
        Event.NONE);
    Event e = sim.submit(w);
    issued.add(new Issued(w, e));
    return e;
  }

  private void fenceDep(int op, IntArrayList deps) {
    if (lastFence >= 0) {
      graph.addDep(op, lastFence, deps);
    }
    sinceFence.add(op);
  }

  private OpAnalysis finishOp(int op, IntArrayList deps, Event done, long t0, PendingOp pending, Processor proc,
      List<Memory> mems, List<Issued> issued) {
    graph.setDeps(op, deps.toIntArray());
    graph.setEvent(op, done);
    graph.takePending(op);
    long dt = System.nanoTime() - t0;
    analysisNanos += dt;
    analysedOps++;
    OpAnalysis a = null;
    if (engine != null && openTrace >= 0) {
      a = new OpAnalysis(pending, graph.deps(op), proc, mems, issued, done, dt);
      if (!engineAnalysis) {
        engine.observe(openTrace, a, support);
      }
    }
    return a;
  }

  /** Fills field {@code f} of {@code r} with {@code value} (WRITE_DISCARD), in node 0's SYSTEM memory. */
  public void fill(LogicalRegion r, Field f, long value, LogicalRegion parent) {
    checkAlive("fill");
    synchronizeEngine();
    Resolved res = resolve(RegionRequirement.of(r, Privilege.WRITE_DISCARD, parent, f), "fill of " + r);
    int op = graph.newOp(DependenceGraph.FILL, "fill " + r + "." + f.name());
    PendingOp pending = new PendingOp(op, PendingOp.Kind.FILL, graph.name(op), -1, new long[0], List.of(res.req));
    if (engine != null && openTrace >= 0) {
      engine.onOperation(openTrace, pending, support); // fills are always analysed
    }
    long t0 = System.nanoTime();
    IntArrayList deps = new IntArrayList();
    logical.analyze(op, res.node, res.mask, res.priv, -1, deps);
    fenceDep(op, deps);
    List<Issued> issued = new ArrayList<>();
    List<Event> pre = new ArrayList<>();
    for (int d : deps) {
      pre.add(eventOf(d));
    }
    pre.add(chargeAnalysis("fill", 0, System.nanoTime() - t0, issued));
    Operation.Fill fo = new Operation.Fill(graph.name(op), hostMemory, res.node.rect.volume() * 8,
        capture.merge(sim, pre));
    Event done = sim.submit(fo);
    issued.add(new Issued(fo, done));
    RegionTree tree = res.node.tree;
    Rect rect = res.node.rect;
    int m = hostMemory.id();
    Runnable write = () -> {
      long[] d = tree.data(m, f.id());
      long[] p = new long[rect.dim()];
      for (long i = 0, n = rect.volume(); i < n; i++) {
        rect.point(i, p);
        d[(int) tree.root.rect.offset(p)] = value;
      }
    };
    effects.add(done, write);
    capture.effect(done, write);
    physical.commit(res.node, res.mask, Privilege.WD, m, done, null);
    finishOp(op, deps, done, t0, pending, null, List.of(hostMemory), issued);
  }

  /**
   * Copies field {@code sf} of {@code src} into field {@code df} of {@code dst} for the points they
   * share (an explicit copy operation, thesis §2.7), through node 0's SYSTEM memory.
   */
  public void copy(LogicalRegion src, Field sf, LogicalRegion srcParent, LogicalRegion dst, Field df,
      LogicalRegion dstParent) {
    checkAlive("copy");
    synchronizeEngine();
    List<Resolved> rs = resolveAll(List.of(RegionRequirement.of(src, Privilege.READ_ONLY, srcParent, sf),
        RegionRequirement.of(dst, Privilege.READ_WRITE, dstParent, df)), "copy " + src + " -> " + dst);
    int op = graph.newOp(DependenceGraph.COPY, "copy " + src + "." + sf.name() + " -> " + dst + "." + df.name());
    PendingOp pending = new PendingOp(op, PendingOp.Kind.COPY, graph.name(op), -1, new long[0],
        rs.stream().map(Resolved::req).toList());
    if (engine != null && openTrace >= 0) {
      engine.onOperation(openTrace, pending, support); // copies are always analysed
    }
    long t0 = System.nanoTime();
    IntArrayList deps = new IntArrayList();
    for (Resolved r : rs) {
      logical.analyze(op, r.node, r.mask, r.priv, -1, deps);
    }
    fenceDep(op, deps);
    List<Issued> issued = new ArrayList<>();
    List<Event> pre = new ArrayList<>();
    for (int d : deps) {
      pre.add(eventOf(d));
    }
    pre.add(chargeAnalysis("copy", 0, System.nanoTime() - t0, issued));
    Event logicalPre = capture.merge(sim, pre);
    List<Event> cpre = new ArrayList<>(List.of(logicalPre));
    int m = hostMemory.id();
    for (Resolved r : rs) {
      physical.prepare(r.node, r.mask, r.priv, null, -1, m, logicalPre, cpre, issued);
    }
    Rect common = rs.get(0).node.rect.intersection(rs.get(1).node.rect);
    Operation.Copy co = new Operation.Copy(graph.name(op), hostMemory, hostMemory, common.volume() * 8,
        capture.merge(sim, cpre));
    Event done = sim.submit(co);
    issued.add(new Issued(co, done));
    RegionTree st = rs.get(0).node.tree;
    RegionTree dt = rs.get(1).node.tree;
    Runnable move = () -> {
      if (common.isEmpty()) {
        return;
      }
      long[] s = st.data(m, sf.id());
      long[] d = dt.data(m, df.id());
      long[] p = new long[common.dim()];
      for (long i = 0, n = common.volume(); i < n; i++) {
        common.point(i, p);
        d[(int) dt.root.rect.offset(p)] = s[(int) st.root.rect.offset(p)];
      }
    };
    effects.add(done, move);
    capture.effect(done, move);
    physical.commit(rs.get(1).node, rs.get(1).mask, Privilege.RW, m, done, null);
    finishOp(op, deps, done, t0, pending, null, List.of(hostMemory, hostMemory), issued);
  }

  /** An execution fence: every later operation waits for every earlier one. */
  public void fence() {
    checkAlive("fence");
    synchronizeEngine();
    int op = graph.newOp(DependenceGraph.FENCE, "fence");
    PendingOp pending = new PendingOp(op, PendingOp.Kind.FENCE, "fence", -1, new long[0], List.of());
    if (engine != null && openTrace >= 0) {
      engine.onOperation(openTrace, pending, support);
    }
    long t0 = System.nanoTime();
    IntArrayList deps = new IntArrayList();
    if (lastFence >= 0) {
      graph.addDep(op, lastFence, deps);
    }
    for (int o : sinceFence) {
      graph.addDep(op, o, deps);
    }
    List<Event> pre = new ArrayList<>();
    for (int d : deps) {
      pre.add(eventOf(d));
    }
    Operation.Merge mo = new Operation.Merge(pre);
    Event done = sim.submit(mo);
    sinceFence.clear();
    lastFence = op;
    finishOp(op, deps, done, t0, pending, null, List.of(), List.of(new Issued(mo, done)));
  }

  /**
   * Maps {@code req}'s region for the application (thesis §2.7): waits until the data is ready in
   * node 0's SYSTEM memory and returns accessors. Untraceable: inside a trace with an engine installed
   * it throws a LegionException.
   */
  public InlineRegion inlineMap(RegionRequirement req) {
    checkAlive("inlineMap");
    synchronizeEngine();
    untraceable("inline mapping of " + req.region());
    Resolved r = resolveAll(List.of(req), "inline mapping").get(0);
    if (r.priv == Privilege.RED) {
      throw new LegionException("inline mapping of " + req.region() + ": REDUCE privilege is not supported inline");
    }
    int op = graph.newOp(DependenceGraph.INLINE, "inline " + req.region());
    long t0 = System.nanoTime();
    IntArrayList deps = new IntArrayList();
    logical.analyze(op, r.node, r.mask, r.priv, r.redop, deps);
    fenceDep(op, deps);
    List<Event> pre = new ArrayList<>();
    for (int d : deps) {
      pre.add(eventOf(d));
    }
    Event logicalPre = sim.merge(pre);
    List<Event> all = new ArrayList<>(List.of(logicalPre));
    int m = hostMemory.id();
    List<Issued> issued = new ArrayList<>();
    physical.prepare(r.node, r.mask, r.priv, null, -1, m, logicalPre, all, issued);
    Event ready = sim.merge(all);
    sim.runUntil(ready);
    effects.applyTriggered(sim);
    Event done = sim.userEvent();
    sim.trigger(done);
    physical.commit(r.node, r.mask, r.priv, m, done, null);
    graph.setDeps(op, deps.toIntArray());
    graph.setEvent(op, done);
    analysisNanos += System.nanoTime() - t0;
    Accessor[] acc = new Accessor[FieldSpace.MAX_FIELDS];
    for (long x = r.mask; x != 0; x &= x - 1) {
      int f = Long.numberOfTrailingZeros(x);
      acc[f] = accessor("inline mapping of " + req.region(), r, f, m, null);
    }
    return new InlineRegion(req, acc);
  }

  private void untraceable(String what) {
    if (engine != null && openTrace >= 0) {
      throw new LegionException(what + " is untraceable and cannot appear inside trace " + openTrace);
    }
  }

  void waitFor(Future f, String producer) {
    if (destroyed) {
      throw new DestroyedResourceException("waiting on the future of " + producer
          + ": its context (the runtime) has been destroyed");
    }
    untraceable("a blocking wait on the future of " + producer);
    sim.runUntil(f.event);
    effects.applyTriggered(sim);
    f.resolved();
  }

  /** Runs the simulation to the end, applies every pending data movement, and returns the result. */
  public SimulationResult finish() {
    SimulationResult r = sim.drain();
    effects.applyTriggered(sim);
    return r;
  }

  /** Destroys the top-level context: later calls and waits on its futures throw DestroyedResourceException. */
  public void destroy() {
    destroyed = true;
  }

  // ---------------------------------------------------------------- tracing

  /** Installs the trace engine (null for none). Not while a trace is open. */
  public void setTraceEngine(TraceEngine e) {
    if (openTrace >= 0) {
      throw new TraceMarkerException("cannot change the trace engine while trace " + openTrace + " is open");
    }
    synchronizeEngine(); // the old engine leaves the physical state complete
    engine = e;
  }

  /** {@code tbegin(id)}: TraceMarkerException if a trace is already open (no nesting). */
  public void beginTrace(int id) {
    checkAlive("beginTrace");
    if (openTrace >= 0) {
      throw new TraceMarkerException("tbegin(" + id + ") while trace " + openTrace
          + " is open: traces cannot be nested");
    }
    if (id < 0) {
      throw new TraceMarkerException("tbegin(" + id + "): trace ids are non-negative");
    }
    openTrace = id;
    launchPosition = 0;
    recordedWork = 0;
    if (engine != null) {
      capture.clear();
      capture.active = true;
      engine.beginTrace(id, support);
    }
  }

  /** {@code tend(id)}: TraceMarkerException if no trace is open or the open one has another id. */
  public void endTrace(int id) {
    checkAlive("endTrace");
    if (openTrace < 0) {
      throw new TraceMarkerException("tend(" + id + ") without a matching tbegin");
    }
    if (openTrace != id) {
      throw new TraceMarkerException("tend(" + id + ") does not match the open tbegin(" + openTrace + ")");
    }
    if (engine != null) {
      try {
        engine.endTrace(id, support);
        chargeOptimisation(); // after the engine's deferred analyses, which record too
      } finally {
        capture.active = false;
        capture.clear();
        openTrace = -1;
        joinDeferred();
      }
    }
    openTrace = -1;
  }

  /**
   * The one-time optimisation of the trace just recorded ({@link LegionCosts#optimisationFraction} of the
   * work its analysis took), on every node's last utility processor and waited for by nobody: off the
   * critical path, though it occupies a background runtime thread.
   */
  private void chargeOptimisation() {
    long work = Math.round(recordedWork * (costs == null ? 0 : costs.optimisationFraction()));
    recordedWork = 0;
    if (work == 0) {
      return;
    }
    for (int n = 0; n < machine.nodeCount(); n++) {
      List<Processor> util = machine.processors(n, ProcessorKind.UTILITY);
      if (!util.isEmpty()) {
        // each shard optimised its share: the recorded work was spread over the nodes
        sim.submit(new Operation.RuntimeWork("optimise trace " + openTrace, util.get(util.size() - 1),
            Category.ANALYSIS, costs.onUtilities(work / machine.nodeCount(), 1), Event.NONE));
      }
    }
  }

  /** Index-launch futures of the trace just closed: their points may have been issued only at tend. */
  @SuppressWarnings("unchecked")
  private void joinDeferred() {
    for (Object[] j : deferredJoins) {
      List<Event> evs = new ArrayList<>();
      for (Future f : (List<Future>) j[1]) {
        evs.add(f.event);
      }
      Event e = sim.merge(evs);
      ((Future) j[0]).event = (Boolean) j[2] ? allReduce(e) : e;
      ((Future) j[0]).points = null;
    }
    deferredJoins.clear();
  }

  /** The id of the open trace, or -1. */
  public int openTrace() {
    return openTrace;
  }

  // ---------------------------------------------------------------- statistics

  /** Real nanoseconds spent in analysis so far (all operations). */
  public long analysisNanos() {
    return analysisNanos;
  }

  /** Operations analysed (not handled by a trace engine). */
  public long analysedOperations() {
    return analysedOps;
  }

  /**
   * The event a consumer of {@code f} waits for. The future of an index launch issued in the open trace
   * gets its event only at {@code tend} (its points may be deferred); until then it is the merge of its
   * points' events as they are now: a consumer is analysed or replayed after the points it follows in
   * issue order, so they all have theirs. Captured, so a recording sees the producers, not a fence.
   */
  private Event futureEvent(Future f) {
    List<Future> points = f.points;
    if (points == null) {
      return f.event;
    }
    List<Event> evs = new ArrayList<>(points.size());
    for (Future p : points) {
      evs.add(p.event);
    }
    return capture.merge(sim, evs);
  }

  /** Completion event of op; a close operation's is the merge of what it closed (made on first use). */
  private Event eventOf(int op) {
    Event e = graph.event(op);
    if (e == null) {
      int[] deps = graph.deps(op);
      List<Event> evs = new ArrayList<>(deps.length);
      for (int d : deps) {
        evs.add(eventOf(d));
      }
      e = capture.merge(sim, evs);
      graph.setEvent(op, e);
    }
    return e;
  }

  DependenceGraph graph() {
    return graph;
  }

  RegionNode node(int id) {
    return nodes.get(id);
  }

  /** Application-side read of a region's field after {@link #finish}, for tests: node 0 SYSTEM view. */
  long[] snapshot(LogicalRegion r, Field f) {
    InlineRegion ir = inlineMap(RegionRequirement.of(r, Privilege.READ_ONLY, rootOf(r), f));
    Rect b = r.bounds();
    long[] out = new long[(int) b.volume()];
    long[] p = new long[b.dim()];
    for (int i = 0; i < out.length; i++) {
      b.point(i, p);
      out[i] = ir.accessor(f).getLong(p);
    }
    return out;
  }

  LogicalRegion rootOf(LogicalRegion r) {
    return (LogicalRegion) nodes.get(r.tree()).handle;
  }

  /** The body {@link Support#launch} looked up last: replays launch runs of the same task and kind. */
  private TaskDefinition lastLaunchedDef;
  private ProcessorKind lastLaunchedKind;
  private TaskBody lastLaunchedBody;

  private final class Support implements TraceSupport {
    @Override
    public Simulation simulation() {
      return sim;
    }

    @Override
    public MemorySet validMemories(LogicalRegion region, Field field) {
      return physical.validMemories(regionNode(region, "validMemories"), field.bit());
    }

    @Override
    public void setValid(LogicalRegion region, long fields, Memory memory, Event ready, boolean exclusive) {
      physical.setValid(regionNode(region, "setValid"), fields, memory.id(), ready, exclusive);
    }

    @Override
    public Event issueCopy(LogicalRegion region, long fields, Memory from, Memory to, Event precondition) {
      RegionNode n = regionNode(region, "issueCopy");
      Operation.Copy c = new Operation.Copy("trace copy " + region, from, to, n.rect.volume() * 8
          * Long.bitCount(fields), precondition);
      Event done = sim.submit(c);
      for (long m = fields; m != 0; m &= m - 1) {
        int f = Long.numberOfTrailingZeros(m);
        for (int a : n.tree.atoms(n)) {
          Rect r = n.tree.atomRects.get(a);
          effects.add(done, () -> PhysicalAnalyzer.copyData(n.tree, f, r, from.id(), to.id()));
        }
      }
      return done;
    }

    @Override
    public Event launch(PendingOp op, Processor processor, List<Memory> memories, Object reductionInstances,
        Event precondition) {
      return launch(op, processor, memories, reductionInstances, precondition, NO_EVENTS, 0);
    }

    @Override
    public Event launch(PendingOp op, Processor processor, List<Memory> memories, Object reductionInstances,
        Event precondition, Event[] more, int count) {
      TaskIssue t = (TaskIssue) graph.pending(op.op());
      if (t == null) {
        throw new IllegalStateException("operation " + op.op() + " is not a pending task");
      }
      ReductionBuffer[][] bufs = (ReductionBuffer[][]) reductionInstances;
      if (bufs == null) {
        for (Resolved r : t.rs()) {
          if (r.priv == Privilege.RED) {
            throw new UnsupportedOperationException("task " + op.name() + " has REDUCE requirements: replaying it "
                + "needs the reduction instances recorded for it");
          }
        }
        // no reduction instances: a shared all-null array (submitTask only reads it)
        bufs = t.rs().size() <= NO_BUFFERS.length ? NO_BUFFERS : new ReductionBuffer[t.rs().size()][];
      } else if (bufs.length != t.rs().size()) {
        throw new IllegalArgumentException("task " + op.name() + " has " + t.rs().size() + " requirements, the "
            + "reduction instances are for " + bufs.length);
      }
      graph.takePending(op.op());
      List<Event> pre = null; // only with future arguments: a replayed task usually has none
      for (Object a : t.args()) {
        if (a instanceof Future f) {
          if (pre == null) {
            pre = new ArrayList<>();
            pre.add(precondition);
          }
          pre.add(futureEvent(f));
        }
      }
      Event after = pre == null ? precondition : sim.merge(pre);
      TaskBody body = t.def() == lastLaunchedDef && processor.kind() == lastLaunchedKind ? lastLaunchedBody
          : t.def().bodies().get(processor.kind());
      lastLaunchedDef = t.def();
      lastLaunchedKind = processor.kind();
      lastLaunchedBody = body;
      Event done = submitTask(op.op(), t, body, processor, memories, bufs, after, more, count, null,
          reductionInstances != null);
      graph.setEvent(op.op(), done);
      graph.setDeps(op.op(), NO_DEPS);
      return done;
    }

    @Override
    public List<Issued> foldPending(LogicalRegion region, int atom, int field) {
      if (openTrace < 0) {
        throw new IllegalStateException("foldPending outside a trace");
      }
      RegionNode node = anyRegionNode(region, "foldPending");
      List<Issued> issued = new ArrayList<>();
      physical.foldPending(node.tree, atom, field, issued);
      if (!issued.isEmpty()) {
        // the folds write an instance: later users of the data wait for them as for a READ_WRITE user
        int op = graph.newOp(DependenceGraph.SUMMARY, "fold at trace boundary");
        IntArrayList deps = new IntArrayList();
        logical.analyze(op, node, 1L << field, Privilege.RW, -1, deps);
        fenceDep(op, deps);
        graph.setDeps(op, deps.toIntArray());
        // completes after the folds (chained) and, as any operation, after what it depends on: a later
        // user may depend on it alone. Captured: a recording must see through it to the trace's own
        // operations among those (an earlier reader of the data inside the trace), or a later
        // operation of the trace that waits for this one would be recorded waiting for the fence only
        List<Event> evs = new ArrayList<>(deps.size() + 1);
        evs.add(issued.get(issued.size() - 1).result());
        for (int d : deps) {
          evs.add(LegionRuntime.this.eventOf(d));
        }
        graph.setEvent(op, capture.merge(sim, evs));
      }
      return issued;
    }

    @Override
    public Object reductionInstances(int op) {
      return capture.current().reductionInstances(op);
    }

    @Override
    public int registerSummary(List<RegionRequirement> requirements, Event completion) {
      List<Resolved> rs = new ArrayList<>();
      for (RegionRequirement q : requirements) {
        rs.add(resolve(q, "trace summary"));
      }
      int op = graph.newOp(DependenceGraph.SUMMARY, "trace summary");
      IntArrayList deps = new IntArrayList();
      for (Resolved r : rs) {
        logical.analyze(op, r.node, r.mask, Privilege.RW, -1, deps);
      }
      fenceDep(op, deps);
      graph.setDeps(op, deps.toIntArray());
      graph.setEvent(op, completion);
      return op;
    }

    @Override
    public Event eventOf(int op) {
      return LegionRuntime.this.eventOf(op);
    }

    @Override
    public Event fence(List<RegionRequirement> requirements) {
      int op = graph.newOp(DependenceGraph.SUMMARY, "trace fence");
      IntArrayList deps = new IntArrayList();
      for (RegionRequirement q : requirements) {
        Resolved r = resolve(q, "trace fence");
        logical.analyze(op, r.node, r.mask, Privilege.RW, -1, deps);
      }
      fenceDep(op, deps);
      graph.setDeps(op, deps.toIntArray());
      List<Event> evs = new ArrayList<>(deps.size());
      for (int d : deps) {
        evs.add(LegionRuntime.this.eventOf(d));
      }
      Event e = sim.merge(evs);
      graph.setEvent(op, e);
      return e;
    }

    @Override
    public Event[] replayGates(int traceId, int[] tasksPerNode, long extraNanosPerTask, Event after) {
      Event[] gates = new Event[machine.nodeCount()];
      Event window = costs == null ? Event.NONE : windowGate(launches);
      Event pre = window.isNone() ? after : after.isNone() ? window : sim.merge(after, window);
      for (int n = 0; n < gates.length; n++) {
        int tasks = n < tasksPerNode.length ? tasksPerNode[n] : 0;
        long nanos = extraNanosPerTask * tasks;
        if (costs != null) {
          nanos = costs.onUtilities(costs.replayNanos(tasks) + nanos, utilitiesOf[n]);
        }
        Processor utility = utilityByNode[n];
        gates[n] = nanos == 0 || utility == null ? Event.NONE
            : sim.submit(new Operation.RuntimeWork("replay trace " + traceId, utility, Category.REPLAY, nanos, pre));
      }
      return gates;
    }

    @Override
    public int operationCount() {
      return graph.size();
    }

    @Override
    public OpAnalysis analyze(PendingOp op) {
      TaskIssue t = (TaskIssue) graph.pending(op.op());
      if (t == null) {
        throw new IllegalStateException("operation " + op.op() + " is not a pending task");
      }
      engineAnalysis = true;
      try {
        return analyzeTask(op.op(), op, t);
      } finally {
        engineAnalysis = false;
      }
    }

    @Override
    public List<Event> mergeInputs(Event merge) {
      return capture.current().mergeInputs(merge);
    }

    @Override
    public CapturedTrace detachCapture() {
      return capture.detach();
    }

    @Override
    public Runnable dataEffect(Event command) {
      return capture.current().dataEffect(command);
    }

    @Override
    public Event reissue(Operation recorded, Runnable effect, Event precondition) {
      return reissue(recorded, effect, precondition, NO_EVENTS, 0);
    }

    @Override
    public Event reissue(Operation recorded, Runnable effect, Event precondition, Event[] more, int count) {
      Operation op;
      if (recorded instanceof Operation.Copy c) {
        op = new Operation.Copy(c.name(), c.from(), c.to(), c.bytes(), precondition);
      } else if (recorded instanceof Operation.Fill f) {
        op = new Operation.Fill(f.name(), f.memory(), f.bytes(), precondition);
      } else if (recorded instanceof Operation.RuntimeWork w) {
        op = new Operation.RuntimeWork(w.name(), w.processor(), w.category(), w.nanos(), precondition, w.body());
      } else {
        throw new IllegalArgumentException("cannot re-issue " + recorded.getClass().getSimpleName());
      }
      Event done = sim.submit(op, more, count);
      if (effect != null) {
        effects.add(done, effect);
      }
      return done;
    }

    @Override
    public int[] atomsOf(LogicalRegion region) {
      RegionNode n = regionNode(region, "atomsOf");
      return n.tree.atoms(n);
    }

    @Override
    public int treeVersion(LogicalRegion region) {
      return anyRegionNode(region, "treeVersion").tree.version;
    }

    @Override
    public MemorySet atomValid(LogicalRegion region, int atom, int field) {
      AtomState s = anyRegionNode(region, "atomValid").tree.atomStates.get(atom);
      return s.reducing(field) ? MemorySet.EMPTY : s.validSet(field);
    }

    @Override
    public void setAtomValid(LogicalRegion region, int atom, int field, MemorySet memories, Event ready) {
      AtomState s = anyRegionNode(region, "setAtomValid").tree.atomStates.get(atom);
      s.setValidSet(field, memories);
      for (int m = memories.first(); m >= 0; m = memories.next(m + 1)) {
        s.setReady(field, m, ready);
      }
      if (s.reductions[field] != null) {
        s.reductions[field].clear();
      }
    }
  }
}
