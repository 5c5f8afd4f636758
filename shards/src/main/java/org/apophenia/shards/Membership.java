package org.apophenia.shards;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jgroups.Address;
import org.jgroups.View;

/**
 * Who is in the group, by rank: the {@link ShardMessage.Hello} each shard sent, its JGroups address,
 * and when it left the view (a shard that left cannot contribute again: the others fail rather than
 * wait). Not thread-safe: guarded by the collective's lock.
 */
final class Membership {
  private static final long PRESENT = Long.MIN_VALUE;

  private final ShardGroup group;
  private final ShardMessage.Hello[] hellos;
  private final Address[] addresses;
  private final long[] leftAt;
  private final Map<Address, Integer> ranks = new HashMap<>();
  private View view;

  Membership(ShardGroup group) {
    this.group = group;
    this.hellos = new ShardMessage.Hello[group.size()];
    this.addresses = new Address[group.size()];
    this.leftAt = new long[group.size()];
    Arrays.fill(leftAt, PRESENT);
  }

  /**
   * Records that {@code from} is the shard {@code h} says; returns why that is impossible (the
   * shards were not started alike, or two processes claim one rank), or null.
   */
  String hello(Address from, ShardMessage.Hello h) {
    int me = group.rank();
    if (h.size() != group.size()) {
      return "shard " + h.rank() + " (pid " + h.pid() + " on " + h.host() + ") was started for " + h.size()
          + " shards, shard " + me + " for " + group.size() + ": give every shard the same --shards";
    }
    if (h.rank() < 0 || h.rank() >= group.size()) {
      return "a process (pid " + h.pid() + " on " + h.host() + ") claims shard " + h.rank() + " of " + group.size();
    }
    if (h.fingerprint() != group.fingerprint()) {
      return "shard " + h.rank() + " (pid " + h.pid() + " on " + h.host() + ") runs another command than shard " + me
          + " (fingerprint " + Long.toHexString(h.fingerprint()) + ", here " + Long.toHexString(group.fingerprint())
          + "): every shard must be given the same command and arguments, apart from --shard, --out, --json and "
          + "the timeouts";
    }
    Address known = addresses[h.rank()];
    if (known != null && !known.equals(from) && view != null && view.containsMember(known)) {
      ShardMessage.Hello k = hellos[h.rank()];
      return "two processes claim shard " + h.rank() + ": pid " + k.pid() + " on " + k.host() + " and pid " + h.pid()
          + " on " + h.host();
    }
    hellos[h.rank()] = h;
    addresses[h.rank()] = from;
    ranks.put(from, h.rank());
    if (view != null && view.containsMember(from)) {
      leftAt[h.rank()] = PRESENT;
    }
    return null;
  }

  /** The rank that {@code from} announced, or -1 if it has not said hello. */
  int rankOf(Address from) {
    return ranks.getOrDefault(from, -1);
  }

  /** Installs {@code v} at {@code nanos}: marks the shards that left; returns whether anybody joined. */
  boolean viewChanged(View v, long nanos) {
    View old = view;
    view = v;
    for (Address a : old == null ? List.<Address>of() : View.leftMembers(old, v)) {
      Integer r = ranks.get(a);
      if (r != null && a.equals(addresses[r]) && leftAt[r] == PRESENT) {
        leftAt[r] = nanos;
      }
    }
    return old == null || !View.newMembers(old, v).isEmpty();
  }

  /** How many shards have said hello (this one included, once it registered its own). */
  int known() {
    int n = 0;
    for (ShardMessage.Hello h : hellos) {
      n += h == null ? 0 : 1;
    }
    return n;
  }

  /**
   * Whether joining is over for this shard: every shard is in the view and has said, in its latest
   * hello, that it heard from all of them (this shard's own count is taken as it is now). Then every
   * shard knows every other's rank, so no contribution can come from a shard its receiver does not
   * know.
   */
  boolean settled() {
    if (!complete()) {
      return false;
    }
    for (int r = 0; r < hellos.length; r++) {
      if (r != group.rank() && hellos[r].known() < group.size()) {
        return false;
      }
    }
    return true;
  }

  /** The shards that have not yet said they heard from all the others. */
  List<Integer> unsettled() {
    List<Integer> m = new ArrayList<>();
    for (int r = 0; r < hellos.length; r++) {
      if (r != group.rank() && (hellos[r] == null || hellos[r].known() < group.size())) {
        m.add(r);
      }
    }
    return m;
  }

  /** Whether every shard has said hello and is in the current view. */
  boolean complete() {
    return missing().isEmpty();
  }

  /** The ranks that have not joined yet (no hello, or not in the view). */
  List<Integer> missing() {
    List<Integer> m = new ArrayList<>();
    for (int r = 0; r < addresses.length; r++) {
      if (addresses[r] == null || view == null || !view.containsMember(addresses[r])) {
        m.add(r);
      }
    }
    return m;
  }

  /** When shard {@code rank} left the view ({@link System#nanoTime()}), or {@link Long#MIN_VALUE} if it has not. */
  long leftAt(int rank) {
    return leftAt[rank];
  }

  boolean hasLeft(int rank) {
    return leftAt[rank] != PRESENT;
  }

  /** "shard 2 of 4 (pid 1234 on node7)", or without the process if it never said hello. */
  String describe(int rank) {
    ShardMessage.Hello h = hellos[rank];
    String who = "shard " + rank + " of " + group.size();
    return h == null ? who : who + " (pid " + h.pid() + " on " + h.host() + ")";
  }
}
