package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The laws every run must obey (ARCHITECTURE.md invariant 1), checked on a recorded run. Shared with
 * other modules' tests through apophenia's test jar.
 */
public final class Laws {
  private Laws() {}

  /** Asserts invariant 1 of the run that gave {@code rec} the ops of {@code input}. */
  public static void check(List<TestOp> input, SinkLog<TestOp> rec) {
    assertThat(rec.ops()).as("the sink receives exactly the input ops, in order").isEqualTo(input);

    // Markers balanced and never nested; collect each traced interval's tokens.
    Map<Long, long[]> bodies = new HashMap<>();
    long open = -1;
    LongArrayList body = null;
    LongArrayList stream = new LongArrayList(); // traceable tokens, untraceable as unique negatives
    List<long[]> intervals = new ArrayList<>(); // {start, end} in stream positions
    long start = 0;
    for (SinkLog.Event<TestOp> e : rec.events) {
      if (e.isOp()) {
        TestOp op = e.op();
        if (op.kind() == Traceability.TRACEABLE) {
          stream.add(op.token());
          if (body != null) {
            body.add(op.token());
          }
        } else if (op.kind() == Traceability.UNTRACEABLE) {
          assertThat(open).as("untraceable op inside a trace").isEqualTo(-1);
          stream.add(-1 - stream.size());
        }
      } else if (e.begin()) {
        assertThat(open).as("nested beginTrace").isEqualTo(-1);
        open = e.id();
        body = new LongArrayList();
        start = stream.size();
      } else {
        assertThat(e.id()).as("endTrace id matches beginTrace").isEqualTo(open);
        long[] b = body.toLongArray();
        assertThat(b).as("a trace is not empty").isNotEmpty();
        long[] prev = bodies.putIfAbsent(open, b);
        if (prev != null) {
          assertThat(b).as("every occurrence of trace %d has the same tokens", open).isEqualTo(prev);
        }
        intervals.add(new long[] {start, stream.size()});
        open = -1;
        body = null;
      }
    }
    assertThat(open).as("every beginTrace is closed").isEqualTo(-1);

    // Each traced interval repeats an earlier, disjoint stretch of the stream.
    long[] s = stream.toLongArray();
    for (long[] iv : intervals) {
      int from = (int) iv[0];
      int len = (int) (iv[1] - iv[0]);
      assertThat(occursBefore(s, from, len))
          .as("traced interval [%d,%d) repeats an earlier part of the stream", iv[0], iv[1]).isTrue();
    }
  }

  private static boolean occursBefore(long[] s, int from, int len) {
    for (int i = 0; i + len <= from; i++) {
      boolean eq = true;
      for (int k = 0; k < len && eq; k++) {
        eq = s[i + k] == s[from + k];
      }
      if (eq) {
        return true;
      }
    }
    return false;
  }
}
