package org.apophenia.autotrace;

import java.util.ArrayList;
import java.util.List;

/** A sink that records everything it receives, as strings for easy comparison. */
final class SinkLog implements TraceSink<TestOp> {
  /** Event: an op (its seq, >= 0) or a marker. */
  record Event(TestOp op, boolean begin, long id) {
    boolean isOp() {
      return op != null;
    }

    @Override
    public String toString() {
      return op != null ? Integer.toString(op.seq()) : (begin ? "B" : "E") + id;
    }
  }

  final List<Event> events = new ArrayList<>();

  @Override
  public void op(TestOp op) {
    events.add(new Event(op, false, -1));
  }

  @Override
  public void beginTrace(long id) {
    events.add(new Event(null, true, id));
  }

  @Override
  public void endTrace(long id) {
    events.add(new Event(null, false, id));
  }

  List<TestOp> ops() {
    List<TestOp> out = new ArrayList<>();
    for (Event e : events) {
      if (e.isOp()) {
        out.add(e.op());
      }
    }
    return out;
  }

  /** Number of traceable ops inside markers. */
  long tracedOps() {
    long n = 0;
    boolean inside = false;
    for (Event e : events) {
      if (!e.isOp()) {
        inside = e.begin();
      } else if (inside && e.op().kind() == Traceability.TRACEABLE) {
        n++;
      }
    }
    return n;
  }

  @Override
  public String toString() {
    return events.toString();
  }
}
