package org.apophenia.cli.profile;

import org.apophenia.recorder.EventKind;

/**
 * One thing the writers draw, made from one or two recorded events by {@link ProfileModel}: a slice
 * of a thread's track, a point in time, or the start or end of an interval that need not nest (a trace
 * occurrence). Times are nanoseconds since the recorder started.
 *
 * @param type what it is
 * @param thread the thread's track
 * @param seq its place among its thread's marks, in the order a nested push/pop sequence needs
 * @param time start (or the point's, or the interval end's, time)
 * @param end a slice's end (else {@code time})
 * @param kind the event that opened it (or the point's, or the interval end's)
 * @param arg that event's arg
 * @param aux that event's aux
 * @param closer the event that closed a slice or an interval, or null (closed by the writers' rules)
 * @param closerArg its arg
 * @param closerAux its aux
 * @param note null, or why it is not a plain pair: {@code "unfinished"} (still open at the end, or
 *     cut by an outer slice's end), {@code "begin lost"} (its opening event was dropped)
 */
record Mark(Type type, int thread, int seq, long time, long end, EventKind kind, long arg, long aux, EventKind closer,
    long closerArg, long closerAux, String note) {
  enum Type {
    /** Pushed at {@code time}: a slice from {@code time} to {@code end} (Chrome "X"). */
    PUSH,
    /** Popped at {@code time}: the end of the slice last pushed on its thread (Paje only). */
    POP,
    INSTANT,
    ASYNC_BEGIN,
    ASYNC_END
  }

  /** The name shown: the kind's label, and for an interval its key ({@code trace 4}) and outcome. */
  String name() {
    if (type == Type.ASYNC_BEGIN || type == Type.ASYNC_END) {
      return kind.label() + " " + arg;
    }
    return kind.label();
  }
}
