package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.From;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/**
 * {@link UntracedRecurrence} against its definition kept in hash maps: an operation going out
 * untraced counts when its token's latest arrival came at most the horizon after the one before, and
 * the token never went out inside a trace.
 * The tokens are drawn from 48 that take distinct slots, where the fixed table must agree exactly, or
 * from 48 that share 4 slots, where it may forget but never invent a recurrence (a mutation that
 * skips the fingerprint check fails only the latter); they go out in the order they arrived, as the
 * issuer forwards them.
 */
class UntracedRecurrenceProperties {
  /** 48 tokens in distinct slots: the table forgets nothing among them. */
  private static final long[] TOKENS = distinctSlots(48);
  /** 48 tokens in 4 slots: each evicts the others. */
  private static final long[] CROWDED = sharedSlots(48, 4);

  private static long[] sharedSlots(int n, int slots) {
    long[] out = new long[n];
    int[] wanted = new int[slots];
    int[] have = new int[slots];
    for (int i = 0; i < slots; i++) {
      wanted[i] = -1;
    }
    int k = 0;
    for (long t = 1; k < n; t++) {
      long token = t * 0x5DEECE66DL;
      int slot = (int) ((token * 0x9E3779B97F4A7C15L) >>> (64 - 14));
      for (int i = 0; i < slots; i++) {
        if (wanted[i] == -1 && k < n) {
          wanted[i] = slot; // the first tokens found pick the slots
        }
        if (wanted[i] == slot && have[i] < n / slots) {
          have[i]++;
          out[k++] = token;
          break;
        }
      }
    }
    return out;
  }

  private static long[] distinctSlots(int n) {
    long[] out = new long[n];
    BitSet used = new BitSet();
    int k = 0;
    for (long t = 1; k < n; t++) {
      long token = t * 0x5DEECE66DL; // spread, as hashed tokens are
      int slot = (int) ((token * 0x9E3779B97F4A7C15L) >>> (64 - 14));
      if (!used.get(slot)) {
        used.set(slot);
        out[k++] = token;
      }
    }
    return out;
  }

  private static final long HORIZON = 40;

  /**
   * An operation: its token, whether it goes out inside a trace, how many stay pending after it
   * arrives, and how many stream positions pass before it (breaks, which take positions of their own).
   */
  record Op(long token, boolean traced, int pendingAfter, int positionsBefore) {}

  @Provide
  Arbitrary<Op> ops() {
    return ops(TOKENS);
  }

  @Provide
  Arbitrary<Op> crowdedOps() {
    return ops(CROWDED);
  }

  private static Arbitrary<Op> ops(long[] tokens) {
    return Combinators.combine(Arbitraries.integers().between(0, tokens.length - 1), Arbitraries.of(true, false),
        Arbitraries.integers().between(0, 8), Arbitraries.integers().between(0, 3).map(k -> k == 3 ? 30 : 0))
        .as((i, traced, lag, skip) -> new Op(tokens[i], traced, lag, skip));
  }

  /**
   * The issuer's protocol: operations arrive in order and go out in the same order, each once, some
   * time after it arrived (as many as {@code pendingAfter} wait in the pending queue).
   */
  @Property(tries = 300)
  void countsUntracedOperationsWhoseTokenRecurredAndWasNeverTraced(@ForAll @Size(max = 400) List<@From("ops") Op> ops) {
    run(ops, true);
  }

  /**
   * Tokens that evict each other are forgotten, never invented: the count stays at most the number
   * of untraced operations whose token's latest arrival came within the horizon (an evicted token
   * also forgets that it went out traced, so the definition's "never traced" cannot bound it).
   */
  @Property(tries = 300)
  void tokensThatShareSlotsAreForgottenNeverInvented(@ForAll @Size(max = 400) List<@From("crowdedOps") Op> ops) {
    run(ops, false);
  }

  /** Runs the protocol; {@code exact}: the count is the definition's, else at most the near untraced ones. */
  private static void run(List<Op> ops, boolean exact) {
    UntracedRecurrence table = new UntracedRecurrence(HORIZON);
    long[] nearUntraced = {0};
    Long2LongOpenHashMap lastArrival = new Long2LongOpenHashMap();
    LongOpenHashSet near = new LongOpenHashSet(); // tokens whose latest arrival recurred within the horizon
    LongOpenHashSet traced = new LongOpenHashSet();
    long[] expected = {0};
    ArrayDeque<Op> pending = new ArrayDeque<>();
    Runnable goOut = () -> {
      Op o = pending.poll();
      if (o.traced()) {
        traced.add(o.token());
        table.wentOutTraced(o.token());
      } else {
        if (near.contains(o.token()) && !traced.contains(o.token())) {
          expected[0]++;
        }
        if (near.contains(o.token())) {
          nearUntraced[0]++;
        }
        table.wentOutUntraced(o.token());
      }
      if (exact) {
        assertThat(table.count()).as("after %s went out", o).isEqualTo(expected[0]);
      } else {
        assertThat(table.count()).as("after %s went out", o).isLessThanOrEqualTo(nearUntraced[0]);
      }
    };
    long position = 0;
    for (Op o : ops) {
      position += o.positionsBefore();
      if (lastArrival.containsKey(o.token()) && position - lastArrival.get(o.token()) <= HORIZON) {
        near.add(o.token());
      } else {
        near.remove(o.token());
      }
      lastArrival.put(o.token(), position);
      table.arrived(o.token(), position++);
      pending.add(o);
      while (pending.size() > o.pendingAfter()) {
        goOut.run();
      }
    }
    while (!pending.isEmpty()) {
      goOut.run();
    }
  }

  /** A token seen once, untraced, never counts: an inserted task. */
  @Example
  void aTokenSeenOnceNeverCounts() {
    UntracedRecurrence table = new UntracedRecurrence(HORIZON);
    for (int k = 0; k < TOKENS.length; k++) {
      table.arrived(TOKENS[k], k);
      table.wentOutUntraced(TOKENS[k]);
    }
    assertThat(table.count()).isZero();
  }

  /** A task that recurs farther apart than the horizon never counts: no window mined holds both. */
  @Example
  void aTokenRecurringBeyondTheHorizonNeverCounts() {
    UntracedRecurrence table = new UntracedRecurrence(HORIZON);
    for (int k = 0; k < 10; k++) {
      table.arrived(TOKENS[0], k * (HORIZON + 1));
      table.wentOutUntraced(TOKENS[0]);
    }
    assertThat(table.count()).isZero();
    table.arrived(TOKENS[0], 9 * (HORIZON + 1) + HORIZON); // the one before plus the horizon
    table.wentOutUntraced(TOKENS[0]);
    assertThat(table.count()).isOne();
  }
}
