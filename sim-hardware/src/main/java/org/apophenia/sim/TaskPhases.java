package org.apophenia.sim;

import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Memory;

/**
 * The life of a task that asks more of the {@link Engine} than a processor and a precondition
 * ({@link TaskAttributes}), and the scheduler's part in every task's life under work stealing. A task
 * goes through: its preconditions; acquiring its reservations one after the other in ascending id
 * ({@link Reservations}: hold-and-wait in one global order cannot deadlock); the ready queue of its
 * processor, or under {@link Scheduler.WorkStealing} its home's deque ({@link StealQueues}); when a
 * thief steals it, the fetch of the data it reads into the thief's memory ({@link StealData}), during
 * which the thief runs nothing else; running; when stolen, sending back what it wrote; then it
 * triggers and releases its reservations. Under {@link Scheduler#MAPPED} a plain task never comes here.
 *
 * <p>The split of policy and mechanism: {@link StealQueues} decides which task a processor runs, the
 * engine runs it; transfers are copies on the machine's routes like any other.
 *
 * <p>Cost: one hash look-up per task event for tasks it owns, O(holds) and O(footprint) per task. Not
 * thread-safe.
 */
final class TaskPhases {
  private static final byte WAITING = 0;
  private static final byte ACQUIRING = 1;
  private static final byte QUEUED = 2;
  private static final byte FETCHING = 3;
  private static final byte FETCHED = 4;
  private static final byte RUNNING = 5;
  private static final byte SENDING_BACK = 6;

  /** One task's progress. */
  private static final class State {
    final TaskAttributes attributes;
    final Reservation.Hold[] holds;
    byte phase = WAITING;
    int nextHold;
    /** The processor it is pinned to, once known (when it is queued), or -1. */
    int pin = -1;
    long efBeforeFetch;

    State(TaskAttributes attributes) {
      this.attributes = attributes;
      Reservation.Hold[] h = attributes.holds().toArray(new Reservation.Hold[0]);
      Arrays.sort(h, Comparator.comparingInt(x -> x.reservation().id()));
      this.holds = h;
    }
  }

  private final Engine engine;
  private final Machine machine;
  private final Scheduler scheduler;
  private final Reservations reservations = new Reservations();
  /** Under work stealing: the deques and the data model; else null. */
  private final StealQueues queues;
  private final StealData data;
  private final Int2ObjectOpenHashMap<State> states = new Int2ObjectOpenHashMap<>();
  /** Copies and fills that change data, by op: the keys they write (work stealing only). */
  private final Int2ObjectOpenHashMap<long[]> copyWrites = new Int2ObjectOpenHashMap<>();
  /** Stolen tasks, by op: the home's id in the low 32 bits, the thief's steal counter above. */
  private final Int2LongOpenHashMap stolen = new Int2LongOpenHashMap();
  /**
   * Tasks that run away from their home (stolen, or pinned to another processor), by op: their home.
   * Their data stays in the home's memories: fetched before, sent back after.
   */
  private final Int2LongOpenHashMap away = new Int2LongOpenHashMap();
  /** Per processor: the stolen task it fetches data for (it runs nothing else meanwhile), or -1. */
  private final int[] reservedFor;
  private final long[] stealCounter;
  private long pinned;
  private long pinMisses;

  TaskPhases(Engine engine, Machine machine, Scheduler scheduler) {
    this.engine = engine;
    this.machine = machine;
    this.scheduler = scheduler;
    if (scheduler instanceof Scheduler.WorkStealing ws) {
      queues = new StealQueues(machine, ws.seed());
      data = new StealData(machine);
    } else {
      queues = null;
      data = null;
    }
    reservedFor = new int[machine.processors().size()];
    Arrays.fill(reservedFor, -1);
    stealCounter = new long[machine.processors().size()];
  }

  Scheduler scheduler() {
    return scheduler;
  }

  boolean stealing() {
    return queues != null;
  }

  Reservation newReservation() {
    return new Reservation(reservations.create());
  }

  int reservationCount() {
    return reservations.count();
  }

  /** Takes charge of task {@code op} (not ended yet). */
  void attach(int op, TaskAttributes a) {
    states.put(op, new State(a));
  }

  /** Notes that copy or fill {@code op} changes the data of {@code keys} (work stealing only). */
  void attachWrites(int op, long[] keys) {
    if (data != null && keys != null && keys.length > 0) {
      copyWrites.put(op, keys);
    }
  }

  /** Whether this takes charge of task {@code op}'s life. */
  boolean owns(int op) {
    return states.containsKey(op);
  }

  /** Whether processor {@code r}'s tasks are chosen here (work stealing, a CPU or GPU). */
  boolean schedules(int r) {
    return queues != null && queues.participates(r);
  }

  // ---------------------------------------------------------------- phases

  /** {@code op}'s pending count reached zero: its preconditions, a fetch or a send-back are done. */
  void ready(int op) {
    State s = states.get(op);
    switch (s.phase) {
      case WAITING -> {
        engine.addOwnDuration(op);
        s.phase = ACQUIRING;
        acquire(op, s);
      }
      case FETCHING -> {
        s.phase = FETCHED;
        engine.finishWait(op, s.efBeforeFetch);
        engine.markDirty(engine.resourceOf(op));
      }
      case SENDING_BACK -> finish(op, s, true);
      default -> throw new IllegalStateException("task " + op + " became ready in phase " + s.phase);
    }
  }

  private void acquire(int op, State s) {
    while (s.nextHold < s.holds.length) {
      Reservation.Hold h = s.holds[s.nextHold];
      if (!reservations.tryAcquire(h)) {
        reservations.enqueue(h.reservation().id(), op);
        return;
      }
      s.nextHold++;
    }
    queue(op, s);
  }

  private void queue(int op, State s) {
    s.phase = QUEUED;
    engine.readyNoEarlierThanNow(op);
    int home = engine.resourceOf(op);
    s.pin = pin(s.attributes, home);
    if (s.pin >= 0 && s.pin != home) {
      away.put(op, home);
      home = s.pin;
      engine.setResource(op, home);
    }
    if (queues == null || !queues.participates(home)) {
      engine.enqueue(home, op);
      return;
    }
    if (s.pin >= 0) {
      queues.pushPinned(home, op, engine.readyTimes());
    } else {
      queues.push(home, op);
    }
    engine.markDirty(home);
    for (int p : queues.peers(home)) { // an idle peer may steal it
      if (engine.idle(p) && reservedFor[p] < 0) {
        engine.markDirty(p);
      }
    }
  }

  /**
   * The processor a task of home {@code home} is pinned to, read now that it is ready: the one given,
   * or the one the task {@link TaskAttributes#pinnedLike} names ran on if it has run (and is of the
   * home's kind); else -1 (a miss if it named one), and the scheduler places it.
   */
  private int pin(TaskAttributes a, int home) {
    if (a.pinnedTo() != null) {
      return a.pinnedTo().id();
    }
    if (a.pinnedLike() == null) {
      return -1;
    }
    int like = a.pinnedLike().id();
    if (engine.kind(like) == EventKind.TASK && engine.isTriggered(like)
        && machine.processor(engine.resourceOf(like)).kind() == machine.processor(home).kind()) {
      return engine.resourceOf(like);
    }
    pinMisses++;
    return -1;
  }

  /** Processor {@code r}'s own next task under work stealing, or -1. */
  int next(int r) {
    int f = reservedFor[r];
    if (f >= 0) {
      if (states.get(f).phase != FETCHED) {
        return -1; // still fetching for it
      }
      reservedFor[r] = -1;
      return f;
    }
    int op = queues.own(r, engine.readyTimes());
    return op < 0 || !away.containsKey(op) ? op : fetchFor(op, r); // a replayed steal: its data comes first
  }

  /** Idle processor {@code r} steals: the task to start on it now, or -1 (none, or fetching its data). */
  int steal(int r) {
    if (reservedFor[r] >= 0) {
      return -1;
    }
    int op = queues.steal(r);
    if (op < 0) {
      return -1;
    }
    int home = engine.resourceOf(op);
    stolen.put(op, stealCounter[r] << 32 | home);
    away.put(op, home);
    stealCounter[r]++;
    engine.setResource(op, r);
    return fetchFor(op, r);
  }

  /**
   * Task {@code op}, away from its home, is to run on {@code r}: the op to start now, or -1 while
   * {@code r} fetches what it reads (it runs nothing else meanwhile, as a thread stalled on remote
   * data).
   */
  private int fetchFor(int op, int r) {
    State s = states.get(op);
    Footprint f = s.attributes.footprint();
    long[] from = f == null ? null : data.fetch(f, r);
    if (from == null) {
      return op;
    }
    s.phase = FETCHING;
    s.efBeforeFetch = engine.ef(op);
    reservedFor[r] = op;
    Memory to = data.localOf(r);
    List<Integer> copies = new ArrayList<>();
    for (int m = 0; m < from.length; m++) {
      if (from[m] > 0) {
        copies.add(engine.internalCopy("steal fetch " + engine.nameOf(op), machine.memory(m), to, from[m]));
      }
    }
    for (int c : copies) {
      engine.depend(op, c);
    }
    return -1;
  }

  /** Task {@code op} starts on processor {@code r}. */
  void starting(int op, int r) {
    State s = states.get(op);
    s.phase = RUNNING;
    if (s.pin >= 0) {
      pinned++;
    }
    if (data != null && s.attributes.footprint() != null) {
      data.starting(s.attributes.footprint(), r, away.containsKey(op));
    }
  }

  /**
   * Task {@code op} finished running at {@code t} (its processor is free): true if its trigger waits
   * (a thief sends its writes back first), false if the engine triggers it now. Copies and fills: notes
   * the data they changed; false.
   */
  boolean completing(int op, long t) {
    long[] keys = copyWrites.isEmpty() ? null : copyWrites.remove(op);
    if (keys != null) {
      data.written(keys);
    }
    State s = states.get(op);
    if (s == null || s.phase != RUNNING) {
      return false;
    }
    Footprint f = s.attributes.footprint();
    long[] to = f == null || data == null || !away.containsKey(op) ? null : data.sendBack(f, engine.resourceOf(op));
    if (to == null) {
      finish(op, s, false);
      return false;
    }
    s.phase = SENDING_BACK;
    Memory from = data.localOf(engine.resourceOf(op));
    List<Integer> copies = new ArrayList<>();
    for (int m = 0; m < to.length; m++) {
      if (to[m] > 0) {
        copies.add(engine.internalCopy("steal send-back " + engine.nameOf(op), from, machine.memory(m), to[m]));
      }
    }
    for (int c : copies) {
      engine.depend(op, c);
    }
    return true;
  }

  /** The task is complete: releases its reservations (granting waiters), triggers it if asked. */
  private void finish(int op, State s, boolean trigger) {
    states.remove(op);
    for (Reservation.Hold h : s.holds) {
      reservations.release(h, w -> states.get(w).holds[states.get(w).nextHold], this::granted);
    }
    if (trigger) {
      engine.triggerNow(op);
    }
  }

  private void granted(int op) {
    State s = states.get(op);
    s.nextHold++;
    acquire(op, s);
  }

  // ---------------------------------------------------------------- reading

  /** Where triggered task {@code op}, last run on {@code processor}, ran. */
  Placement placement(int op, int processor) {
    long v = stolen.getOrDefault(op, -1L);
    if (v < 0) {
      long home = away.getOrDefault(op, processor);
      return new Placement(machine.processor(processor), machine.processor((int) home), -1);
    }
    return new Placement(machine.processor(processor), machine.processor((int) v), v >>> 32);
  }

  StealStats stats() {
    if (queues == null) {
      return new StealStats(0, 0, 0, 0, 0, pinned, pinMisses);
    }
    return new StealStats(stolen.size(), queues.failedAttempts(), data.fetchedBytes, data.sentBackBytes,
        data.heldBytes, pinned, pinMisses);
  }
}
