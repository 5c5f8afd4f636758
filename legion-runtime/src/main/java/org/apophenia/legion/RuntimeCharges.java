package org.apophenia.legion;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import java.util.List;
import org.apophenia.legion.analysis.Resolved;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.legion.cost.LegionCosts;
import org.apophenia.legion.tracing.Issued;
import org.apophenia.legion.tracing.ReplaySupport;
import org.apophenia.sim.Category;
import org.apophenia.sim.Event;
import org.apophenia.sim.Operation;
import org.apophenia.sim.Simulation;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.MemoryKind;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * The runtime's own work on the simulated machine, as the {@link CostModel} prices it: the
 * analysis of each operation on a UTILITY processor, and under {@link LegionCosts} the control
 * replication model (analysis sharded by node, a window of launches in flight, runtime messages for
 * events across nodes, all-reduced futures, the one-time optimisation of a recorded trace and the
 * per-node cost of a replay). Not thread-safe, like the runtime.
 */
final class RuntimeCharges {
  private final Machine machine;
  private final Simulation sim;
  private final CostModel costModel;
  /** The mechanistic model, or null under the fixed/measured/none models. */
  private final LegionCosts costs;
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

  RuntimeCharges(Machine machine, Simulation sim, CostModel costModel) {
    this.machine = machine;
    this.sim = sim;
    this.costModel = costModel;
    int nodes = machine.nodeCount();
    this.utilityByNode = new Processor[nodes];
    this.utilitiesOf = new int[nodes];
    this.systemOf = new Memory[nodes];
    for (int n = 0; n < nodes; n++) {
      List<Processor> util = machine.processors(n, ProcessorKind.UTILITY);
      utilityByNode[n] = util.isEmpty() ? null : util.get(0);
      utilitiesOf[n] = util.size();
      List<Memory> sys = machine.memories(n, MemoryKind.SYSTEM);
      systemOf[n] = sys.isEmpty() ? null : sys.get(0);
    }
    this.costs = costModel instanceof LegionCosts lc ? lc : null;
    this.logicalCharged = new long[nodes];
    Arrays.fill(logicalCharged, -1);
    int w = costs == null ? 1 : costs.windowOps();
    this.windowLaunch = new long[w];
    Arrays.fill(windowLaunch, -1);
    this.windowDone = new Event[w];
    this.crossCharged = new long[nodes];
    Arrays.fill(crossCharged, -1);
    long step = 0;
    if (costs != null && nodes > 1 && systemOf[0] != null && systemOf[1] != null) {
      step = machine.route(systemOf[0], systemOf[1], costs.messageBytes()).map(r -> r.nanos()).orElse(0L);
    }
    this.collectiveNanos = step * (32 - Integer.numberOfLeadingZeros(nodes - 1));
  }

  /** Whether the mechanistic {@link LegionCosts} model prices the work (else the measured time does). */
  boolean mechanistic() {
    return costs != null;
  }

  /** Counts a new launch; its points carry {@link #launch()} as their serial. */
  void newLaunch() {
    launches++;
  }

  long launch() {
    return launches;
  }

  /**
   * Notes that the task of operation {@code op}, a point of launch {@code launch}, runs on
   * {@code node} and completes at {@code done}.
   */
  void launched(int op, int node, long launch, Event done) {
    while (opNode.size() <= op) {
      opNode.add(-1);
    }
    opNode.set(op, node);
    if (costs != null) {
      int slot = (int) (launch % windowLaunch.length);
      windowLaunch[slot] = launch;
      windowDone[slot] = done;
    }
  }

  /**
   * Charges the {@link LegionCosts} work of analysing point task {@code t} on {@code node}: its physical
   * analysis, and the logical analysis of its launch if this node has not done it yet (every shard
   * replicates it), times the recording factor inside a recorded trace, in Amdahl time over the node's
   * utility processors, after the launch {@code windowOps} earlier has completed.
   */
  Event chargeWork(TaskIssue t, IntArrayList deps, int node, boolean recording, List<Issued> issued) {
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
      for (Resolved r : t.rs) {
        regionNodes += r.node().depth() + 1;
        fields += Long.bitCount(r.mask());
      }
      work += costs.logicalNanos(t.rs.size(), regionNodes, fields, t.points);
    }
    if (recording) {
      long recorded = Math.round(work * costs.recordingFactor());
      recordedWork += work;
      work = recorded;
    }
    Operation.RuntimeWork w = new Operation.RuntimeWork("analyse " + t.def.name(), utility, Category.ANALYSIS,
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
   * The event a task on {@code node} waits for to follow operation {@code d}, which completes at
   * {@code e}: {@code e}, plus a runtime message over the network when {@code d} ran on another node
   * (the remote event's trigger travels to the waiting shard, control replication) under
   * {@link LegionCosts}. The message is issued as a copy, so a recording of the analysis re-issues it
   * on every replay.
   */
  Event remote(int d, Event e, int node, List<Issued> issued) {
    int from = d < opNode.size() ? opNode.getInt(d) : -1;
    if (costs == null || from < 0 || from == node || systemOf[from] == null || systemOf[node] == null) {
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
  Event allReduce(Event e) {
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

  /** Charges {@code realNanos} of analysis of {@code name} as the cost model prices it, on {@code node}. */
  Event chargeAnalysis(String name, int node, long realNanos, List<Issued> issued) {
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

  /** Starts a recording: no analysis work charged yet. */
  void startRecording() {
    recordedWork = 0;
  }

  /**
   * The one-time optimisation of trace {@code traceId} just recorded ({@link LegionCosts#optimisationFraction}
   * of the work its analysis took), on every node's last utility processor and waited for by nobody:
   * off the critical path, though it occupies a background runtime thread.
   */
  void chargeOptimisation(int traceId) {
    long work = Math.round(recordedWork * (costs == null ? 0 : costs.optimisationFraction()));
    recordedWork = 0;
    if (work == 0) {
      return;
    }
    for (int n = 0; n < machine.nodeCount(); n++) {
      List<Processor> util = machine.processors(n, ProcessorKind.UTILITY);
      if (!util.isEmpty()) {
        // each shard optimised its share: the recorded work was spread over the nodes
        sim.submit(new Operation.RuntimeWork("optimise trace " + traceId, util.get(util.size() - 1),
            Category.ANALYSIS, costs.onUtilities(work / machine.nodeCount(), 1), Event.NONE));
      }
    }
  }

  /** See {@link ReplaySupport#replayGates}. */
  Event[] replayGates(int traceId, int[] tasksPerNode, long extraNanosPerTask, Event after) {
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
}
