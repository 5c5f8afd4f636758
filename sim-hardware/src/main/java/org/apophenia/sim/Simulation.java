package org.apophenia.sim;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.List;
import java.util.Objects;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;
import org.apophenia.sim.machine.Route;

/**
 * A deterministic discrete-event simulation of a Realm-like event graph on a {@link Machine}: submit
 * {@link Operation}s (each waits for a precondition {@link Event} and yields a completion event), then
 * advance simulated time with {@link #runUntil(Event)}, {@link #runUntil(long)} or {@link #drain()}.
 * Submitting and running may interleave freely ("online" use): an operation never starts before the
 * simulated time at which it was submitted, so a runtime that submits work as it goes sees causal
 * timings.
 *
 * <p>Semantics. Processors and channels are resources that run one activity at a time, without
 * preemption; among the operations ready on a resource the earliest ready runs first, ties in
 * submission order. Task duration comes from its {@link TaskCost} on the processor's kind; a copy
 * takes the machine's cheapest {@link Route} and occupies each hop's channel for {@code latency +
 * bytes / bandwidth}, one hop after the other; runtime work takes the duration given. The same
 * sequence of calls always gives the same times. Time is in nanoseconds from 0.
 *
 * <p>Host callbacks: a task's or runtime work's {@code body} runs on the calling thread when the
 * operation starts in simulated time, in simulated-time order; it may submit operations and trigger
 * user events (they start no earlier than the current time) but must not advance the simulation.
 *
 * <p>Cost: O(log q) per activity and O(1) per precondition, about 60 bytes per operation plus 8 per
 * precondition edge (see the design note of the package-private engine). Not thread-safe: confine a
 * simulation to one thread. After a callback throws, the simulation is in an undefined state.
 */
public final class Simulation {
  private final Machine machine;
  private final Engine engine;
  /** Arrivals still expected, by barrier event, for barriers that have had at least one. */
  private final Int2IntOpenHashMap arrivalsLeft = new Int2IntOpenHashMap();

  /**
   * By {@code from * memoryCount + to}: the last route looked up for that pair (see {@link #route});
   * null on machines with more than {@link #ROUTE_CACHE_MEMORIES} memories (the table is quadratic).
   */
  private final Route[] lastRoute;
  private static final int ROUTE_CACHE_MEMORIES = 512;
  private final int memoryCount;

  private Simulation(Machine machine) {
    this.machine = machine;
    this.engine = new Engine(machine);
    this.memoryCount = machine.memories().size();
    this.lastRoute = memoryCount <= ROUTE_CACHE_MEMORIES ? new Route[memoryCount * memoryCount] : null;
  }

  /** A new simulation of {@code machine}, at time 0 with no operations. */
  public static Simulation on(Machine machine) {
    return new Simulation(Objects.requireNonNull(machine, "machine"));
  }

  /**
   * Chooses which processor runs each ready task ({@link Scheduler#MAPPED}, the default, or work
   * stealing). IllegalStateException once anything was submitted or a reservation made: a scheduler
   * decides every task's place or none.
   */
  public Simulation scheduler(Scheduler scheduler) {
    Objects.requireNonNull(scheduler, "scheduler");
    if (engine.operations() > 0 || engine.phases() != null) {
      throw new IllegalStateException("the scheduler is chosen before anything is submitted ("
          + engine.operations() + " operations so far)");
    }
    if (!(scheduler instanceof Scheduler.Mapped)) {
      engine.phases(scheduler);
    }
    return this;
  }

  /** The scheduler that places ready tasks. */
  public Scheduler scheduler() {
    TaskPhases p = engine.phases();
    return p == null ? Scheduler.MAPPED : p.scheduler();
  }

  /** A new reservation, for tasks to hold ({@link TaskAttributes#holds()}). O(1). */
  public Reservation reservation() {
    return engine.phases(Scheduler.MAPPED).newReservation();
  }

  /**
   * Where task {@code task} (its completion event) ran, once it has triggered; null before, or if the
   * event is not a task's. Under {@link Scheduler#MAPPED} a task runs where it was submitted for.
   */
  public Placement placement(Event task) {
    int id = check(task);
    if (id < 0 || engine.kind(id) != EventKind.TASK || !engine.isTriggered(id)) {
      return null;
    }
    TaskPhases p = engine.phases();
    int ran = engine.resourceOf(id);
    return p == null ? new Placement(machine.processor(ran), machine.processor(ran), -1) : p.placement(id, ran);
  }

  /** What the work-stealing scheduler did so far ({@link StealStats#NONE} under the mapped one). */
  public StealStats stealStats() {
    TaskPhases p = engine.phases();
    return p == null ? StealStats.NONE : p.stats();
  }

  /** Sets the one listener (null for none); it sees activities that start from now on. */
  public Simulation listener(SimulationListener listener) {
    engine.listener(listener);
    return this;
  }

  public Machine machine() {
    return machine;
  }

  /** The current simulated time in nanoseconds. */
  public long now() {
    return engine.now();
  }

  /** Operations and events created so far (merges, barriers and user events included). */
  public int eventCount() {
    return engine.operations();
  }

  /**
   * Adds an operation and returns its completion event. O(1) plus O(1) per precondition (a copy's
   * first route look-up for a new size is O((M + C) log M)).
   *
   * @throws IllegalArgumentException if a processor or memory is not this machine's, the task has no
   *     cost for the processor's kind, runtime work is not on a UTILITY processor, a copy has no
   *     route, an event is not this simulation's, or a barrier gets more arrivals than it expects
   */
  public Event submit(Operation op) {
    return submit(op, NO_EVENTS, 0);
  }

  private static final Event[] NO_EVENTS = new Event[0];

  /**
   * Submits {@code op} waiting also for the first {@code count} events of {@code more}: the same as
   * submitting it with the merge of its precondition and those, without the merge (one operation and
   * one edge fewer: a replayed trace launches thousands of tasks that each wait for a few others).
   * Reads the array in place (no copy). Same exceptions as {@link #submit(Operation)}; a fence or a
   * barrier arrival takes no more preconditions (IllegalArgumentException unless {@code count} is 0).
   */
  public Event submit(Operation op, Event[] more, int count) {
    Objects.requireNonNull(op, "operation");
    Objects.checkFromIndexSize(0, count, more.length);
    // what the engine's begin takes; everything is checked before it
    EventKind kind;
    String name;
    Object payload; // a task's or runtime work's body, a copy's or fill's route
    int resource = 0;
    long nanos = 0;
    Event pre;
    TaskAttributes attributes = null;
    long[] writes = null;
    if (op instanceof Operation.Task t) {
      Processor p = own(t.processor());
      Cost cost = t.cost().on(p.kind());
      if (cost == null) {
        throw new IllegalArgumentException("task " + t.name() + " has no " + p.kind() + " variant, cannot run on "
            + p.name());
      }
      kind = EventKind.TASK;
      name = t.name();
      payload = t.body();
      resource = p.id();
      nanos = cost.nanosOn(p, machine.localBandwidth(p));
      pre = t.precondition();
      attributes = checkAttributes(t);
      if (attributes.pinnedTo() != null) {
        nanos = t.cost().on(attributes.pinnedTo().kind()).nanosOn(attributes.pinnedTo(),
            machine.localBandwidth(attributes.pinnedTo()));
      }
    } else if (op instanceof Operation.RuntimeWork w) {
      Processor p = own(w.processor());
      if (p.kind() != ProcessorKind.UTILITY) {
        throw new IllegalArgumentException("runtime work " + w.name() + " must run on a UTILITY processor, not "
            + p.name() + " (" + p.kind() + ")");
      }
      kind = w.category() == Category.ANALYSIS ? EventKind.ANALYSIS : EventKind.REPLAY;
      name = w.name();
      payload = w.body();
      resource = p.id();
      nanos = w.nanos();
      pre = w.precondition();
    } else if (op instanceof Operation.Copy c) {
      kind = EventKind.COPY;
      name = c.name();
      payload = route(own(c.from()), own(c.to()), c.bytes(), "copy ", c.name());
      pre = c.precondition();
      writes = c.writes();
    } else if (op instanceof Operation.Fill f) {
      Memory m = own(f.memory());
      kind = EventKind.FILL;
      name = f.name();
      payload = route(m, m, f.bytes(), "fill ", f.name());
      pre = f.precondition();
      writes = f.writes();
    } else if (op instanceof Operation.Merge m) {
      if (count == 0) {
        return merge(m.events());
      }
      Event[] all = m.events().toArray(new Event[m.events().size() + count]);
      System.arraycopy(more, 0, all, m.events().size(), count);
      return merge(all);
    } else if (count > 0) {
      throw new IllegalArgumentException(op.getClass().getSimpleName() + " takes one precondition, got " + count
          + " more");
    } else if (op instanceof Operation.Fence f) {
      return new Event(engine.fence(check(f.precondition())));
    } else {
      Operation.Arrive a = (Operation.Arrive) op;
      arrive(a.barrier(), a.precondition());
      return a.barrier().event();
    }
    checkAll(pre, more, count);
    int id = engine.begin(kind, name, payload, resource, nanos);
    TaskPhases phases = engine.phases();
    if (attributes != null && (!attributes.isNone() || phases != null && phases.stealing())) {
      engine.phases(Scheduler.MAPPED).attach(id, attributes);
    } else if (writes != null && phases != null) {
      phases.attachWrites(id, writes);
    }
    engine.depend(id, pre.id());
    for (int i = 0; i < count; i++) {
      engine.depend(id, more[i].id());
    }
    engine.end(id);
    return new Event(id);
  }

  /**
   * A task's attributes, checked: reservations of this simulation, a pinned processor of this machine
   * with the task's variant. IllegalArgumentException otherwise.
   */
  private TaskAttributes checkAttributes(Operation.Task t) {
    TaskAttributes a = t.attributes();
    TaskPhases p = engine.phases();
    for (Reservation.Hold h : a.holds()) {
      if (p == null || h.reservation().id() >= p.reservationCount()) {
        throw new IllegalArgumentException("task " + t.name() + ": " + h.reservation() + " is not this simulation's");
      }
    }
    if (a.pinnedLike() != null && engine.kind(check(a.pinnedLike())) != EventKind.TASK) {
      throw new IllegalArgumentException("task " + t.name() + " is pinned like " + a.pinnedLike() + ", not a task");
    }
    Processor q = a.pinnedTo() == null ? null : own(a.pinnedTo());
    if (q != null && t.cost().on(q.kind()) == null) {
      throw new IllegalArgumentException("task " + t.name() + " has no " + q.kind() + " variant, cannot be pinned to "
          + q.name());
    }
    return a;
  }

  /** Checks every precondition before the operation is created: a bad one leaves nothing half-built. */
  private void checkAll(Event pre, Event[] more, int count) {
    check(pre);
    for (int i = 0; i < count; i++) {
      check(more[i]);
    }
  }

  /**
   * An event that triggers when all of {@code events} have; {@link Event#NONE} for none, one event as
   * is. Reads the array in place (no copy): a replay merges thousands of small arrays per trace.
   */
  public Event merge(Event... events) {
    if (events.length == 0) {
      return Event.NONE;
    }
    if (events.length == 1) {
      check(events[0]);
      return events[0];
    }
    int op = engine.begin(EventKind.MERGE, null, null, -1, 0);
    for (Event e : events) {
      engine.depend(op, check(e));
    }
    engine.end(op);
    return new Event(op);
  }

  /** An event that triggers when all of {@code events} have; one event is returned as is. */
  public Event merge(List<Event> events) {
    if (events.isEmpty()) {
      return Event.NONE;
    }
    if (events.size() == 1) {
      check(events.get(0));
      return events.get(0);
    }
    int op = engine.begin(EventKind.MERGE, null, null, -1, 0);
    for (int i = 0, n = events.size(); i < n; i++) { // indexed: no iterator for the usual RandomAccess lists
      engine.depend(op, check(events.get(i)));
    }
    engine.end(op);
    return new Event(op);
  }

  /** A new barrier that waits for {@code arrivals} {@link Operation.Arrive arrivals}. */
  public Barrier barrier(int arrivals) {
    if (arrivals < 1) {
      throw new IllegalArgumentException("a barrier needs at least one arrival, got " + arrivals);
    }
    return new Barrier(new Event(engine.barrier(arrivals)), arrivals);
  }

  private void arrive(Barrier b, Event pre) {
    int id = check(b.event());
    if (engine.kind(id) != EventKind.BARRIER) {
      throw new IllegalArgumentException(b.event() + " is not a barrier of this simulation");
    }
    int left = arrivalsLeft.getOrDefault(id, b.arrivals());
    if (left == 0) {
      throw new IllegalArgumentException("barrier " + b.event() + " already has all " + b.arrivals() + " arrivals");
    }
    arrivalsLeft.put(id, left - 1);
    engine.arrive(id, check(pre));
  }

  /** A user event: it triggers when {@link #trigger} is called, at the simulated time of that call. */
  public Event userEvent() {
    return new Event(engine.user());
  }

  /** Triggers user event {@code e} now; IllegalArgumentException if it is not an untriggered user event. */
  public void trigger(Event e) {
    int id = check(e);
    if (id < 0 || engine.kind(id) != EventKind.USER) {
      throw new IllegalArgumentException(e + " is not a user event");
    }
    if (engine.isTriggered(id)) {
      throw new IllegalArgumentException(e + " has already triggered");
    }
    engine.triggerUser(id);
  }

  /** Whether {@code e} has triggered ({@link Event#NONE} always has). */
  public boolean hasTriggered(Event e) {
    int id = check(e);
    return id < 0 || engine.isTriggered(id);
  }

  /**
   * Asks to be told when {@code e} triggers: it will be among the events the next {@link #pollWatched}
   * returns after it has triggered (the very next one if it already has). Each call reports once. Lets
   * a runtime act on a few of many events without scanning them all. O(1).
   *
   * @throws IllegalArgumentException for {@link Event#NONE}, which has always triggered
   */
  public void watch(Event e) {
    int id = check(e);
    if (id < 0) {
      throw new IllegalArgumentException("Event.NONE has always triggered; there is nothing to watch");
    }
    engine.watch(id);
  }

  /**
   * Appends to {@code into} the ids of the watched events that triggered since the last call, in the
   * order they triggered (a watch of an already-triggered event comes when it was made), and returns
   * {@code into}. O(events reported).
   */
  public IntArrayList pollWatched(IntArrayList into) {
    return engine.pollWatched(into);
  }

  /** When {@code e} triggered; IllegalStateException if it has not yet. {@link Event#NONE}: 0. */
  public long triggerTime(Event e) {
    int id = check(e);
    if (id < 0) {
      return 0;
    }
    if (!engine.isTriggered(id)) {
      throw new IllegalStateException(e + " has not triggered yet (now " + engine.now() + " ns)");
    }
    return engine.triggerTime(id);
  }

  /**
   * The latest trigger time among the events with ids in {@code [from, to)} that have triggered, or -1
   * if none has. Event ids are dense and in creation order, so with {@code from = 0} and
   * {@code to = eventCount()} taken at some point of a program, this is when everything created up
   * to that point had finished — how a caller measures the simulated time of a stretch of work after
   * the fact. O(to - from).
   *
   * @throws IndexOutOfBoundsException unless {@code 0 <= from <= to <= eventCount()}
   */
  public long latestTriggerTime(int from, int to) {
    java.util.Objects.checkFromToIndex(from, to, engine.operations());
    long latest = -1;
    for (int id = from; id < to; id++) {
      if (engine.isTriggered(id)) {
        latest = Math.max(latest, engine.triggerTime(id));
      }
    }
    return latest;
  }

  /**
   * Advances simulated time until {@code e} has triggered and returns its trigger time — how a runtime
   * waits on a future. Activities that end at that same time may still be pending.
   *
   * @throws IllegalStateException if nothing left to run can trigger it (it waits on an untriggered
   *     user event or a barrier short of arrivals), or if called from a callback
   */
  public long runUntil(Event e) {
    int id = check(e);
    while (id >= 0 && !engine.isTriggered(id)) {
      if (!engine.step()) {
        throw new IllegalStateException(e + " can never trigger: nothing is left to run (" + pending()
            + " operations wait on untriggered user events or barriers short of arrivals)");
      }
    }
    return triggerTime(e);
  }

  /**
   * Processes every activity that completes at or before {@code time}, then sets the clock to
   * {@code time} (if later), so that later submissions start no earlier. Returns the new time.
   */
  public long runUntil(long time) {
    while (engine.nextTime() <= time) {
      engine.step();
    }
    engine.advanceClock(time);
    return engine.now();
  }

  /**
   * Runs until nothing is left to run and returns the result. Operations that wait on untriggered
   * user events or incomplete barriers stay pending ({@link SimulationResult#pending()}).
   */
  public SimulationResult drain() {
    while (engine.step()) {
      // keep going
    }
    return result();
  }

  /** Makespan, busy times, bytes and critical path of what has triggered so far. O(P + C + path). */
  public SimulationResult result() {
    return engine.result();
  }

  private int pending() {
    return engine.operations() - engine.triggeredCount();
  }

  private int check(Event e) {
    Objects.requireNonNull(e, "event");
    if (e.id() >= engine.operations()) {
      throw new IllegalArgumentException(e + " does not belong to this simulation");
    }
    return e.id();
  }

  private Processor own(Processor p) {
    if (p.id() >= machine.processors().size()
        || machine.processor(p.id()) != p && !machine.processor(p.id()).equals(p)) { // the machine's own, usually
      throw new IllegalArgumentException("processor " + p.name() + " is not part of machine " + machine.name());
    }
    return p;
  }

  private Memory own(Memory m) {
    if (m.id() >= machine.memories().size()
        || machine.memory(m.id()) != m && !machine.memory(m.id()).equals(m)) { // the machine's own, usually
      throw new IllegalArgumentException("memory " + m.name() + " is not part of machine " + machine.name());
    }
    return m;
  }

  /**
   * The route of a copy or fill; the message names {@code kind + name} (built only on failure). The
   * last route of each (from, to) pair is kept here: a replayed trace re-issues the same copies
   * every time, and the machine's memo (a concurrent map keyed by a fresh triple) costs an allocation
   * and a hash look-up per copy.
   */
  private Route route(Memory from, Memory to, long bytes, String kind, String name) {
    int slot = lastRoute == null ? -1 : from.id() * memoryCount + to.id();
    Route r = slot < 0 ? null : lastRoute[slot];
    if (r != null && r.bytes() == bytes) {
      return r;
    }
    r = machine.route(from, to, bytes).orElseThrow(() -> new IllegalArgumentException(
        kind + name + ": no channel route from " + from.name() + " to " + to.name()));
    if (slot >= 0) {
      lastRoute[slot] = r;
    }
    return r;
  }
}
