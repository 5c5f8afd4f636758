package org.apophenia.autotrace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A sink that records everything it receives, operations and trace markers, in order: what a test
 * inspects after a run. Any operation type: {@code SinkLog<TestOp>} here, {@code SinkLog<ArrayOp>}
 * in the samples' tests. Shared with other modules' tests through apophenia's test jar. Keeps every
 * operation it receives; not thread-safe.
 *
 * @param <O> the operation type
 */
public final class SinkLog<O> implements TraceSink<O> {
  /**
   * Event: an op or a marker. A {@link TestOp} prints as its sequence number and a marker as
   * {@code B<id>} or {@code E<id>}, so that two runs compare by their text.
   */
  public record Event<O>(O op, boolean begin, long id) {
    public boolean isOp() {
      return op != null;
    }

    @Override
    public String toString() {
      if (op == null) {
        return (begin ? "B" : "E") + id;
      }
      return op instanceof TestOp t ? Integer.toString(t.seq()) : op.toString();
    }
  }

  /** What the sink received, in order. */
  public final List<Event<O>> events = new ArrayList<>();

  @Override
  public void op(O op) {
    events.add(new Event<>(op, false, -1));
  }

  @Override
  public void beginTrace(long id) {
    events.add(new Event<>(null, true, id));
  }

  @Override
  public void endTrace(long id) {
    events.add(new Event<>(null, false, id));
  }

  /** The operations received, in order, without the markers. */
  public List<O> ops() {
    List<O> out = new ArrayList<>();
    for (Event<O> e : events) {
      if (e.isOp()) {
        out.add(e.op());
      }
    }
    return out;
  }

  /** Number of traceable ops ({@code tokenizer}'s classification) inside markers. */
  public long tracedOps(Tokenizer<? super O> tokenizer) {
    long n = 0;
    boolean inside = false;
    for (Event<O> e : events) {
      if (!e.isOp()) {
        inside = e.begin();
      } else if (inside && tokenizer.classify(e.op()) == Traceability.TRACEABLE) {
        n++;
      }
    }
    return n;
  }

  /** The number of operations between each {@code beginTrace} and its {@code endTrace}, in order. */
  public List<Integer> traceLengths() {
    List<Integer> lengths = new ArrayList<>();
    int open = -1;
    for (Event<O> e : events) {
      if (e.isOp()) {
        if (open >= 0) {
          open++;
        }
      } else if (e.begin()) {
        open = 0;
      } else {
        lengths.add(open);
        open = -1;
      }
    }
    return lengths;
  }

  /**
   * How many trace ids began exactly once: traces issued once, recorded and never reissued (so
   * never replayed).
   */
  public long issuedOnce() {
    Map<Long, Integer> begins = new HashMap<>();
    for (Event<O> e : events) {
      if (!e.isOp() && e.begin()) {
        begins.merge(e.id(), 1, Integer::sum);
      }
    }
    return begins.values().stream().filter(n -> n == 1).count();
  }

  @Override
  public String toString() {
    return events.toString();
  }
}
