package org.apophenia.autotrace;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A test stream that is a loop by construction: random noise (loops of small bodies, noise, no-ops
 * and untraceable ops, as {@link Streams#random}), then {@code reps} repetitions of a body of
 * {@code period} tokens that occur nowhere else in the stream (with a rare no-op inside), then more
 * noise. Any tracer worth the name must trace the planted loop and reissue its traces.
 *
 * @param ops the whole stream, sequence numbers 0..n-1
 * @param loopStart sequence number of the loop's first op
 * @param loopEnd sequence number just past the loop's last op
 * @param period tokens in the loop's body
 */
record PlantedLoop(List<TestOp> ops, int loopStart, int loopEnd, int period) {
  /** Loop tokens are at least this, noise tokens (below 100) never are. */
  private static final long LOOP_TOKENS = 1L << 40;

  static PlantedLoop of(long seed, int noiseBefore, int period, int reps, int noiseAfter) {
    Random rnd = new Random(seed);
    List<TestOp> ops = new ArrayList<>(renumbered(Streams.random(rnd.nextLong(), noiseBefore), 0));
    int loopStart = ops.size();
    long[] body = new long[period];
    for (int i = 0; i < period; i++) {
      body[i] = LOOP_TOKENS + i; // distinct within the body and from every noise token
    }
    for (int r = 0; r < reps; r++) {
      for (long t : body) {
        ops.add(new TestOp(t, Traceability.TRACEABLE, ops.size()));
        if (rnd.nextInt(300) == 0) {
          ops.add(new TestOp(0, Traceability.NO_OP, ops.size()));
        }
      }
    }
    int loopEnd = ops.size();
    ops.addAll(renumbered(Streams.random(rnd.nextLong(), noiseAfter), ops.size()));
    return new PlantedLoop(List.copyOf(ops), loopStart, loopEnd, period);
  }

  private static List<TestOp> renumbered(List<TestOp> ops, int from) {
    List<TestOp> out = new ArrayList<>(ops.size());
    for (TestOp op : ops) {
      out.add(new TestOp(op.token(), op.kind(), from + out.size()));
    }
    return out;
  }

  /** Traceable ops of the loop that the sink received inside trace markers. */
  long tracedLoopOps(SinkLog<TestOp> rec) {
    long n = 0;
    boolean inside = false;
    for (SinkLog.Event<TestOp> e : rec.events) {
      if (!e.isOp()) {
        inside = e.begin();
      } else if (inside && inLoop(e.op()) && e.op().kind() == Traceability.TRACEABLE) {
        n++;
      }
    }
    return n;
  }

  /** Trace occurrences that begin inside the loop and repeat an id seen before: reissues. */
  long reissuesInLoop(SinkLog<TestOp> rec) {
    java.util.Set<Long> seen = new java.util.HashSet<>();
    long reissues = 0;
    int lastSeq = -1;
    for (SinkLog.Event<TestOp> e : rec.events) {
      if (e.isOp()) {
        lastSeq = e.op().seq();
      } else if (e.begin()) {
        boolean again = !seen.add(e.id());
        if (again && lastSeq + 1 >= loopStart && lastSeq + 1 < loopEnd) {
          reissues++;
        }
      }
    }
    return reissues;
  }

  /** Traceable ops in the loop. */
  long loopOps() {
    return ops.subList(loopStart, loopEnd).stream().filter(op -> op.kind() == Traceability.TRACEABLE).count();
  }

  private boolean inLoop(TestOp op) {
    return op.seq() >= loopStart && op.seq() < loopEnd;
  }
}
