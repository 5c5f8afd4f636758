package org.apophenia.samples.adapter;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.BitSet;
import org.apophenia.autotrace.accounting.Bucket;
import org.apophenia.autotrace.accounting.TimeAccount;
import org.apophenia.autotrace.TraceSink;
import org.apophenia.legion.api.Future;
import org.apophenia.legion.api.IndexLauncher;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.replay.DynamicTracing;

/**
 * The runtime's front door as an Apophenia {@link TraceSink}: each {@link ArrayOp} becomes an index
 * launch, each marker a {@code beginTrace}/{@code endTrace}. It keeps the counts every mode reports
 * the same way (operations, traced, replayed, traces, replays) and which operations were traced or
 * replayed (by program-order index).
 *
 * <p><b>What was replayed</b> is the trace engine's word, not a guess from trace ids: a trace
 * occurrence counts as replayed when the engine's own replay counter moved during it (an occurrence
 * whose precondition failed, or that diverged from every recording, was analysed and re-recorded).
 *
 * <p><b>Time.</b> The front door's real time goes to the issuing thread's {@link TimeAccount}: an
 * untraced operation and a first occurrence (a recording) to {@link Bucket#ANALYSIS}; the operations
 * and markers of a later occurrence to {@link Bucket#REPLAY}, moved to {@code ANALYSIS} at its
 * {@code tend} if the engine did not replay it. Observers and the check below go to
 * {@link Bucket#OBSERVE}.
 *
 * <p>It also guards the tracing contract, whoever placed the markers (Apophenia or a hand-written
 * annotation): every occurrence of a trace id must repeat the first one token for token, else an
 * IllegalStateException names the trace and the first differing operation. (The runtime's trace
 * engine would otherwise replay a wrong recording or fall back silently.) Costs one comparison per
 * traced operation when the interceptor hands over the token, one hash more when markers are
 * hand-placed.
 *
 * <p>Trace ids from Apophenia are longs; the runtime's are ints: ids are mapped densely in order of
 * first use. Built and owned by a {@link RuntimeAdapter}, whose counts ({@link IssueCounts}) are read
 * from here. Not thread-safe.
 */
final class RuntimeSink implements TraceSink<ArrayOp> {
  private final LegionRuntime runtime;
  private final DynamicTracing engine;
  private final TraceSink<ArrayOp> observer;
  private final TimeAccount account;
  private final Long2IntOpenHashMap ids = new Long2IntOpenHashMap();
  private final Long2ObjectOpenHashMap<LongArrayList> recorded = new Long2ObjectOpenHashMap<>();
  /** The operations' names of each trace's first occurrence, to say what a differing occurrence had instead. */
  private final Long2ObjectOpenHashMap<java.util.List<String>> recordedNames = new Long2ObjectOpenHashMap<>();
  /** Occurrences begun per trace id. */
  private final Long2IntOpenHashMap occurrences = new Long2IntOpenHashMap();
  /** Trace ids the engine replayed at least once. */
  private final LongOpenHashSet replayedIds = new LongOpenHashSet();
  final BitSet traced = new BitSet();
  final BitSet replayed = new BitSet();
  long ops;
  long tracedOps;
  long replayedOps;
  long replays;
  long longestTrace;
  private boolean open;
  private boolean openIsRepeat;
  private long openId;
  private int position;
  private long openFirstOp;
  private long replaysAtBegin;
  private long replayNanosAtBegin;

  /**
   * A sink issuing to {@code runtime}; {@code engine} is the runtime's trace engine (null without
   * one), {@code observer} sees what the runtime receives (or null).
   */
  RuntimeSink(LegionRuntime runtime, DynamicTracing engine, TraceSink<ArrayOp> observer, TimeAccount account) {
    this.runtime = runtime;
    this.engine = engine;
    this.observer = observer;
    this.account = account;
  }

  @Override
  public void op(ArrayOp op) {
    issue(op, open ? ArrayTokenizer.INSTANCE.token(op) : 0);
  }

  @Override
  public void op(ArrayOp op, long token) {
    issue(op, token);
  }

  private void issue(ArrayOp op, long token) {
    ArrayOp.IndexTask t = (ArrayOp.IndexTask) op;
    Bucket caller = account.enter(open && openIsRepeat ? Bucket.REPLAY : Bucket.ANALYSIS);
    Future f = runtime.executeIndex(new IndexLauncher(t.taskId(), t.domain(), t.requirements(), t.args(),
        t.futureReduction()));
    account.enter(Bucket.OBSERVE);
    if (t.result() != null) {
      t.result().set(f);
    }
    if (open) {
      checkRepeat(op, token);
      traced.set((int) ops);
      tracedOps++;
    }
    ops++;
    if (observer != null) {
      observer.op(op);
    }
    account.enter(caller);
  }

  @Override
  public void beginTrace(long id) {
    Bucket caller = account.enter(Bucket.OBSERVE);
    openIsRepeat = recorded.containsKey(id);
    open = true;
    openId = id;
    position = 0;
    openFirstOp = ops;
    if (!openIsRepeat) {
      recorded.put(id, new LongArrayList());
      recordedNames.put(id, new java.util.ArrayList<>());
    }
    occurrences.addTo(id, 1);
    replaysAtBegin = engineReplays();
    replayNanosAtBegin = account.nanos(Bucket.REPLAY);
    int rid = ids.computeIfAbsent(id, k -> ids.size());
    account.enter(openIsRepeat ? Bucket.REPLAY : Bucket.ANALYSIS);
    runtime.beginTrace(rid);
    if (observer != null) {
      account.enter(Bucket.OBSERVE);
      observer.beginTrace(id);
    }
    account.enter(caller);
  }

  @Override
  public void endTrace(long id) {
    Bucket caller = account.enter(Bucket.OBSERVE);
    longestTrace = Math.max(longestTrace, position);
    if (openIsRepeat && position != recorded.get(id).size()) {
      throw new TraceMismatchException("occurrence " + occurrences.get(id) + " of trace " + id + " ended after "
          + position + " operations, its first occurrence had " + recorded.get(id).size(), id, occurrences.get(id),
          position);
    }
    account.enter(openIsRepeat ? Bucket.REPLAY : Bucket.ANALYSIS);
    runtime.endTrace(ids.get(id));
    account.enter(Bucket.OBSERVE);
    open = false;
    boolean replayedNow = engineReplays() > replaysAtBegin;
    if (openIsRepeat && outcomes != null && engine != null) {
      outcomes.replayOutcome(id, replayedNow); // not replayed: the precondition failed or the operations diverged
    }
    if (reasons != null && engine != null && !replayedNow) {
      reasons.occurrence(reason(engine.lastOutcome()), engine.lastDivergence(),
          org.apophenia.autotrace.Reason.AT_POSITION);
    }
    if (replayedNow) {
      replays++;
      replayedIds.add(id);
      replayedOps += ops - openFirstOp;
      replayed.set((int) openFirstOp, (int) ops);
    } else if (openIsRepeat) {
      account.transfer(Bucket.REPLAY, Bucket.ANALYSIS, account.nanos(Bucket.REPLAY) - replayNanosAtBegin);
    }
    if (observer != null) {
      observer.endTrace(id);
    }
    account.enter(caller);
  }

  /** Where {@code --explain}'s reasons go: the engine's word on an occurrence not replayed; null: nowhere. */
  org.apophenia.autotrace.Reasons reasons;

  /** Where the engine's word on each reissue goes ({@link Interceptor#replayOutcome}); null: nowhere. */
  private org.apophenia.autotrace.Interceptor<ArrayOp> outcomes;

  void reportOutcomesTo(org.apophenia.autotrace.Interceptor<ArrayOp> interceptor) {
    this.outcomes = interceptor;
  }

  /** The engine's outcome as a reason of {@code --explain}. */
  private static org.apophenia.autotrace.Reason reason(org.apophenia.replay.TraceOutcome o) {
    return switch (o) {
      case RECORDED, REPLAYED -> org.apophenia.autotrace.Reason.FIRST_OCCURRENCE;
      case DIVERGED -> org.apophenia.autotrace.Reason.DIVERGED;
      case PRECONDITION_FAILED -> org.apophenia.autotrace.Reason.PRECONDITION_FAILED;
      case NOT_REPLAYABLE -> org.apophenia.autotrace.Reason.NOT_REPLAYABLE;
    };
  }

  private long engineReplays() {
    return engine == null ? 0 : engine.replays();
  }

  private void checkRepeat(ArrayOp op, long token) {
    LongArrayList first = recorded.get(openId);
    if (!openIsRepeat) {
      first.add(token);
      recordedNames.get(openId).add(op.name());
    } else if (position >= first.size() || first.getLong(position) != token) {
      String had = position >= first.size() ? "ended after " + first.size() + " operations"
          : "had " + recordedNames.get(openId).get(position) + (recordedNames.get(openId).get(position).equals(op.name())
              ? " on other regions" : "");
      throw new TraceMismatchException("operation " + position + " (" + op.name() + ") of occurrence "
          + occurrences.get(openId) + " of trace " + openId + " differs from the trace's first occurrence, which " + had
          + ": the markers enclose a different sequence of operations", openId, occurrences.get(openId), position);
    }
    position++;
  }

  /** Trace ids recorded and never replayed by the engine (a recording whose analysis bought nothing). */
  long tracesNeverReplayed() {
    return engine == null ? 0 : recorded.size() - replayedIds.size();
  }

  /** Distinct trace ids issued. */
  long tracesRecorded() {
    return recorded.size();
  }
}
