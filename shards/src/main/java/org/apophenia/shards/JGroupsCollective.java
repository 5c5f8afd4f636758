package org.apophenia.shards;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apophenia.autotrace.Collective;
import org.apophenia.shards.ShardMessage.Contribution;
import org.apophenia.shards.ShardMessage.Hello;
import org.apophenia.shards.ShardMessage.Purpose;
import org.jgroups.Address;
import org.jgroups.BytesMessage;
import org.jgroups.JChannel;
import org.jgroups.Message;
import org.jgroups.Receiver;
import org.jgroups.View;

/**
 * The all-reduce of replicated Apophenia (paper Section 5.1) across processes, over a JGroups group:
 * each shard multicasts its contribution and takes the minimum once it holds one from every shard.
 * One message per shard per all-reduce, one network hop of latency; with a single shard nothing is
 * sent.
 *
 * <p><b>Design.</b> Rounds are numbered alike on every shard (the interceptor's calls are a function of
 * the stream, {@link Collective}'s contract), so a contribution names its round and its
 * {@link Purpose}; a shard can be at most one round ahead of another (it cannot finish round
 * {@code r + 1} without everybody's contribution to it), so at most two rounds are open at a time.
 * While joining, a shard repeats its rank, the group's size, the fingerprint of its command and how
 * many shards it has heard from ({@link ShardMessage.Hello}) every {@value #HELLO_MILLIS} ms: a hello
 * sent while the group is forming can be dropped by a member that has not yet installed the sender's
 * view. {@link #join} returns once every shard is in the view and has said it heard from all (a
 * shard that is done joining answers the hellos of those still at it), so no contribution is
 * multicast to a group that lacks a member, nor reaches a shard that does not know its sender.
 * JGroups gives reliable FIFO delivery per sender (NAKACK2) and membership (GMS); its failure
 * detectors exclude a dead shard from the view within about a second ({@link Stacks}).
 *
 * <p><b>Failures.</b> Sticky: once a collective failed, every later call fails the same way. A
 * round missing the contribution of a shard that left the view fails {@value #DEPARTURE_GRACE_MILLIS}
 * ms after it left (contributions it sent before leaving may still be in flight behind the view
 * change, so a shard that finished cleanly is not mistaken for a dead one); a round that lacks a
 * contribution after {@link ShardGroup#timeout()} fails naming the shards it waited for and for how
 * long; two shards at the same round with different purposes have diverged. All are
 * {@link ShardFailure}s.
 *
 * <p>Thread-safety: {@link #allReduceMin} from one application thread; JGroups delivers messages and
 * views on its own threads; the state is guarded by one lock.
 */
public final class JGroupsCollective implements Collective, AutoCloseable {
  static final long DEPARTURE_GRACE_MILLIS = 500;
  private static final long DEPARTURE_GRACE_NANOS = DEPARTURE_GRACE_MILLIS * 1_000_000;
  /** How often a waiting shard looks at departures and its deadline, besides being woken by arrivals. */
  private static final long POLL_MILLIS = 50;
  /**
   * JGroups logs through java.util.logging when no other logging library is present: its notices
   * (a member's address at every join, a peer's connection reset when it dies) would bury the one line
   * that says which shard failed. Kept quiet unless configured otherwise; held so the setting stays.
   */
  private static final java.util.logging.Logger JGROUPS_LOG = java.util.logging.Logger.getLogger("org.jgroups");

  static {
    if (JGROUPS_LOG.getLevel() == null) {
      JGROUPS_LOG.setLevel(java.util.logging.Level.SEVERE);
    }
  }

  private final ShardGroup group;
  private final JChannel channel;
  private final Membership members;
  private final long pid = ProcessHandle.current().pid();
  private final String host = hostName();
  private final Object lock = new Object();
  /** Open rounds by number (at most two: this shard's and the next one, begun by a faster shard). */
  private final Map<Long, Round> rounds = new HashMap<>();
  /** Sends hellos while joining, and answers those of shards still joining: JGroups' callbacks must not block. */
  private final ScheduledExecutorService announcer;
  /** Joining is over: every shard knows every other (see {@link Membership#settled()}). */
  private volatile boolean settled;
  private ShardFailure failure;
  private long nextRound;
  private boolean closed;
  // the application thread's account of the interceptor's all-reduces
  private long collectives;
  private long collectiveNanos;

  private JGroupsCollective(ShardGroup group) throws Exception {
    this.group = group;
    this.members = new Membership(group);
    this.announcer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "shard-" + group.rank() + "-announcer");
      t.setDaemon(true);
      return t;
    });
    this.channel = new JChannel(Stacks.of(group));
    channel.name("shard-" + group.rank());
    channel.setReceiver(new Receiver() {
      @Override
      public void receive(Message msg) {
        delivered(msg);
      }

      @Override
      public void viewAccepted(View view) {
        viewed(view);
      }
    });
  }

  /**
   * Joins {@code group} and returns once all its shards are in it (their hellos received), so that the
   * first all-reduce reaches everybody.
   *
   * @throws ShardFailure if the group is not complete within the group's join timeout (naming the shards
   *     that did not join), if the shards were not started alike, or if the transport cannot start
   */
  public static JGroupsCollective join(ShardGroup group) {
    JGroupsCollective c;
    try {
      c = new JGroupsCollective(group);
    } catch (Exception e) {
      throw new ShardFailure(ShardFailure.Kind.LOST, group.rank(), "shard " + group.rank() + " cannot set up its "
          + group.discovery().describe() + " transport: " + e, e);
    }
    try {
      c.connect();
      return c;
    } catch (RuntimeException e) {
      c.close();
      throw e;
    }
  }

  private void connect() {
    long t0 = System.nanoTime();
    try {
      channel.connect(group.name());
    } catch (Exception e) {
      throw new ShardFailure(ShardFailure.Kind.LOST, group.rank(), "shard " + group.rank() + " cannot join group '"
          + group.name() + "' (" + group.discovery().describe() + "): " + e.getMessage(), e);
    }
    long deadline = t0 + group.joinTimeout().toNanos();
    synchronized (lock) {
      members.hello(channel.getAddress(), hello()); // our own hellos are not looped back to us
    }
    // a hello can be lost while the group forms (a member drops messages from a sender it has not
    // seen join yet), so hellos are repeated until every shard has said it heard from all
    announcer.scheduleWithFixedDelay(() -> {
      if (!settled) {
        sayHello();
      }
    }, 0, HELLO_MILLIS, TimeUnit.MILLISECONDS);
    synchronized (lock) {
      while (!members.settled()) {
        throwIfFailed();
        long now = System.nanoTime();
        if (now >= deadline) {
          List<Integer> missing = members.missing();
          List<Integer> late = missing.isEmpty() ? members.unsettled() : missing;
          throw fail(new ShardFailure(ShardFailure.Kind.TIMEOUT, late.get(0), String.format(Locale.ROOT,
              "shard %d waited %.1f s for %s of %d to join group '%s' (%s)%s (--shard-join-timeout %s)",
              group.rank(), (now - t0) / 1e9, shardsInWords(late), group.size(), group.name(),
              group.discovery().describe(), missing.isEmpty() ? ", which had not heard from every shard"
                  : "; started?", group.joinTimeout())));
        }
        waitAtMost(deadline - now);
      }
      settled = true;
    }
    sayHello(); // settled: those still joining stop waiting for our count
  }

  /** How often a joining shard repeats its hello. */
  private static final long HELLO_MILLIS = 100;

  /** This shard's hello as of now. */
  private Hello hello() {
    return new Hello(group.rank(), group.size(), group.fingerprint(), pid, host, members.known(), settled);
  }

  private void sayHello() {
    Hello h;
    synchronized (lock) {
      h = hello();
    }
    send(h);
  }

  /**
   * The minimum of every shard's {@code value}, the same on every shard; blocks until all have
   * contributed. Counted in {@link #collectives()} and timed in {@link #collectiveNanos()}.
   *
   * @throws ShardFailure if a shard left, the wait timed out, or the shards diverged
   */
  @Override
  public long allReduceMin(long value) {
    long t0 = System.nanoTime();
    try {
      return reduce(value, Purpose.INGESTION);
    } finally {
      collectiveNanos += System.nanoTime() - t0;
      collectives++;
    }
  }

  /**
   * Whether every shard contributed the same {@code value} (two all-reduces, minimum and maximum, not
   * counted in {@link #collectives()}): how the shards compare their decision logs' digests at the end.
   */
  public boolean allEqual(long value) {
    long min = reduce(value, Purpose.FINAL);
    long max = ~reduce(~value, Purpose.FINAL);
    return min == max;
  }

  /** The interceptor's all-reduces so far (calls of {@link #allReduceMin}). */
  public long collectives() {
    return collectives;
  }

  /** The calling thread's time inside {@link #allReduceMin} so far, waits for the other shards included. */
  public long collectiveNanos() {
    return collectiveNanos;
  }

  public ShardGroup group() {
    return group;
  }

  private long reduce(long value, Purpose purpose) {
    long number;
    Round round;
    synchronized (lock) {
      throwIfFailed();
      number = nextRound++;
      round = rounds.computeIfAbsent(number, k -> new Round(group.size()));
      // a contribution that shows the streams diverged is still sent, so the others see it too
      contribute(round, number, group.rank(), purpose, value);
    }
    if (group.size() > 1) {
      send(new Contribution(group.rank(), number, purpose, value));
    }
    long t0 = System.nanoTime();
    long deadline = t0 + group.timeout().toNanos();
    synchronized (lock) {
      while (round.count < group.size()) {
        throwIfFailed();
        long now = System.nanoTime();
        for (int r = 0; r < group.size(); r++) {
          if (!round.have[r] && members.hasLeft(r) && now - members.leftAt(r) >= DEPARTURE_GRACE_NANOS) {
            throw fail(new ShardFailure(ShardFailure.Kind.LOST, r, String.format(Locale.ROOT,
                "%s left the group (it died or was cut off) before contributing to collective #%d; shard %d waited "
                    + "%.1f s for it and cannot go on without it", members.describe(r), number, group.rank(),
                (now - t0) / 1e9)));
          }
        }
        if (now >= deadline) {
          List<Integer> late = round.missing();
          throw fail(new ShardFailure(ShardFailure.Kind.TIMEOUT, late.get(0), String.format(Locale.ROOT,
              "collective #%d timed out: shard %d waited %.1f s for %s, which had not contributed (--shard-timeout %s)",
              number, group.rank(), (now - t0) / 1e9,
              late.stream().map(members::describe).collect(Collectors.joining(", ")), group.timeout())));
        }
        waitAtMost(deadline - now);
      }
      rounds.remove(number);
      return round.min;
    }
  }

  /** Adds a contribution to {@code round}; a second purpose for one round means the streams diverged. */
  private void contribute(Round round, long number, int rank, Purpose purpose, long value) {
    if (round.purpose == null) {
      round.purpose = purpose;
      round.firstRank = rank;
    } else if (round.purpose != purpose) {
      fail(new ShardFailure(ShardFailure.Kind.DIVERGED, rank, "collective #" + number + ": shard " + rank + " is at "
          + words(purpose) + " but shard " + round.firstRank + " at " + words(round.purpose)
          + ": the shards' operation streams differ"));
      return;
    }
    if (round.have[rank]) {
      fail(new ShardFailure(ShardFailure.Kind.MISMATCH, rank, "collective #" + number + ": shard " + rank
          + " contributed twice (two processes with one rank?)"));
      return;
    }
    round.have[rank] = true;
    round.count++;
    round.min = Math.min(round.min, value);
  }

  private static String words(Purpose p) {
    return p == Purpose.INGESTION ? "an ingestion point" : "the final agreement on the decision logs";
  }

  private void delivered(Message msg) {
    ShardMessage m;
    try {
      m = ShardMessage.decode(msg.getArray(), msg.getOffset(), msg.getLength());
    } catch (IOException e) {
      synchronized (lock) {
        fail(new ShardFailure(ShardFailure.Kind.MISMATCH, -1, "shard " + group.rank() + " received a message it cannot "
            + "read from " + msg.getSrc() + " (" + e.getMessage() + "): is another program using group '"
            + group.name() + "'?"));
        lock.notifyAll();
      }
      return;
    }
    synchronized (lock) {
      if (m instanceof Hello h) {
        String problem = members.hello(msg.getSrc(), h);
        if (problem != null) {
          fail(new ShardFailure(ShardFailure.Kind.MISMATCH, h.rank(), problem), true, msg.getSrc());
        } else if (!h.settled() && settled) {
          answer(); // a shard still joining needs to hear that we heard from all
        }
      } else if (m instanceof ShardMessage.Failed f) {
        fail(new ShardFailure(f.kind(), f.rank(), f.message()), false, null);
      } else if (m instanceof Contribution c) {
        int rank = members.rankOf(msg.getSrc());
        if (rank != c.rank()) {
          fail(new ShardFailure(ShardFailure.Kind.MISMATCH, c.rank(), "a contribution for shard " + c.rank()
              + " came from " + (rank < 0 ? "a process that never said which shard it is" : "shard " + rank)));
        } else if (c.round() >= nextRound - 1 || rounds.containsKey(c.round())) {
          contribute(rounds.computeIfAbsent(c.round(), k -> new Round(group.size())), c.round(), c.rank(), c.purpose(),
              c.value());
        } else {
          fail(new ShardFailure(ShardFailure.Kind.DIVERGED, c.rank(), "shard " + c.rank() + " contributed to collective #"
              + c.round() + ", which shard " + group.rank() + " finished long ago: the shards' streams differ"));
        }
      }
      lock.notifyAll();
    }
  }

  private void viewed(View view) {
    synchronized (lock) {
      members.viewChanged(view, System.nanoTime());
      lock.notifyAll();
    }
  }

  /** Sends our hello off JGroups' thread, which must not block. */
  private void answer() {
    try {
      announcer.execute(this::sayHello);
    } catch (java.util.concurrent.RejectedExecutionException closing) {
      // closing: nobody needs our hello any more
    }
  }

  private void send(ShardMessage m) {
    send(m, null);
  }

  /** Multicasts {@code m} ({@code to} null) or sends it to {@code to}. */
  private void send(ShardMessage m, Address to) {
    try {
      BytesMessage msg = new BytesMessage(to, m.encode());
      msg.setFlag(Message.TransientFlag.DONT_LOOPBACK);
      channel.send(msg);
    } catch (Exception e) {
      synchronized (lock) {
        if (!closed) {
          fail(new ShardFailure(ShardFailure.Kind.LOST, group.rank(), "shard " + group.rank()
              + " cannot send to group '" + group.name() + "': " + e));
        }
        lock.notifyAll();
      }
    }
  }

  /**
   * Records {@code f} as the collective's failure unless one is recorded; returns the recorded one.
   * The others are told of a mismatch or a divergence found here: they may not see it themselves.
   */
  private ShardFailure fail(ShardFailure f) {
    return fail(f, true, null);
  }

  /**
   * {@code foundHere}: tell the group (a mismatch or a divergence); {@code alsoTo}: tell that member
   * directly as well (it may not be in this shard's view yet, so a multicast would miss it).
   */
  private ShardFailure fail(ShardFailure f, boolean foundHere, Address alsoTo) {
    if (failure == null) {
      failure = f;
      if (foundHere && (f.kind() == ShardFailure.Kind.MISMATCH || f.kind() == ShardFailure.Kind.DIVERGED)) {
        ShardMessage.Failed told = new ShardMessage.Failed(group.rank(), f.kind(), f.getMessage());
        try {
          announcer.execute(() -> {
            send(told, null);
            if (alsoTo != null) {
              send(told, alsoTo);
            }
          });
        } catch (java.util.concurrent.RejectedExecutionException closing) {
          // closing: nobody is listening
        }
      }
    }
    return failure;
  }

  private void throwIfFailed() {
    if (failure != null) {
      throw failure;
    }
    if (closed) {
      throw new IllegalStateException("shard " + group.rank() + "'s collective is closed");
    }
  }

  private void waitAtMost(long nanos) {
    try {
      lock.wait(Math.max(1, Math.min(POLL_MILLIS, nanos / 1_000_000)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw fail(new ShardFailure(ShardFailure.Kind.LOST, group.rank(), "shard " + group.rank()
          + " was interrupted while waiting for the other shards"));
    }
  }

  private static String shardsInWords(List<Integer> ranks) {
    return (ranks.size() == 1 ? "shard " : "shards ") + ranks.stream().map(String::valueOf)
        .collect(Collectors.joining(", "));
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "an unnamed host";
    }
  }

  /** Leaves the group (others see a clean departure) and stops its threads. Idempotent. */
  @Override
  public void close() {
    synchronized (lock) {
      if (closed) {
        return;
      }
      closed = true;
      lock.notifyAll();
    }
    announcer.shutdown(); // repeating hellos stop; a failure being told is sent first
    try {
      announcer.awaitTermination(1, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    announcer.shutdownNow();
    channel.close();
  }

  /** One all-reduce: who contributed, and the minimum so far. */
  private static final class Round {
    final boolean[] have;
    int count;
    long min = Long.MAX_VALUE;
    Purpose purpose;
    int firstRank;

    Round(int size) {
      have = new boolean[size];
    }

    List<Integer> missing() {
      List<Integer> m = new java.util.ArrayList<>();
      for (int r = 0; r < have.length; r++) {
        if (!have[r]) {
          m.add(r);
        }
      }
      return m;
    }
  }
}
