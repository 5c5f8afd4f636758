package org.apophenia.replay;

import java.util.ArrayList;
import java.util.List;
import org.apophenia.legion.tracing.OpAnalysis;
import org.apophenia.legion.tracing.PendingOp;
import org.apophenia.legion.tracing.TraceEngine;
import org.apophenia.legion.tracing.TraceSupport;
import org.apophenia.recorder.EventKind;
import org.apophenia.recorder.Probe;
import org.apophenia.sim.Scheduler;
import org.apophenia.sim.Simulation;
import org.apophenia.replay.stats.TracingCounters;
import org.apophenia.replay.stats.TracingStatistics;
import org.apophenia.replay.template.Optimisation;
import org.apophenia.sim.Event;

/**
 * The dynamic tracing engine (Lee et al., SC18, Algorithms 1 and 2) for {@code LegionRuntime}: records
 * the analysis of a trace once as graph-calculus commands, and replays them when the same operations
 * recur and the precondition holds. Install with {@code runtime.setTraceEngine(new DynamicTracing())}.
 *
 * <p>Design. Operations reach the engine one at a time, before analysis, but a replay can only be
 * chosen at {@code tend}, once the whole trace is known to match. So while the operations match a
 * recording the engine <em>defers</em> them (returns HANDLED and issues nothing); at {@code tend} it
 * replays the whole buffer, or, at the first operation that matches no recording (or at {@code tend}
 * if no precondition holds), returns {@link Decision#ANALYZE_DEFERRED}: the runtime analyses the buffered
 * operations in order and the engine records them, as it records operations it lets the runtime
 * analyse from the start of a trace. This is legal because operations that could observe
 * the delay (inline mappings, blocking future waits) are rejected inside traces by the runtime, and a
 * future passed between operations of the trace makes its consumer wait for the producer's replayed
 * (or analysed) completion.
 *
 * <p>What is replayed. Every kind of operation a trace can hold: tasks, fills, copies, reduction
 * copies and execution fences, with the same pre- and postcondition rules (a fill or copy reads and
 * writes the data its requirements name, as a task does; its recorded commands are re-issued with
 * their data movement, and the runtime completes it through {@code TraceSupport.completeReplayed}).
 * A trace with an execution fence gets no fence-elided commands (the fence orders everything, not
 * only what its accesses conflict with). Tasks come with the copies and reduction folds their analysis made: a task with
 * REDUCE requirements reuses its recorded reduction instances, and the folds that read them are
 * re-issued, so a trace that reduces and reads the result before {@code tend} (a residual, a dot
 * product, a gradient sum) is replayed; reductions it leaves pending are folded at {@code tend} when
 * it is recorded, as part of the recording, and reductions pending from before it are folded before
 * it (at the recording's first access, before a replay's precondition check), so such traces are
 * replayed too. Recorded but never replayed (see the package notes): traces during which a region
 * tree is refined.
 * Recordings that folded at their end get no fence-elided commands (those folds' accesses are not
 * their owner operation's).
 *
 * <p>Back-to-back replays of one idempotent recording (no operation in between, §IV-E) skip the
 * precondition check and, with fence elision (§IV-F), use commands that depend on the previous
 * replay's operations instead of a fence. A replay's postcondition is delayed: it is applied when
 * anything may read the physical state, that is before a different trace or a recording reads it,
 * before a precondition check, and when the runtime calls {@link #synchronize} (before it analyses an
 * untraced operation, refines the atoms, or changes engines). A back-to-back replay of the same
 * recording supersedes it unapplied: the postcondition sets exactly the valid memories of the same
 * instances, so applying the older one first would change nothing the newer one does not overwrite.
 * The summary operation is registered at the same moments (and before a fenced replay, whose fence
 * reads it): a chain of back-to-back fence-elided replays registers one, completing when all of them
 * have, so later operations wait for every replay of the chain as if each had registered its own.
 *
 * <p>Recording. The application thread only captures what reads the runtime's state as the trace
 * runs (signatures, the precondition at each instance's first touch, the analyses, the postcondition
 * at {@code tend}); the translation into graph-calculus commands and their optimisation run on a
 * background thread unless {@link TracingOptions#inlineOptimisation()} (see {@link Optimisation}), and
 * the first replay of a recording waits for them if they have not finished
 * ({@link TracingStatistics#optimisationWaits()}). Fence elision starts only after the recording's
 * first replay (a back-to-back replay may follow), and the first back-to-back replay waits for it if
 * needed. Which thread did the work never changes a replay.
 *
 * <p>Cost per replayed operation: O(1) command replays; the postcondition, O(instances), once per
 * chain of back-to-back replays; no region tree is walked. Called on the application thread only;
 * not thread-safe.
 */
public final class DynamicTracing implements TraceEngine {
  private final TracingOptions options;
  private final RecordingCache cache;
  /** How many instance keys the last recording had: the next one's first capacity. */
  private int lastKeys;

  // the open trace
  private List<Recording> candidates = List.of();
  private List<Recording> reference = List.of();
  private final List<PendingOp> buffer = new ArrayList<>();
  private Recorder recorder;
  private int opIndex;
  /**
   * Under STRICT, the mismatch to report and, when found at an operation, that operation: thrown
   * before it is analysed, or at {@code tend} once the trace is recorded.
   */
  private TraceMismatchException failure;
  private PendingOp failedAt;

  private TraceExecutor.Replayed last;
  /** The postcondition of the last replay while not applied yet (then {@code last} holds its event), else null. */
  private Recording delayed;
  /** Whether nothing was issued since the last replay's tend (back-to-back, §IV-E). */
  private boolean backToBack;
  /**
   * The recording whose summary operation is not registered yet (null if none), and the completion it
   * gets: of a chain of back-to-back fence-elided replays, the merge of all their completions.
   */
  private Recording summaryPending;
  private Event summaryCompletion;

  /** What became of the open or last trace occurrence, and where it diverged (for {@code --explain}). */
  private TraceOutcome outcome = TraceOutcome.RECORDED;
  private int divergedAt;

  private final TracingCounters counters = new TracingCounters();
  /** The event recorder's, read once when the engine is built: each replay of a recording. */
  private final Probe probe = Probe.current();

  public DynamicTracing() {
    this(TracingOptions.defaults());
  }

  public DynamicTracing(TracingOptions options) {
    this.options = options;
    this.cache = new RecordingCache(options);
  }

  public TracingOptions options() {
    return options;
  }

  /** The cache itself, for tests of its bookkeeping. */
  RecordingCache cache() {
    return cache;
  }

  /** The cached recordings of {@code traceId}, most recent first. */
  public List<Recording> recordings(int traceId) {
    return cache.recordings(traceId);
  }

  @Override
  public void beginTrace(int traceId, TraceSupport support) {
    backToBack = last != null && support.operationCount() == last.operationsAfter();
    buffer.clear();
    opIndex = 0;
    reference = cache.recordings(traceId);
    if (delayed != null && !(backToBack && options.idempotentReplay() && delayed.idempotent()
        && containsSame(reference, delayed))) {
      applyDelayed(support); // only a back-to-back replay of the same recording may supersede it
    }
    candidates = new ArrayList<>(reference);
    recorder = candidates.isEmpty() ? new Recorder(traceId, support, options.inlineOptimisation(), lastKeys) : null;
    outcome = recorder != null ? TraceOutcome.RECORDED : TraceOutcome.REPLAYED;
  }

  @Override
  public Decision onOperation(int traceId, PendingOp op, TraceSupport support) {
    int k = opIndex++;
    if (recorder != null) {
      if (options.mode() == TracingOptions.Mode.STRICT && !reference.isEmpty() && !anyMatches(reference, k, op)) {
        counters.recordMismatch();
        TraceMismatchException e = mismatch(traceId, k, op);
        reference = List.of();
        throw e;
      }
      recorder.before(op);
      return Decision.ANALYZE;
    }
    for (int i = candidates.size() - 1; i >= 0; i--) { // usually one candidate: no iterator, no lambda
      Recording r = candidates.get(i);
      if (k >= r.ops().size() || !r.ops().get(k).matches(op)) {
        candidates.remove(i);
      }
    }
    if (candidates.isEmpty()) {
      counters.recordMismatch();
      outcome = TraceOutcome.DIVERGED;
      divergedAt = k;
      fallBack(traceId, support);
      if (options.mode() == TracingOptions.Mode.STRICT) {
        failedAt = op; // reported once, before it is analysed; the rest of this trace is analysed and recorded
        failure = mismatch(traceId, k, op);
        reference = List.of();
      }
      return Decision.ANALYZE_DEFERRED;
    }
    if (noneReplayable(candidates)) { // nothing could be replayed: analyse from here on
      counters.recordUnreplayable();
      outcome = TraceOutcome.NOT_REPLAYABLE;
      fallBack(traceId, support);
      return Decision.ANALYZE_DEFERRED;
    }
    buffer.add(op);
    return Decision.HANDLED;
  }

  private static boolean noneReplayable(List<Recording> rs) {
    for (Recording r : rs) {
      if (r.unreplayable() == null) {
        return false;
      }
    }
    return true;
  }

  private static boolean anyMatches(List<Recording> rs, int k, PendingOp op) {
    for (Recording r : rs) {
      if (k < r.ops().size() && r.ops().get(k).matches(op)) {
        return true;
      }
    }
    return false;
  }

  private TraceMismatchException mismatch(int traceId, int k, PendingOp op) {
    Recording r = reference.get(0);
    for (Recording x : reference) {
      if (k < x.ops().size()) {
        r = x;
        break;
      }
    }
    return new TraceMismatchException(traceId, k, k < r.ops().size() ? r.ops().get(k) : null,
        op == null ? null : OpSignature.of(op));
  }

  /**
   * Gives up on replaying this trace: the runtime is to analyse the deferred operations in order (it
   * announces each to {@link #beforeAnalysis}), and they are recorded.
   */
  private void fallBack(int traceId, TraceSupport support) {
    applyDelayed(support);
    recorder = new Recorder(traceId, support, options.inlineOptimisation(), lastKeys);
    buffer.clear();
  }

  @Override
  public void beforeAnalysis(int traceId, PendingOp op, TraceSupport support) {
    if (op == failedAt) {
      failedAt = null;
      TraceMismatchException e = failure;
      failure = null;
      if (e != null) {
        throw e;
      }
    }
    recorder.before(op);
  }

  @Override
  public void observe(int traceId, OpAnalysis analysis, TraceSupport support) {
    if (recorder != null && recorder.size() > 0) {
      recorder.observe(analysis);
    }
  }

  @Override
  public Decision endTrace(int traceId, TraceSupport support) {
    try {
      if (recorder == null) {
        int n = buffer.size();
        for (int i = candidates.size() - 1; i >= 0; i--) { // no capturing lambda per trace
          if (candidates.get(i).ops().size() != n) {
            candidates.remove(i);
          }
        }
        if (candidates.isEmpty()) {
          counters.recordMismatch();
          outcome = TraceOutcome.DIVERGED;
          divergedAt = n;
          fallBack(traceId, support);
          if (options.mode() == TracingOptions.Mode.STRICT) {
            failure = mismatch(traceId, n, null); // thrown once the trace is recorded
          }
          return Decision.ANALYZE_DEFERRED;
        } else if (replayRecorded(traceId, support)) {
          return Decision.HANDLED;
        } else {
          counters.recordPreconditionFailure();
          outcome = TraceOutcome.PRECONDITION_FAILED;
          fallBack(traceId, support);
          return Decision.ANALYZE_DEFERRED;
        }
      } else if (options.mode() == TracingOptions.Mode.STRICT && !reference.isEmpty()
          && reference.stream().noneMatch(r -> r.ops().size() == opIndex)) {
        failure = mismatch(traceId, opIndex, null);
      }
      return Decision.ANALYZE;
    } catch (RuntimeException | Error e) {
      closed();
      throw e;
    }
  }

  @Override
  public void closeTrace(int traceId, TraceSupport support) {
    try {
      if (recorder != null) { // not replayed: recorded
        finishRecording();
      }
      if (failure != null) {
        throw failure;
      }
    } finally {
      closed();
    }
  }

  private void closed() {
    buffer.clear();
    recorder = null;
    failure = null;
    failedAt = null;
  }

  private void finishRecording() {
    lastKeys = recorder.keys();
    Recording r = recorder.finish();
    last = null;
    boolean duplicate = r.unreplayable() != null
        && reference.stream().anyMatch(x -> x.unreplayable() != null && x.ops().equals(r.ops()));
    counters.recordRecording(r.ops().size(), !duplicate);
    if (!duplicate) {
      cache.add(r);
    }
  }

  /** {@link #replay}, as a "replay" slice for the event recorder: its trace, whether it replayed, how many operations. */
  private boolean replayRecorded(int traceId, TraceSupport support) {
    if (!probe.replay()) {
      return replay(support);
    }
    probe.event(EventKind.REPLAY_BEGIN, traceId);
    boolean replayed = replay(support);
    probe.event(EventKind.REPLAY_END, replayed ? 1 : 0, buffer.size());
    return replayed;
  }

  /** Replays a matching candidate if one may be replayed now; false if none. */
  private boolean replay(TraceSupport support) {
    long t0 = System.nanoTime();
    Recording chosen = null;
    TraceExecutor.Replayed previous = null;
    if (last != null && options.idempotentReplay() && containsSame(candidates, last.recording())
        && last.recording().idempotent() && backToBack
        && Precondition.sameTrees(last.recording().precondition().instances(), support.instances())) {
      chosen = last.recording();
      if (options.fenceElision() && chosen.idempotent()) { // an idempotent recording has elided commands
        previous = last;
      }
      counters.recordBackToBack(previous != null);
    } else {
      applyDelayed(support);
      for (Recording r : candidates) {
        if (r.unreplayable() == null && r.precondition().foldPendingThenHolds(support.instances())) {
          chosen = r;
          break;
        }
      }
    }
    if (chosen == null) {
      return false;
    }
    if (delayed != null) {
      // the same recording's: superseded by this replay's (see the class notes)
      counters.recordPostconditionSkipped();
    }
    if (previous == null ? !chosen.optimised() : !chosen.elisionReady()) {
      long w0 = System.nanoTime(); // its background optimisation or fence elision has not finished
      if (previous == null) {
        chosen.commands();
      } else {
        chosen.elided();
      }
      counters.recordOptimisationWait(System.nanoTime() - w0);
    }
    if (previous == null) {
      registerSummary(support); // a fenced replay's fence analyses the summary's data
    }
    org.apophenia.sim.Event[] runLike = stealPlan(chosen, previous != null, support.simulation());
    last = TraceExecutor.replay(chosen, buffer, support, previous, options.replayNanosPerOp(), runLike);
    // the summary of a chain of elided replays is registered once, when the chain ends: the one of
    // the last replay alone would miss the earlier ones' operations its own do not wait for (readers)
    summaryCompletion = summaryPending == null ? last.completion()
        : support.simulation().merge(summaryCompletion, last.completion());
    summaryPending = chosen;
    if (previous == null && options.fenceElision() && options.idempotentReplay() && chosen.idempotent()) {
      chosen.startElision(); // a back-to-back replay may follow: have its commands ready by then
    }
    delayed = chosen;
    counters.recordReplay(buffer, chosen.reduces(), System.nanoTime() - t0);
    return true;
  }

  /**
   * Under a work-stealing scheduler that replays steals ({@link Scheduler.WorkStealing#replaySteals()}):
   * per position of a replay of {@code r}, the recording's task whose processor the replayed task runs
   * on (the trace-and-replay lecture: the iterations after the traced one steal nothing and run each
   * task where the traced one did). The simulator reads each placement when the replayed task is ready,
   * so a replay may follow a recording whose tasks have not all run yet (counted as deferred; a task
   * whose recorded one has still not run when it is ready is placed live, counted by the simulator).
   * Null, counted with its reason, when the log does not apply: the replay then steals live. Null under
   * any other scheduler.
   */
  private org.apophenia.sim.Event[] stealPlan(Recording r, boolean elided, Simulation sim) {
    if (!(sim.scheduler() instanceof Scheduler.WorkStealing ws) || !ws.replaySteals()) {
      return null;
    }
    StealLog log = r.stealLog(sim);
    if (log == null) {
      counters.recordStealLogDeferred();
      return r.taskEvents();
    }
    StealLog.Reason why = log.check(sim, TraceExecutor.template(r, elided).homes(r.ops().size()));
    if (why == null) {
      counters.recordStealLogReplay(log.steals());
      return r.taskEvents();
    }
    if (why == StealLog.Reason.PROCESSORS) {
      counters.recordStealLogOtherMachine();
    } else {
      counters.recordStealLogMismatch();
    }
    return null;
  }

  /**
   * Registers the pending summary and applies the delayed postcondition, if any: the logical and the
   * physical state are then complete.
   */
  private void applyDelayed(TraceSupport support) {
    registerSummary(support);
    if (delayed != null) {
      Recording r = delayed;
      delayed = null;
      r.postcondition().apply(support.instances(), last.completion());
    }
  }

  /** Registers the summary of the last replay (of the chain) if not yet: later operations depend on it. */
  private void registerSummary(TraceSupport support) {
    if (summaryPending != null) {
      Recording r = summaryPending;
      summaryPending = null;
      support.replay().registerSummary(r.summary(), summaryCompletion);
      summaryCompletion = null;
    }
  }

  @Override
  public void synchronize(TraceSupport support) {
    applyDelayed(support);
  }

  private static boolean containsSame(List<Recording> rs, Recording r) {
    for (Recording x : rs) {
      if (x == r) {
        return true;
      }
    }
    return false;
  }

  /** What became of the last trace occurrence closed (or the open one, so far). O(1). */
  public TraceOutcome lastOutcome() {
    return outcome;
  }

  /** Where the last occurrence that {@link TraceOutcome#DIVERGED} diverged: its operation's index in the trace. */
  public int lastDivergence() {
    return divergedAt;
  }

  /** Replays so far ({@link TracingStatistics#replays()} without taking a snapshot). O(1). */
  public long replays() {
    return counters.replays();
  }

  /** A snapshot of the counters. */
  public TracingStatistics stats() {
    return counters.snapshot(cache.size(), cache.stats());
  }
}
