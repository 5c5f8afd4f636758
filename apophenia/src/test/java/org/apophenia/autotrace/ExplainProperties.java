package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * {@code --explain}'s reasons (README, "Why was this not traced?"): every operation that leaves the
 * interceptor outside trace markers is told exactly one reason just before the sink receives it, and
 * none inside markers; untraceable operations and no-ops, and only they, are {@link Reason#UNTRACEABLE};
 * so the reasons plus the first occurrences add up exactly to the operations not reissued. And the
 * reasons change no decision: the markers are the same with and without them.
 */
class ExplainProperties {
  /** A sink that checks the order of reasons and operations and counts them. */
  static final class Explained implements TraceSink<TestOp>, Reasons {
    final Map<Reason, Long> counts = new EnumMap<>(Reason.class);
    final SinkLog<TestOp> log = new SinkLog<>();
    final List<String> problems = new ArrayList<>();
    Reason given;
    long ops;
    long firstOccurrenceOps;
    long reissuedOps;
    boolean open;
    boolean first;
    final Set<Long> seen = new HashSet<>();

    @Override
    public void untraced(Reason reason, long a, long b) {
      if (given != null) {
        problems.add("two reasons before op " + ops);
      }
      given = reason;
    }

    @Override
    public void op(TestOp op) {
      took(op);
      log.op(op);
    }

    @Override
    public void op(TestOp op, long token) {
      took(op);
      log.op(op, token);
    }

    private void took(TestOp op) {
      if (open) {
        if (given != null) {
          problems.add("a reason for op " + ops + " inside markers");
        }
        if (first) {
          firstOccurrenceOps++;
        } else {
          reissuedOps++;
        }
      } else if (given == null) {
        problems.add("no reason for op " + ops + " (" + op + ")");
      } else {
        if ((given == Reason.UNTRACEABLE) != (op.kind() != Traceability.TRACEABLE)) {
          problems.add("op " + ops + " of kind " + op.kind() + " given " + given);
        }
        counts.merge(given, 1L, Long::sum);
      }
      given = null;
      ops++;
    }

    @Override
    public void beginTrace(long id) {
      open = true;
      first = seen.add(id);
      log.beginTrace(id);
    }

    @Override
    public void endTrace(long id) {
      open = false;
      log.endTrace(id);
    }

    long explained() {
      return counts.values().stream().mapToLong(Long::longValue).sum() + firstOccurrenceOps;
    }
  }

  /** A loop with noise, untraceable operations, no-ops and waits (null), {@code n} operations. */
  static List<TestOp> stream(long seed, int period, int n, double noise) {
    Random r = new Random(seed);
    List<TestOp> ops = new ArrayList<>();
    int fresh = 1_000_000;
    for (int i = 0; i < n; i++) {
      double x = r.nextDouble();
      if (x < noise) {
        ops.add(new TestOp(fresh++, Traceability.TRACEABLE, i));
      } else if (x < noise + 0.003) {
        ops.add(new TestOp(7, Traceability.UNTRACEABLE, i));
      } else if (x < noise + 0.006) {
        ops.add(new TestOp(8, Traceability.NO_OP, i));
      } else if (x < noise + 0.008) {
        ops.add(null);
      } else {
        ops.add(new TestOp(i % period, Traceability.TRACEABLE, i));
      }
    }
    return ops;
  }

  static Explained run(List<TestOp> ops, ApopheniaSettings s, boolean explain) {
    Explained e = new Explained();
    Interceptor.Builder<TestOp> b = Interceptor.builder(TestOp.TOKENIZER, e).settings(s).executor(Runnable::run);
    if (explain) {
      b.reasons(e);
    }
    try (Interceptor<TestOp> in = b.build()) {
      for (TestOp op : ops) {
        if (op == null) {
          in.blockingWait();
        } else {
          in.execute(op);
        }
      }
      in.flush();
      assertThat(in.stats().reissuedOps()).isEqualTo(e.reissuedOps);
    }
    return e;
  }

  @Property(tries = 40)
  void everyOperationNotReissuedHasExactlyOneReason(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 3, max = 60) int period,
      @ForAll @IntRange(min = 50, max = 4000) int n,
      @ForAll @IntRange(min = 0, max = 20) int noisePercent,
      @ForAll @IntRange(min = 2, max = 8) int minLength,
      @ForAll @IntRange(min = 1, max = 4) int threshold) {
    ApopheniaSettings s = ApopheniaSettings.defaults().toBuilder().set(Knobs.MIN_TRACE_LENGTH, minLength)
        .set(Knobs.VISIT_THRESHOLD, threshold).set(Knobs.WARMUP_VISIT_THRESHOLD, Math.min(threshold, 2)).build();
    List<TestOp> ops = stream(seed, period, n, noisePercent / 100.0);
    Explained e = run(ops, s, true);
    assertThat(e.problems).isEmpty();
    assertThat(e.explained()).isEqualTo(e.ops - e.reissuedOps);
    // an untraceable operation is a break, never inside markers; a no-op may go out inside an occurrence
    long untraceable = ops.stream().filter(o -> o != null && o.kind() == Traceability.UNTRACEABLE).count();
    long noOps = ops.stream().filter(o -> o != null && o.kind() == Traceability.NO_OP).count();
    assertThat(e.counts.getOrDefault(Reason.UNTRACEABLE, 0L)).isBetween(untraceable, untraceable + noOps);
    // asking for reasons changes no decision
    Explained plain = run(ops, s, false);
    assertThat(e.log.events).isEqualTo(plain.log.events);
  }

  @Example
  void aLoopIsWarmingUpThenRecordedThenReissuedAndTheBreaksCutIt() {
    List<TestOp> ops = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      ops.add(new TestOp(i % 10, Traceability.TRACEABLE, i));
      if (i == 305) {
        ops.add(null); // a wait inside an occurrence
      }
    }
    Explained e = run(ops, ApopheniaSettings.defaults(), true);
    assertThat(e.problems).isEmpty();
    assertThat(e.counts.get(Reason.NO_CANDIDATE)).isPositive();
    assertThat(e.firstOccurrenceOps).isPositive();
    assertThat(e.counts.getOrDefault(Reason.CUT_BY_BREAK, 0L) + e.counts.getOrDefault(Reason.SHORT_RUN, 0L))
        .isPositive();
    assertThat(e.explained()).isEqualTo(e.ops - e.reissuedOps);
  }

  /** The reasons' slots follow the pending queue: a long stream that goes out traced frees them. */
  @Example
  void theSlotsStayFewOnALongTracedStream() {
    Why w = new Why((r, a, b) -> { }, 5);
    for (long p = 0; p < 1_000_000; p++) {
      w.arrived(p);
      if (p % 10 == 9) {
        w.issuing(p - 9, p + 1);
        w.issued(p + 1);
      }
    }
    assertThat(w.capacity()).isLessThanOrEqualTo(1024);
  }

  /** Test of the test: a sink told no reason for an untraced operation reports it. */
  @Example
  void withoutReasonsTheCheckFails() {
    Explained e = run(Streams.loop(10, 30), ApopheniaSettings.defaults(), false);
    assertThat(e.problems).isNotEmpty();
  }
}
