package org.apophenia.replay;

import java.util.List;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.replay.template.Command;
import org.apophenia.replay.template.FenceElision;
import org.apophenia.replay.template.Optimisation;
import org.apophenia.replay.template.TraceTemplate;
import org.apophenia.sim.Event;
import org.apophenia.sim.Simulation;

/**
 * The memoized analysis of one trace (dynamic tracing paper §IV-B): the exact operations it covers,
 * the optimised graph-calculus commands, the {@link Precondition} and {@link Postcondition}, the
 * requirements of the summary operation, and for idempotent recordings the fence-elided commands used
 * by back-to-back replays (§IV-F). A recording the runtime cannot replay (fills, copies or fences in
 * the trace, a refined region tree) keeps {@link #unreplayable} as the reason and is used only to
 * detect mismatches.
 *
 * <p>The optimised and fence-elided commands are computed by an {@link Optimisation} (the fence-elided
 * ones only once the recording has been replayed, or asked for), on a background
 * thread unless {@link TracingOptions#inlineOptimisation()} (Legion defers transitive reduction to a
 * meta-task the same way, unless {@code -lg:inline_transitive_reduction}); {@link #commands()} and
 * {@link #elided()} wait for it, so the first replay, not the recording, pays for what the other
 * thread has not finished. They are a pure function of the recorded commands, so which thread computed
 * them never changes a replay. Everything else is known when the recording is made.
 *
 * <p>Immutable once built except for the contents of the reduction instances its tasks reuse, which
 * each replay overwrites; thread-safe otherwise.
 */
public final class Recording {
  private final int traceId;
  private final List<OpSignature> ops;
  private final Optimisation optimisation;
  private final Precondition precondition;
  private final Postcondition postcondition;
  private final List<RegionRequirement> summary;
  private final List<FenceElision.Access> accesses;
  private final String unreplayable;
  private final boolean idempotent;
  private final int weightedCommands;
  private final boolean reduces;
  /** Per operation, its task's completion event in the recording (null if not a task). */
  private final Event[] taskEvents;
  /** The steals among the recording's tasks, once read (work stealing); null before. */
  private volatile StealLog stealLog;
  private TraceTemplate template;
  private TraceTemplate elidedTemplate;

  /**
   * @param traceId the trace id it was recorded for
   * @param ops the operations, in issue order
   * @param optimisation the translated and optimised (and, if idempotent, fence-elided) commands, maybe
   *     still computing
   * @param precondition what must be valid to replay
   * @param postcondition what is valid afterwards
   * @param summary requirements of the summary operation (READ_WRITE on everything used)
   * @param accesses per operation, the instance keys it reads and writes (for fence elision)
   * @param unreplayable why the recording cannot be replayed, or null
   * @param idempotent whether the optimisation builds fence-elided commands (see {@link #idempotent()})
   * @param weightedCommands the commands counted in the cache weight, known before translation
   * @param reduces whether a task of the trace has REDUCE requirements (its replays reuse the recorded
   *     reduction instances and re-issue the recorded folds)
   * @param taskEvents per operation, its task's completion event (null if not a task), for the steal log
   */
  Recording(int traceId, List<OpSignature> ops, Optimisation optimisation, Precondition precondition,
      Postcondition postcondition, List<RegionRequirement> summary, List<FenceElision.Access> accesses,
      String unreplayable, boolean idempotent, int weightedCommands, boolean reduces, Event[] taskEvents) {
    this.traceId = traceId;
    this.ops = List.copyOf(ops);
    this.optimisation = optimisation;
    this.precondition = precondition;
    this.postcondition = postcondition;
    this.summary = List.copyOf(summary);
    this.accesses = List.copyOf(accesses);
    this.unreplayable = unreplayable;
    this.idempotent = idempotent;
    this.weightedCommands = weightedCommands;
    this.reduces = reduces;
    this.taskEvents = taskEvents.clone();
  }

  /**
   * The steals among the recording's tasks on {@code sim} (work stealing): read once every one of them
   * has run, then kept; null while one has not (the replay then steals live). O(tasks) until read.
   */
  public StealLog stealLog(Simulation sim) {
    StealLog log = stealLog;
    if (log == null) {
      log = StealLog.read(taskEvents, sim);
      stealLog = log;
    }
    return log;
  }

  /**
   * Per operation, its task's completion event in the recording (null if not a task): where a replay
   * that enforces the steal log runs each task. Shared, not copied: callers only read it.
   */
  Event[] taskEvents() {
    return taskEvents;
  }

  /** Replaces the steal log (tests of a log that no longer applies). */
  void stealLog(StealLog log) {
    stealLog = log;
  }

  public int traceId() {
    return traceId;
  }

  /** The operations, in issue order. */
  public List<OpSignature> ops() {
    return ops;
  }

  /** The optimised commands (transitive reduction, copy propagation); waits for the optimisation. */
  public List<Command> commands() {
    return optimisation.result().commands();
  }

  /** Bound on the local event names of {@link #commands()}; waits for the optimisation. */
  public int events() {
    return optimisation.result().events();
  }

  public Precondition precondition() {
    return precondition;
  }

  public Postcondition postcondition() {
    return postcondition;
  }

  /** Requirements of the summary operation (READ_WRITE on everything the trace used). */
  public List<RegionRequirement> summary() {
    return summary;
  }

  /** Per operation, the instance keys it reads and writes. */
  public List<FenceElision.Access> accesses() {
    return accesses;
  }

  /** Why the recording cannot be replayed, or null. */
  public String unreplayable() {
    return unreplayable;
  }

  /**
   * Fence-elided commands for back-to-back replays, or null if not idempotent; computes them if no
   * replay has started them yet, and waits for them.
   */
  public FenceElision.Elided elided() {
    return optimisation.elided();
  }

  /** Starts computing the fence-elided commands (in the background by default) if they are due. */
  void startElision() {
    optimisation.startElision();
  }

  /** The fenced replay's template, compiled on first use; waits for the optimisation. */
  TraceTemplate template() {
    TraceTemplate p = template;
    if (p == null) { // racy but benign: a pure function of immutable commands, with final fields
      int n = events();
      // the next replay may be fence-elided and bind any of these events: none is folded away (the
      // elided commands, which tell which it reads, need not exist yet)
      template = p = TraceTemplate.compile(commands(), n, e -> e < n);
    }
    return p;
  }

  /** The fence-elided replay's template, compiled on first use; waits for the fence elision. */
  TraceTemplate elidedTemplate() {
    TraceTemplate p = elidedTemplate;
    if (p == null) {
      FenceElision.Elided e = elided();
      int n = events();
      // the next back-to-back replay binds this one's events n..2n-1 as its 0..n-1: those it reads stay
      boolean[] next = TraceTemplate.readBelow(e.commands(), n);
      elidedTemplate = p = TraceTemplate.compile(e.commands(), e.events(), x -> x >= n && x < 2 * n && next[x - n]);
    }
    return p;
  }

  /** How many commands the recording had before optimisation; waits for the optimisation. */
  public int unoptimisedCommands() {
    return optimisation.result().unoptimised();
  }

  /** Whether a task of the trace has REDUCE requirements. */
  public boolean reduces() {
    return reduces;
  }

  /**
   * Idempotent (§IV-E): replayable and the postcondition implies the precondition, and not folding
   * reductions at its end (those folds' accesses are not their owner operation's, so there are no
   * fence-elided commands). Decided when the recording is made. O(1); never waits.
   */
  public boolean idempotent() {
    return idempotent;
  }

  /** Whether the optimised commands are ready (the optimisation ran inline or has finished). */
  public boolean optimised() {
    return optimisation.isDone();
  }

  /** Whether the fence-elided commands are ready, or the recording has none. */
  boolean elisionReady() {
    return optimisation.isElisionDone();
  }

  /**
   * The cache weight: operations plus commands, twice the commands for an idempotent recording (its
   * fence-elided copy). Known without waiting for the translation: the commands are counted as the
   * analyses issued them, with the sinks' merge and the summary, but not the merges the translation
   * rebuilds.
   */
  int weight() {
    return ops.size() + weightedCommands * (idempotent ? 2 : 1);
  }

  @Override
  public String toString() {
    return "Recording[trace " + traceId + ", " + ops.size() + " ops"
        + (unreplayable == null ? "" : ", unreplayable: " + unreplayable) + (idempotent ? ", idempotent" : "")
        + "]";
  }
}
