package org.apophenia.cli.profile;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import org.apophenia.recorder.EventKind;
import org.apophenia.recorder.EventLog;
import org.apophenia.recorder.ThreadEvents;

/**
 * An {@link EventLog} as the writers draw it: each thread's events paired into nested slices (a
 * BEGIN with the END of the same name, a COMPLETE event on its own), points, and trace intervals,
 * as one sequence per thread in time order whose pushes and pops nest. Recording never pairs
 * anything (it only appends), so what the overflow policy left is paired here: an END whose BEGIN was
 * dropped becomes a point noted {@code "begin lost"}; a slice still open at the end of the log, or
 * when an outer slice closes, is closed there and noted {@code "unfinished"}; nothing is silently
 * discarded. O(events log events) time, O(events) memory.
 */
final class ProfileModel {
  private final EventLog log;
  private final List<List<Mark>> threads = new ArrayList<>();
  private int unmatched;
  private int unfinished;

  private ProfileModel(EventLog log) {
    this.log = log;
  }

  static ProfileModel of(EventLog log) {
    ProfileModel m = new ProfileModel(log);
    Map<String, Mark> openIntervals = new HashMap<>();
    for (ThreadEvents t : log.threads()) {
      m.threads.add(m.pair(t, openIntervals));
    }
    // intervals still open at the end: closed at the log's last time, on the thread that opened them
    long last = m.lastTime();
    for (Mark b : openIntervals.values()) {
      List<Mark> marks = m.threads.get(b.thread());
      marks.add(new Mark(Mark.Type.ASYNC_END, b.thread(), marks.size(), last, last, b.kind(), b.arg(), b.aux(), null, 0, 0,
          "unfinished"));
      m.unfinished++;
    }
    return m;
  }

  EventLog log() {
    return log;
  }

  /** Per thread (by track), its marks in time order; pushes and pops nest. */
  List<List<Mark>> threads() {
    return threads;
  }

  /** ENDs whose BEGIN was not in the log (dropped), shown as points. */
  int unmatched() {
    return unmatched;
  }

  /** Slices and intervals closed by the model rather than by their own END. */
  int unfinished() {
    return unfinished;
  }

  /** Every mark of every thread, ordered by (time, thread, place in its thread): the merged timeline. */
  List<Mark> merged() {
    List<Mark> all = new ArrayList<>();
    for (List<Mark> t : threads) {
      all.addAll(t);
    }
    all.sort(Comparator.comparingLong(Mark::time).thenComparingInt(Mark::thread).thenComparingInt(Mark::seq));
    return all;
  }

  /** The latest time of any event, relative to the recorder's start. */
  long lastTime() {
    long last = 0;
    for (ThreadEvents t : log.threads()) {
      if (t.size() > 0) {
        last = Math.max(last, rel(t.time(t.size() - 1)));
      }
      for (int i = 0; i < t.size(); i++) {
        if (t.kind(i).shape() == EventKind.Shape.COMPLETE) {
          last = Math.max(last, rel(t.arg(i)));
        }
      }
    }
    return last;
  }

  private long rel(long nanoTime) {
    return nanoTime - log.startNanos();
  }

  /** An open slice: its PUSH mark's fields, waiting for its end. */
  private record Open(int pushIndex, EventKind kind, long time, long arg, long aux, boolean complete) {}

  private List<Mark> pair(ThreadEvents t, Map<String, Mark> openIntervals) {
    int th = t.thread();
    List<Mark> out = new ArrayList<>();
    ArrayDeque<Open> stack = new ArrayDeque<>();
    PriorityQueue<long[]> completeEnds = new PriorityQueue<>(Comparator.comparingLong(a -> a[0]));
    for (int i = 0; i < t.size(); i++) {
      long now = rel(t.time(i));
      closeCompletesUpTo(now, stack, completeEnds, out, th);
      EventKind k = t.kind(i);
      switch (k.shape()) {
        case BEGIN -> stack.push(push(out, th, now, k, t.arg(i), t.aux(i), false));
        case COMPLETE -> {
          stack.push(push(out, th, now, k, 0, t.aux(i), true));
          completeEnds.add(new long[] {rel(t.arg(i))});
        }
        case END -> end(out, stack, completeEnds, th, now, k, t.arg(i), t.aux(i));
        case INSTANT -> out.add(new Mark(Mark.Type.INSTANT, th, out.size(), now, now, k, t.arg(i), t.aux(i), null, 0, 0,
            null));
        case ASYNC_BEGIN -> {
          Mark b = new Mark(Mark.Type.ASYNC_BEGIN, th, out.size(), now, now, k, t.arg(i), t.aux(i), null, 0, 0, null);
          out.add(b);
          openIntervals.put(k.label() + '\0' + t.arg(i), b);
        }
        case ASYNC_END -> {
          Mark b = openIntervals.remove(k.label() + '\0' + t.arg(i));
          if (b == null) {
            unmatched++;
            out.add(new Mark(Mark.Type.INSTANT, th, out.size(), now, now, k, t.arg(i), t.aux(i), null, 0, 0,
                "begin lost"));
          } else {
            out.add(new Mark(Mark.Type.ASYNC_END, th, out.size(), now, now, b.kind(), b.arg(), b.aux(), k, t.arg(i),
                t.aux(i), null));
          }
        }
      }
    }
    closeCompletesUpTo(Long.MAX_VALUE, stack, completeEnds, out, th);
    long last = t.size() == 0 ? 0 : rel(t.time(t.size() - 1));
    while (!stack.isEmpty()) {
      pop(out, stack, th, Math.max(last, stack.peek().time()), null, 0, 0, "unfinished");
      unfinished++;
    }
    return out;
  }

  private static Open push(List<Mark> out, int th, long now, EventKind k, long arg, long aux, boolean complete) {
    out.add(null); // the PUSH mark, filled when the slice ends and its end is known
    return new Open(out.size() - 1, k, now, arg, aux, complete);
  }

  /** Pops the innermost slice, closing it at {@code time}; fills its PUSH mark. */
  private void pop(List<Mark> out, ArrayDeque<Open> stack, int th, long time, EventKind closer, long cArg, long cAux,
      String note) {
    Open o = stack.pop();
    out.set(o.pushIndex(), new Mark(Mark.Type.PUSH, th, o.pushIndex(), o.time(), time, o.kind(),
        o.complete() ? 0 : o.arg(), o.aux(), closer, cArg, cAux, note));
    out.add(new Mark(Mark.Type.POP, th, out.size(), time, time, o.kind(), o.arg(), o.aux(), null, 0, 0, null));
  }

  /** Ends the COMPLETE slices whose end is at or before {@code now} (they hold nothing). */
  private void closeCompletesUpTo(long now, ArrayDeque<Open> stack, PriorityQueue<long[]> ends, List<Mark> out,
      int th) {
    while (!ends.isEmpty() && ends.peek()[0] <= now) {
      long end = ends.poll()[0];
      // the innermost open COMPLETE slice ends here; anything opened inside it is cut
      while (!stack.isEmpty() && !stack.peek().complete()) {
        pop(out, stack, th, Math.max(end, stack.peek().time()), null, 0, 0, "unfinished");
        unfinished++;
      }
      if (!stack.isEmpty()) {
        Open o = stack.peek();
        pop(out, stack, th, Math.max(end, o.time()), o.kind(), 0, 0, null);
      }
    }
  }

  private void end(List<Mark> out, ArrayDeque<Open> stack, PriorityQueue<long[]> completeEnds, int th, long now,
      EventKind k, long arg, long aux) {
    boolean open = false;
    for (Open o : stack) {
      if (!o.complete() && o.kind().label().equals(k.label())) {
        open = true;
        break;
      }
    }
    if (!open) {
      unmatched++;
      out.add(new Mark(Mark.Type.INSTANT, th, out.size(), now, now, k, arg, aux, null, 0, 0, "begin lost"));
      return;
    }
    while (!(!stack.peek().complete() && stack.peek().kind().label().equals(k.label()))) {
      if (stack.peek().complete()) {
        completeEnds.poll(); // its end is after this END's time: it ends here
      }
      pop(out, stack, th, now, null, 0, 0, "unfinished");
      unfinished++;
    }
    pop(out, stack, th, now, k, arg, aux, null);
  }
}
