package org.apophenia.legion.cost;

import java.util.Locale;

/**
 * The {@code legion} cost model: simulated runtime work that follows what the front door actually does
 * for each operation, calibrated on the statements of the two papers this project implements. Immutable
 * value; every parameter is named, has a documented default and says where the default comes from.
 *
 * <p>Design. An operation's runtime work is charged on the UTILITY processors of the nodes that do it,
 * as Legion with control replication does (one shard per node, each running the front door for the
 * whole program):
 * <ul>
 *   <li><b>logical analysis</b> ({@link #logicalNanos}): base + per region requirement + per region-tree
 *       node on the paths from the roots + per field + per point of the launch's domain, charged once per launch on
 *       every node that runs a point of it (the shards replicate the logical analysis);
 *   <li><b>physical analysis and mapping</b>: {@link #perPointNanos} per point task, on the node that runs
 *       the point only (weak scaling keeps it constant per node);
 *   <li><b>recording</b>: analysis times {@link #recordingFactor} while a trace is recorded, and the one-time
 *       optimisation ({@link #optimisationFraction} of the untraced cost of the trace's operations) off
 *       the critical path at the end of the recording;
 *   <li><b>replay</b>: {@link #replayPerTraceNanos} per replayed trace on every node (precondition check,
 *       fences) plus {@link #replayPerOpNanos} per replayed point task, on the node that runs it;
 *   <li>all of it is work of one runtime thread; a node's {@code U} utility processors do it in
 *       {@code work × ((1 − p) + p / U)} (Amdahl, p = {@link #parallelFraction}), the model of the dynamic
 *       tracing paper's appendix ([2] Appendix, s(T)), charged on the node's first utility processor;
 *   <li><b>pipeline</b>: the front door runs ahead of execution by at most {@link #windowOps} launches
 *       (Legion's outstanding-task window), so analysis hides behind long tasks and shows with short ones;
 *   <li><b>control replication</b>: a dependence between point tasks on different nodes costs a message of
 *       {@link #messageBytes} over the network (the remote event's trigger; recorded, so replays send it
 *       too), a launch with such a dependence costs each shard's in-order stage a barrier of
 *       {@code ceil(log2 N)} message latencies (the shards agree on it; replays skip it), and a future
 *       reduced over the shards waits for an all-reduce of {@code ceil(log2 N)} messages.
 * </ul>
 *
 * <p>Calibration (docs/REFERENCES.md, "Runtime cost model", numbers the sources): [1] Apophenia, ASPLOS'25,
 * §6.1 (TorchSWE: "the untraced Legion minimum of 1ms per task") and §6.3 ("the amount of time it takes to replay a
 * task as part of a trace, which is 100µs"); [2] Dynamic Tracing, SC'18, Table IV (per node, 3 runtime threads:
 * untraced 24–135 µs per operation, traced 3.2–7.1 µs, 7.4–19.5× less; trace optimisation 8–32 µs per operation,
 * 0.16–0.37 of the untraced cost), Table III (minimum efficient task granularity 940 and 2,879 µs untraced against
 * 183 and 413 µs traced; Soleil-X's 5.4 regions per task against MiniAero's 3.1 cost about twice as much) and its
 * appendix (p = 0.9); [4] the Legion runtime's flags. With the defaults a single task with three requirements of one
 * field each, on subregions two levels below their roots (9 region-tree nodes), costs 0.98 ms of one runtime thread
 * untraced ([1]: 1 ms) and 0.1 ms replayed ([1]: 100 µs), 9.8× less (within [2]'s 7.4–19.5×); a 4-point launch of it
 * on a Perlmutter node (4 utility processors, one point per GPU) keeps the node's front door busy 0.76 ms, so tasks
 * shorter than that expose the analysis, as [1]'s minimum granularity says. [2]'s per-operation figures are lower (an
 * older Legion on CPU-only Regent programs); we keep [1]'s magnitudes and [2]'s ratios.
 *
 * <p>Not modelled: the replicated logical analysis of single tasks on nodes that do not run them, the
 * physical analysis of copies and fills (charged as single-point operations on node 0), Apophenia's own
 * ingestion all-reduce, and the ingress side of a NIC (only transfers leaving a node share its NIC).
 *
 * @param baseNanos logical analysis per launch, fixed part (estimate: one third of [1]'s 1 ms minus the
 *     terms below for a three-requirement task)
 * @param perRequirementNanos logical analysis per region requirement ([2] Table III: cost grows with regions
 *     per task)
 * @param perRegionNodeNanos logical analysis per region-tree node on a requirement's path from its root
 *     (estimate; the epoch lists are walked node by node, thesis §4.3)
 * @param perFieldNanos logical analysis per field of a requirement (estimate; field masks are analysed per
 *     field set)
 * @param perLaunchPointNanos logical analysis per point of the launch's whole domain, on every shard: the
 *     replicated analysis projects every point's requirements and evaluates the sharding of every point,
 *     so it grows with the machine under weak scaling (estimate: an order of magnitude below the
 *     per-requirement term)
 * @param perPointNanos physical analysis and mapping per point task, on its node (estimate, so that a point
 *     task costs about [1]'s 1 ms)
 * @param parallelFraction p in Amdahl's law over a node's utility processors ([2] Appendix: p = 0.9)
 * @param recordingFactor analysis while recording, relative to plain analysis (estimate: recording also
 *     captures the commands; [2] gives no figure)
 * @param optimisationFraction one-time trace optimisation per operation, relative to its untraced analysis
 *     ([2] Table IV: 8–32 µs against 24–135 µs, ratios 0.16–0.37; 0.3 is their median)
 * @param replayPerOpNanos replay per point task, on its node ([1] §6.3: 100 µs)
 * @param replayPerTraceNanos per replayed trace and node: precondition check and fences (estimate; [2]
 *     Fig. 11b shows a per-trace initialisation amortised by longer traces but gives no figure)
 * @param windowOps launches the front door may run ahead of execution ([4]: Legion's {@code -lg:window},
 *     "the maximum number of operations that can be outstanding in a given task context",
 *     {@code DEFAULT_MAX_TASK_WINDOW} 1024 in {@code legion_config.h})
 * @param messageBytes bytes of one runtime message (an event trigger or a collective step; estimate)
 */
public record LegionCosts(long baseNanos, long perRequirementNanos, long perRegionNodeNanos, long perFieldNanos,
    long perLaunchPointNanos, long perPointNanos, double parallelFraction, double recordingFactor, double optimisationFraction,
    long replayPerOpNanos, long replayPerTraceNanos, int windowOps, long messageBytes) implements CostModel {
  public LegionCosts {
    if (baseNanos < 0 || perRequirementNanos < 0 || perRegionNodeNanos < 0 || perFieldNanos < 0
        || perLaunchPointNanos < 0 || perPointNanos < 0
        || replayPerOpNanos < 0 || replayPerTraceNanos < 0 || messageBytes < 0) {
      throw new IllegalArgumentException("negative cost in " + this);
    }
    if (!(parallelFraction >= 0 && parallelFraction <= 1)) {
      throw new IllegalArgumentException("parallel fraction must be in [0, 1], got " + parallelFraction);
    }
    if (!(recordingFactor >= 1) || !(optimisationFraction >= 0) || windowOps < 1) {
      throw new IllegalArgumentException("recording factor >= 1, optimisation fraction >= 0, window >= 1: " + this);
    }
  }

  /** The defaults documented on each parameter. */
  public static LegionCosts defaults() {
    return new LegionCosts(150_000, 60_000, 15_000, 20_000, 5_000, 450_000, 0.9, 1.1, 0.3, 100_000, 100_000, 1024, 64);
  }

  /** Not used: this model charges by the work an operation needs, not by how long it took here. */
  @Override
  public long simulatedNanos(long realNanos) {
    return 0;
  }

  /**
   * One runtime thread's logical analysis of a launch of {@code points} point tasks with {@code
   * requirements} requirements whose paths from their roots hold {@code regionNodes} region-tree nodes
   * and which name {@code fields} fields in all.
   */
  public long logicalNanos(int requirements, int regionNodes, int fields, int points) {
    return baseNanos + perRequirementNanos * requirements + perRegionNodeNanos * regionNodes + perFieldNanos * fields
        + perLaunchPointNanos * Math.max(1, points);
  }

  /** One runtime thread's replay of a trace with {@code ops} point tasks on this node. */
  public long replayNanos(int ops) {
    return replayPerTraceNanos + replayPerOpNanos * ops;
  }

  /** Time {@code work} (one runtime thread's) takes on {@code utilities} utility processors (Amdahl). */
  public long onUtilities(long work, int utilities) {
    int u = Math.max(1, utilities);
    return Math.round(work * ((1 - parallelFraction) + parallelFraction / u));
  }

  @Override
  public String describe() {
    return String.format(Locale.ROOT, "legion (per launch %s + %s/requirement + %s/region-tree node + %s/field; "
            + "%s/point of the launch; %s/point task; replay %s/point task + %s/trace; recording x%.2f, optimisation %.2f of analysis; "
            + "Amdahl p=%.2f over the node's utility processors; window %d launches; messages %d B over the network)",
        us(baseNanos), us(perRequirementNanos), us(perRegionNodeNanos), us(perFieldNanos), us(perLaunchPointNanos),
        us(perPointNanos),
        us(replayPerOpNanos), us(replayPerTraceNanos), recordingFactor, optimisationFraction, parallelFraction,
        windowOps, messageBytes);
  }

  private static String us(long nanos) {
    return String.format(Locale.ROOT, "%.0f us", nanos / 1e3);
  }
}
