package org.apophenia.cli;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.ToLongFunction;
import org.apophenia.autotrace.Reason;
import org.apophenia.autotrace.Reasons;
import org.apophenia.autotrace.TraceSink;

/**
 * {@code --explain}: for every operation not replayed, one {@link Reason}, as the mechanism decided
 * it. A sink in the chain after the interceptor (and, for {@code run}, after the runtime): an
 * operation outside trace markers takes the reason the interceptor gave just before it
 * ({@link Reasons#untraced}); the operations of an occurrence take the runtime's word on it
 * ({@link Reasons#occurrence}: not replayed, and why) or, without one, {@link Reason#FIRST_OCCURRENCE}
 * for the first occurrence of an id and none (replayed) for the others. Each explained operation is a
 * row of {@code explain.csv} ({@code op,token,reason,detail}) when there is a file, and a count per
 * reason; the counts add up to the operations not replayed (an operation with no reason would be
 * counted {@code unexplained}, which the tests hold at zero).
 *
 * <p>For {@code run}'s timeline, consecutive operations with the same reason are one run, placed at
 * the simulated time the first of them reached the runtime (at most {@value #MAX_RUNS} runs, the rest
 * counted). Memory: the operations of the open occurrence, one id per trace, the runs. Application
 * thread only.
 *
 * @param <O> the operation type
 */
final class ExplainLog<O> implements TraceSink<O>, Reasons {
  /** Runs of one reason kept for the timeline. */
  static final int MAX_RUNS = 100_000;

  /** A stretch of consecutive explained operations with one reason, from simulated time {@code atNanos}. */
  record Run(long firstOp, long lastOp, Reason reason, String detail, long atNanos) {}

  private TraceSink<O> next;
  private final ToLongFunction<O> tokenizer;
  private final Writer csv;
  private final long[] counts = new long[Reason.values().length];
  private long unexplained;
  private long replayed;
  private long ops;
  private Reason given;
  private long ga;
  private long gb;
  // the open occurrence
  private boolean open;
  private final LongArrayList occurrenceOps = new LongArrayList();
  private final LongArrayList occurrenceTokens = new LongArrayList();
  private Reason told;
  private long ta;
  private long tb;
  private final LongOpenHashSet seen = new LongOpenHashSet();
  // the timeline's runs
  private LongSupplier clock;
  private final List<Run> runs = new ArrayList<>();
  private long runsDropped;
  private Run current;
  private long retired;

  /**
   * A log in front of {@code next} (null: the end of the chain), writing rows to {@code csv} (null:
   * counts only); {@code tokenizer} gives the token of an operation the sink receives without one
   * (null: none).
   */
  ExplainLog(TraceSink<O> next, Writer csv, ToLongFunction<O> tokenizer) throws IOException {
    this.next = next;
    this.csv = csv;
    this.tokenizer = tokenizer;
    if (csv != null) {
      csv.write("op,token,reason,detail\n");
    }
  }

  /** Puts {@code sink} after this log in the chain. */
  void into(TraceSink<O> sink) {
    next = sink;
  }

  /**
   * The runs as Chrome trace events: a process of its own ({@code pid}), "why not traced", one instant
   * event per run at the simulated time its first operation reached the runtime, with the operations,
   * the reason and its detail as arguments.
   */
  void writeTimeline(com.fasterxml.jackson.core.JsonGenerator g, int pid) throws IOException {
    g.writeStartObject();
    g.writeStringField("name", "process_name");
    g.writeStringField("ph", "M");
    g.writeNumberField("pid", pid);
    g.writeNumberField("tid", 0);
    g.writeObjectFieldStart("args");
    g.writeStringField("name", "why not traced (--explain): operations not replayed, by reason");
    g.writeEndObject();
    g.writeEndObject();
    for (Run r : runs) {
      g.writeStartObject();
      g.writeStringField("name", r.reason() == null ? "unexplained" : r.reason().words());
      g.writeStringField("cat", "explain");
      g.writeStringField("ph", "i");
      g.writeStringField("s", "p");
      g.writeFieldName("ts");
      g.writeNumber(java.math.BigDecimal.valueOf(r.atNanos(), 3).toPlainString());
      g.writeNumberField("pid", pid);
      g.writeNumberField("tid", 0);
      g.writeObjectFieldStart("args");
      g.writeStringField("ops", r.firstOp() == r.lastOp() ? String.valueOf(r.firstOp()) : r.firstOp() + "-" + r.lastOp());
      g.writeNumberField("count", r.lastOp() - r.firstOp() + 1);
      g.writeStringField("reason", r.reason() == null ? "unexplained" : r.reason().key());
      if (!r.detail().isEmpty()) {
        g.writeStringField("detail", r.detail());
      }
      g.writeEndObject();
      g.writeEndObject();
    }
    if (runsDropped > 0) {
      g.writeStartObject();
      g.writeStringField("name", "more reasons not shown: " + runsDropped + " operations");
      g.writeStringField("ph", "M");
      g.writeNumberField("pid", pid);
      g.writeNumberField("tid", 0);
      g.writeEndObject();
    }
  }

  @Override
  public void untraced(Reason reason, long a, long b) {
    given = reason;
    ga = a;
    gb = b;
  }

  @Override
  public void occurrence(Reason reason, long a, long b) {
    told = reason;
    ta = a;
    tb = b;
  }

  @Override
  public void end() {
    ended = true;
  }

  /** Whether the interceptor closed: later operations bypassed it and are not explained. */
  private boolean ended;

  @Override
  public void runtimeClock(LongSupplier nanos) {
    clock = nanos;
  }

  /** How many traces were retired from automatic tracing (the summary lists the count). */
  void retired(long n) {
    retired = n;
  }

  @Override
  public void op(O op) {
    took(op, tokenizer == null ? 0 : tokenizer.applyAsLong(op), tokenizer != null);
    if (next != null) {
      next.op(op);
    }
  }

  @Override
  public void op(O op, long token) {
    took(op, token, true);
    if (next != null) {
      next.op(op, token);
    }
  }

  private void took(O op, long token, boolean hasToken) {
    if (ended) {
      return;
    }
    long i = ops++;
    if (open) {
      occurrenceOps.add(i);
      occurrenceTokens.add(hasToken ? token : 0);
      return;
    }
    if (given == null) {
      unexplained++;
      row(i, token, hasToken, null, 0, 0);
    } else {
      row(i, token, hasToken, given, ga, gb);
      given = null;
    }
  }

  @Override
  public void beginTrace(long id) {
    open = true;
    told = null;
    occurrenceOps.clear();
    occurrenceTokens.clear();
    if (next != null) {
      next.beginTrace(id);
    }
  }

  @Override
  public void endTrace(long id) {
    boolean first = seen.add(id);
    Reason r = told != null ? told : first ? Reason.FIRST_OCCURRENCE : null;
    if (r == null) {
      replayed += occurrenceOps.size();
    } else {
      for (int k = 0; k < occurrenceOps.size(); k++) {
        row(occurrenceOps.getLong(k), occurrenceTokens.getLong(k), true, r, told != null ? ta : 0, told != null ? tb : 0);
      }
    }
    open = false;
    told = null;
    if (next != null) {
      next.endTrace(id);
    }
  }

  private void row(long op, long token, boolean hasToken, Reason r, long a, long b) {
    String detail = r == null ? "" : r.detail(a, b);
    if (r != null) {
      counts[r.ordinal()]++;
    }
    if (csv != null) {
      try {
        csv.write(op + "," + (hasToken ? Long.toHexString(token) : "") + "," + (r == null ? "unexplained" : r.key()) + ","
            + detail + "\n");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    if (clock != null) {
      if (current != null && current.reason() == r && current.lastOp() == op - 1 && current.detail().equals(detail)) {
        current = new Run(current.firstOp(), op, r, detail, current.atNanos());
        runs.set(runs.size() - 1, current);
      } else if (runs.size() < MAX_RUNS) {
        current = new Run(op, op, r, detail, clock.getAsLong());
        runs.add(current);
      } else {
        runsDropped++;
        current = null;
      }
    }
  }

  /** Operations explained (not replayed): the sum of the counts, plus any unexplained. */
  long explained() {
    long n = unexplained;
    for (long c : counts) {
      n += c;
    }
    return n;
  }

  long unexplained() {
    return unexplained;
  }

  long replayed() {
    return replayed;
  }

  long ops() {
    return ops;
  }

  long count(Reason r) {
    return counts[r.ordinal()];
  }

  /** The runs of one reason for the timeline, in order. */
  List<Run> runs() {
    return runs;
  }

  long runsDropped() {
    return runsDropped;
  }

  /** The summary's {@code explain} object: ops not replayed, per reason, unexplained, retired traces. */
  Map<String, Object> summary() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("opsNotReplayed", explained());
    Map<String, Object> per = new LinkedHashMap<>();
    for (Reason r : Reason.values()) {
      per.put(r.key(), counts[r.ordinal()]);
    }
    m.put("reasons", per);
    m.put("unexplained", unexplained);
    m.put("tracesRetired", retired);
    return m;
  }

  /** The summary in words: one line per reason that occurred, then the total. */
  String words() {
    StringBuilder b = new StringBuilder("why not replayed (--explain): " + explained() + " ops of " + ops + "\n");
    for (Reason r : Reason.values()) {
      if (counts[r.ordinal()] > 0) {
        b.append(String.format(java.util.Locale.ROOT, "  %-40s %d%n", r.words(), counts[r.ordinal()]));
      }
    }
    if (unexplained > 0) {
      b.append(String.format(java.util.Locale.ROOT, "  %-40s %d%n", "unexplained", unexplained));
    }
    if (retired > 0) {
      b.append("  traces retired from automatic tracing (their failures are counted above): ").append(retired)
          .append('\n');
    }
    return b.toString();
  }
}
