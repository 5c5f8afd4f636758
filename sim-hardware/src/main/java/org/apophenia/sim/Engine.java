package org.apophenia.sim;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.apophenia.sim.machine.Channel;
import org.apophenia.sim.machine.Durations;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Resource;
import org.apophenia.sim.machine.Route;

/**
 * The discrete-event executor behind {@link Simulation}: an event graph stored as a structure of
 * primitive arrays, a global time queue of activity completions, and one ready queue per resource.
 *
 * <p>Design. Operations are dense ints; an operation's completion event has the same index. Each op
 * keeps a count of untriggered preconditions; the waiters of an event are a singly linked list in two
 * int arrays (one entry per precondition edge). When the count reaches zero the op is <em>ready</em>
 * at the latest of its preconditions' trigger times and the time it was submitted. Zero-duration ops
 * (merge, fence, barrier, user event) trigger at once; the others join the ready queue of their
 * resource, ordered by (ready time, op index). Resources are non-preemptive and run one activity at a
 * time. A step pops every completion with the earliest time, triggers events (propagating through
 * zero-duration ops with an explicit work list, so deep chains cannot overflow the stack), and then
 * starts the head of every idle resource whose queue changed, in resource order. Copies are
 * store-and-forward: hop {@code h+1} is queued on its channel when hop {@code h} completes.
 * Everything is a pure function of the submitted operations, hence deterministic.
 *
 * <p>Cost. O(log q) per activity for the queues plus O(1) per precondition edge; about 60 bytes per
 * op and 8 per edge, all in arrays that double when full (heap is linear in graph size). Each op also
 * accumulates its earliest possible finish ignoring resources ({@code ef}) and the predecessor that
 * set it, which yields the critical path.
 *
 * <p>Tasks that hold reservations, and every task under work stealing, take a longer life the
 * {@link TaskPhases} keep (acquisition, deques, a stolen task's data); a run with neither never
 * creates them and pays one null test per task event.
 *
 * <p>Left out, deliberately: preemption, multi-stream resources, memory capacity accounting,
 * reclaiming the storage of old operations. Not thread-safe.
 */
final class Engine extends OpTable {
  private final Machine machine;
  private final int processorCount;
  private final Resource[] resources;
  private SimulationListener listener;
  /** Reservations, work stealing and the tasks that use them; null until something needs them. */
  private TaskPhases phases;
  /** Per channel, the queue it transfers in ({@link NicSlots}). */
  private final int[] slot;
  // Resources: processors first, then channels.
  private final ReadyQueue[] queues;
  private final int[] running;
  private final long[] busy;
  private final long[] bytesMoved;
  private final boolean[] dirty;
  private final IntArrayList dirtyList = new IntArrayList();

  private final TimeQueue future = new TimeQueue();
  private final IntArrayList work = new IntArrayList();
  private final SinceFence sinceFence = new SinceFence();
  /** Untriggered ops someone watches, and the watched ops that triggered since the last poll. */
  private final BitSet watched = new BitSet();
  private final IntArrayList watchedTriggered = new IntArrayList();
  private long now;
  private long makespan;
  private int triggered;
  private int bestEfOp = -1;
  private boolean stepping;

  Engine(Machine machine) {
    this.machine = machine;
    List<org.apophenia.sim.machine.Processor> ps = machine.processors();
    List<Channel> cs = machine.channels();
    processorCount = ps.size();
    int n = ps.size() + cs.size();
    resources = new Resource[n];
    for (int i = 0; i < ps.size(); i++) {
      resources[i] = ps.get(i);
    }
    for (int i = 0; i < cs.size(); i++) {
      resources[processorCount + i] = cs.get(i);
    }
    slot = NicSlots.of(machine);
    queues = new ReadyQueue[n];
    running = new int[n];
    Arrays.fill(running, -1);
    busy = new long[n];
    bytesMoved = new long[cs.size()];
    dirty = new boolean[n];
  }

  void listener(SimulationListener l) {
    listener = l;
  }

  /** The reservations and scheduler; made with {@code scheduler} (Mapped unless set first). */
  TaskPhases phases(Scheduler scheduler) {
    if (phases == null) {
      phases = new TaskPhases(this, machine, scheduler);
    }
    return phases;
  }

  /** The reservations and scheduler if anything needed them yet, else null. */
  TaskPhases phases() {
    return phases;
  }

  long now() {
    return now;
  }

  int operations() {
    return ops;
  }

  int triggeredCount() {
    return triggered;
  }

  /** Reports {@code op} to the next {@link #pollWatched} once it has triggered (at once if it has). */
  void watch(int op) {
    if (trigger[op] >= 0) {
      watchedTriggered.add(op);
    } else {
      watched.set(op);
    }
  }

  /** The watched ops that triggered since the last call, in trigger order; forgets them. */
  IntArrayList pollWatched(IntArrayList into) {
    into.addAll(watchedTriggered);
    watchedTriggered.clear();
    return into;
  }

  boolean isTriggered(int op) {
    return trigger[op] >= 0;
  }

  long triggerTime(int op) {
    return trigger[op];
  }

  EventKind kind(int op) {
    return EventKind.of(kind[op]);
  }

  // ---------------------------------------------------------------- building the graph

  /** Allocates op; it stays un-ready (a guard count of 1) until {@link #end}. */
  int begin(EventKind k, String opName, Object body, int res, long dur) {
    int op = ops;
    if (op == kind.length) {
      grow();
    }
    ops++;
    kind[op] = k.code;
    resource[op] = res;
    duration[op] = dur;
    pending[op] = 1;
    ready[op] = now;
    trigger[op] = -1;
    ef[op] = 0;
    critPred[op] = -1;
    firstEdge[op] = -1;
    name[op] = opName;
    payload[op] = body;
    if (k != EventKind.BARRIER && k != EventKind.USER) {
      sinceFence.add(op, trigger);
    }
    return op;
  }

  /** Makes {@code op} (not yet ended) wait for event {@code pre}; -1 means no precondition. */
  void depend(int op, int pre) {
    if (pre < 0) {
      return;
    }
    pending[op]++;
    if (trigger[pre] >= 0) {
      satisfy(op, pre, trigger[pre]); // cannot make op ready: its guard is still held
    } else {
      addEdge(pre, op);
    }
  }

  /** Removes the guard of {@link #begin}; the op becomes ready if nothing else is pending. */
  void end(int op) {
    if (--pending[op] == 0) {
      becomeReady(op);
      drainWork();
    }
  }

  /** A fence: waits for every op since the previous fence, and for that fence. */
  int fence(int pre) {
    int f = begin(EventKind.FENCE, null, null, -1, 0);
    depend(f, pre);
    depend(f, sinceFence.lastFence());
    IntArrayList since = sinceFence.ops();
    for (int i = 0, n = since.size(); i < n; i++) {
      int o = since.getInt(i);
      if (o != f) {
        depend(f, o);
      }
    }
    sinceFence.fenced(f);
    end(f);
    return f;
  }

  /** A barrier op that triggers after {@code arrivals} calls of {@link #arrive}. */
  int barrier(int arrivals) {
    int b = begin(EventKind.BARRIER, null, null, -1, 0);
    pending[b] = arrivals; // replaces the guard: the barrier is "ended" by its last arrival
    return b;
  }

  /** One arrival at a barrier, counted when {@code pre} triggers; the caller checks the count. */
  void arrive(int barrierOp, int pre) {
    if (ready[barrierOp] < now) {
      ready[barrierOp] = now;
    }
    if (pre >= 0 && trigger[pre] < 0) {
      addEdge(pre, barrierOp); // the arrival is already counted in pending
      return;
    }
    if (pre >= 0) {
      satisfy(barrierOp, pre, trigger[pre]);
    } else if (--pending[barrierOp] == 0) {
      becomeReady(barrierOp);
    }
    drainWork();
  }

  /** A user event, triggered by {@link #triggerUser}. */
  int user() {
    return begin(EventKind.USER, null, null, -1, 0);
  }

  void triggerUser(int op) {
    ready[op] = now;
    end(op);
  }

  // ---------------------------------------------------------------- running

  /**
   * Starts what can start now, then processes every completion at the next time. Returns false when
   * nothing is left to run.
   */
  boolean step() {
    if (stepping) {
      throw new IllegalStateException("cannot advance the simulation from inside a callback");
    }
    stepping = true;
    try {
      dispatchDirty();
      if (future.isEmpty()) {
        return false;
      }
      long t = future.peekTime();
      now = t;
      while (!future.isEmpty() && future.peekTime() == t) {
        complete(future.pop(), t);
      }
      drainWork();
      dispatchDirty();
      return true;
    } finally {
      stepping = false;
    }
  }

  /** Time of the next completion, or Long.MAX_VALUE if none is scheduled (after starting what can). */
  long nextTime() {
    if (stepping) {
      throw new IllegalStateException("cannot advance the simulation from inside a callback");
    }
    stepping = true;
    try {
      dispatchDirty();
    } finally {
      stepping = false;
    }
    return future.isEmpty() ? Long.MAX_VALUE : future.peekTime();
  }

  /** Moves the clock forward to {@code t} (which must not pass a scheduled completion). */
  void advanceClock(long t) {
    if (t > now) {
      now = t;
    }
  }

  private void complete(int op, long t) {
    int r = currentResource(op);
    running[r] = -1;
    markDirty(r);
    if (EventKind.of(kind[op]).onChannels()) {
      Route route = (Route) payload[op];
      int hop = resource[op] + 1;
      if (hop < route.hops().size()) {
        resource[op] = hop;
        ready[op] = t;
        enqueue(processorCount + slot[route.hops().get(hop).id()], op);
        return;
      }
    }
    if (phases != null && phases.completing(op, t)) {
      return; // a thief sends the task's writes back before it triggers
    }
    trigger[op] = t;
    work.add(op);
  }

  private int currentResource(int op) {
    if (EventKind.of(kind[op]).onChannels()) {
      return processorCount + slot[((Route) payload[op]).hops().get(resource[op]).id()];
    }
    return resource[op];
  }

  private void becomeReady(int op) {
    EventKind k = EventKind.of(kind[op]);
    if (k.onProcessor()) {
      if (phases != null && phases.owns(op)) {
        phases.ready(op); // reservations, deques, a stolen task's fetch or send-back
        return;
      }
      ef[op] = Durations.add(ef[op], duration[op]);
      enqueue(resource[op], op);
    } else if (k.onChannels()) {
      Route route = (Route) payload[op];
      ef[op] = Durations.add(ef[op], route.nanos());
      resource[op] = 0;
      enqueue(processorCount + slot[route.hops().get(0).id()], op);
    } else { // zero duration (Category.SYNC): triggers when ready
      trigger[op] = ready[op];
      work.add(op);
    }
  }

  /** Propagates triggers through waiters until no zero-duration op is left to trigger. */
  private void drainWork() {
    while (!work.isEmpty()) {
      int op = work.popInt();
      long t = trigger[op];
      triggered++;
      if (t > makespan) {
        makespan = t;
      }
      if (bestEfOp < 0 || ef[op] > ef[bestEfOp]) {
        bestEfOp = op;
      }
      if (watched.get(op)) {
        watched.clear(op);
        watchedTriggered.add(op);
      }
      if (listener != null) {
        listener.onTrigger(new Event(op), t);
      }
      for (int e = firstEdge[op]; e >= 0; e = edgeNext[e]) {
        satisfy(edgeTarget[e], op, t);
      }
    }
  }

  private void satisfy(int w, int pre, long t) {
    if (ready[w] < t) {
      ready[w] = t;
    }
    if (critPred[w] < 0 || ef[pre] > ef[w]) {
      ef[w] = ef[pre];
      critPred[w] = pre;
    }
    if (--pending[w] == 0) {
      becomeReady(w);
    }
  }

  void enqueue(int r, int op) {
    ReadyQueue q = queues[r];
    if (q == null) {
      q = queues[r] = new ReadyQueue();
    }
    q.push(op, ready);
    markDirty(r);
  }

  void markDirty(int r) {
    if (!dirty[r]) {
      dirty[r] = true;
      dirtyList.add(r);
    }
  }

  private void dispatchDirty() {
    // Bodies may submit work that dirties more resources, so loop until quiet.
    while (!dirtyList.isEmpty()) {
      int[] batch = dirtyList.toIntArray();
      dirtyList.clear();
      Arrays.sort(batch);
      for (int r : batch) {
        dirty[r] = false;
        dispatch(r, false);
      }
      if (phases != null && phases.stealing()) {
        for (int r : batch) { // owners took their own work first; then the idle steal
          dispatch(r, true);
        }
      }
      drainWork();
    }
  }

  private void dispatch(int r, boolean steal) {
    if (running[r] >= 0) {
      return;
    }
    int op;
    if (r < processorCount && phases != null && phases.schedules(r)) {
      op = steal ? phases.steal(r) : phases.next(r);
      if (op < 0) {
        return;
      }
    } else {
      ReadyQueue q = queues[r];
      if (steal || q == null || q.isEmpty()) {
        return;
      }
      op = q.pop(ready);
    }
    if (phases != null && phases.owns(op)) {
      phases.starting(op, r);
    }
    EventKind k = EventKind.of(kind[op]);
    long d;
    long bytes = 0;
    if (k.onChannels()) {
      Route route = (Route) payload[op];
      Channel c = route.hops().get(resource[op]);
      bytes = route.bytes();
      d = c.transferNanos(bytes);
      bytesMoved[c.id()] += bytes;
    } else {
      d = duration[op];
    }
    running[r] = op;
    busy[r] = Durations.add(busy[r], d);
    long end = Durations.add(now, d); // saturates: a valid machine's extreme figures never wrap the clock
    future.push(end, op);
    if (listener != null) {
      listener.onSpan(new Span(new Event(op), k.category, name[op], resources[r], now, end, bytes));
    }
    if (k.onProcessor() && payload[op] != null) {
      Runnable body = (Runnable) payload[op];
      payload[op] = null; // runs once; dropping it lets what the body captured go (tasks' data, futures)
      body.run();
    }
  }

  boolean idle(int r) {
    return running[r] < 0;
  }

  void readyNoEarlierThanNow(int op) {
    if (ready[op] < now) {
      ready[op] = now;
    }
  }

  /** Triggers {@code op} at its ready time (inside the engine's propagation). */
  void triggerNow(int op) {
    trigger[op] = ready[op];
    work.add(op);
  }

  /** A copy the scheduler itself issues (a steal's data), ready now; its op id. */
  int internalCopy(String opName, org.apophenia.sim.machine.Memory from, org.apophenia.sim.machine.Memory to,
      long bytes) {
    Route r = machine.route(from, to, bytes).orElseThrow(() -> new IllegalStateException(
        "no channel route from " + from.name() + " to " + to.name() + " for " + opName));
    int op = begin(EventKind.COPY, opName, r, 0, 0);
    end(op);
    return op;
  }

  // ---------------------------------------------------------------- results

  SimulationResult result() {
    long[] procBusy = Arrays.copyOf(busy, processorCount);
    long[] chanBusy = Arrays.copyOfRange(busy, processorCount, busy.length);
    return new SimulationResult(machine, ops, triggered, makespan, procBusy, chanBusy, bytesMoved.clone(),
        CriticalPath.backFrom(bestEfOp, ef, critPred, kind), phases == null ? StealStats.NONE : phases.stats());
  }

}
