package org.apophenia.recorder;

/**
 * Every event the recorder knows, with its {@link Category} and its {@link Shape}: how the writers
 * turn it into a slice, an instant or an interval of a trace. An event is three longs in a thread's
 * buffer: the {@link System#nanoTime()} it happened at, a header (this kind's ordinal in the low 8 bits,
 * a small signed {@code aux} value above), and one {@code arg}; {@link #argName()} and {@link
 * #auxName()} say what they hold (null: nothing).
 */
public enum EventKind {
  // ops: Apophenia's glue, on the application thread
  /** An operation enters the interceptor (its {@code op} index in program order): opens the "op" slice. */
  OP_ISSUED(Category.OPS, Shape.BEGIN, "op", "op", null),
  /** Its token is computed. */
  OP_TOKENIZED(Category.OPS, Shape.INSTANT, "tokenized", "token", null),
  /** The watcher, the commit pointers and the pending queue have stepped on it. */
  OP_MATCHED(Category.OPS, Shape.INSTANT, "matched", "op", null),
  /** An operation (its index) leaves Apophenia for the runtime: during its own slice or a later one's. */
  OP_FORWARDED(Category.OPS, Shape.INSTANT, "forwarded", "op", null),
  /** The interceptor returns to the program: closes the "op" slice. */
  OP_DONE(Category.OPS, Shape.END, "op", null, null),

  // traces
  /** Apophenia issues {@code beginTrace(trace)}. */
  TRACE_BEGIN(Category.TRACES, Shape.ASYNC_BEGIN, "trace", "trace", null),
  /** Apophenia issues {@code endTrace(trace)}. */
  TRACE_END(Category.TRACES, Shape.ASYNC_END, "trace", "trace", null),
  /** The runtime opens trace {@code trace} ({@code tbegin}). */
  RUNTIME_TRACE_BEGIN(Category.TRACES, Shape.ASYNC_BEGIN, "runtime trace", "trace", null),
  /** The runtime closes it ({@code tend}); {@code aux} says whether it was recorded or replayed. */
  RUNTIME_TRACE_END(Category.TRACES, Shape.ASYNC_END, "runtime trace", "trace", "outcome"),

  // mining
  /** A mining job (its index) is launched on a window of {@code aux} tokens. */
  JOB_QUEUED(Category.MINING, Shape.INSTANT, "job queued", "job", "window"),
  /** Someone (the mining thread, or the application thread inline) starts mining it: opens "mine". */
  JOB_STARTED(Category.MINING, Shape.BEGIN, "mine", "job", "window"),
  /** Mining it ended with {@code aux} repeats found: closes "mine". */
  JOB_FINISHED(Category.MINING, Shape.END, "mine", "job", "repeats"),
  /**
   * The application thread starts waiting for the mining thread to finish job {@code arg}, due at
   * this ingestion point and too large to mine inline: opens "wait for mining".
   */
  JOB_WAIT_BEGIN(Category.MINING, Shape.BEGIN, "wait for mining", "job", null),
  /** The wait is over (the job finished, failed or ran out of time): closes "wait for mining". */
  JOB_WAIT_END(Category.MINING, Shape.END, "wait for mining", "job", null),
  /** Its result is taken in at its ingestion point; {@code aux}: 1 waited for it, 2 failed, 3 both. */
  JOB_INGESTED(Category.MINING, Shape.INSTANT, "job ingested", "job", "flags"),

  // analysis
  /**
   * The runtime analysed operation {@code aux} (its node in the dependence graph): a slice from the
   * event's time to {@code arg}, the time the analysis finished (no extra clock read).
   */
  ANALYSIS(Category.ANALYSIS, Shape.COMPLETE, "analysis", null, "op"),

  // replay
  /** The trace engine took operation {@code arg} (graph node) at position {@code aux} of the open trace for replay. */
  REPLAY_TAKEN(Category.REPLAY, Shape.INSTANT, "taken for replay", "op", "position"),
  /** The engine starts replaying a recording of trace {@code arg}: opens "replay". */
  REPLAY_BEGIN(Category.REPLAY, Shape.BEGIN, "replay", "trace", null),
  /**
   * The replay is over: {@code aux} 1 if it issued the recording's commands for its {@code arg}
   * operations, 0 if no recording's precondition held (the trace is then analysed and recorded).
   */
  REPLAY_END(Category.REPLAY, Shape.END, "replay", "ops", "replayed"),

  // waits
  /**
   * The program reaches a blocking point after issuing {@code arg} operations; {@code aux}: 1 a break
   * for Apophenia (everything pending forwarded), 0 only noted.
   */
  BLOCKING_POINT(Category.WAITS, Shape.INSTANT, "blocking point", "ops issued", "break"),
  /**
   * The runtime starts waiting ({@code aux}: 0 a future, 1 an inline mapping, then {@code arg} its
   * graph node), running the simulation and the task bodies up to the awaited event: opens "wait".
   */
  WAIT_BEGIN(Category.WAITS, Shape.BEGIN, "wait", "op", "on"),
  /** The wait is over: closes "wait". */
  WAIT_END(Category.WAITS, Shape.END, "wait", null, null);

  /** How the writers show an event. */
  public enum Shape {
    /** Opens a slice on its thread's track, closed by the next END of the same name (slices nest). */
    BEGIN,
    /** Closes the innermost open slice of its name. */
    END,
    /** A point in time. */
    INSTANT,
    /** A whole slice: from the event's time to {@code arg}, recorded when it ended. */
    COMPLETE,
    /** Opens an interval that need not nest with the slices (a trace occurrence), keyed by {@code arg}. */
    ASYNC_BEGIN,
    /** Closes the open interval of the same name and key. */
    ASYNC_END
  }

  private static final EventKind[] ALL = values();

  private final Category category;
  private final Shape shape;
  private final String label;
  private final String argName;
  private final String auxName;

  EventKind(Category category, Shape shape, String label, String argName, String auxName) {
    this.category = category;
    this.shape = shape;
    this.label = label;
    this.argName = argName;
    this.auxName = auxName;
  }

  public Category category() {
    return category;
  }

  public Shape shape() {
    return shape;
  }

  /** The slice's, instant's or interval's name in the output. */
  public String label() {
    return label;
  }

  /** What {@code arg} holds, or null. */
  public String argName() {
    return argName;
  }

  /** What {@code aux} holds, or null. */
  public String auxName() {
    return auxName;
  }

  /** A word for an {@code aux} value with a closed set of meanings (outcome, wait kind), or null for a number. */
  public String auxLabel(long aux) {
    return switch (this) {
      case RUNTIME_TRACE_END -> aux == TRACE_RECORDED ? "recorded" : aux == TRACE_REPLAYED ? "replayed" : "no engine";
      case WAIT_BEGIN -> aux == WAIT_INLINE ? "inline mapping" : "future";
      case BLOCKING_POINT, REPLAY_END -> aux != 0 ? "yes" : "no";
      default -> null;
    };
  }

  /** {@code aux} of {@link #RUNTIME_TRACE_END}: no trace engine installed. */
  public static final long TRACE_NO_ENGINE = 0;
  /** {@code aux} of {@link #RUNTIME_TRACE_END}: the occurrence was analysed and recorded. */
  public static final long TRACE_RECORDED = 1;
  /** {@code aux} of {@link #RUNTIME_TRACE_END}: the occurrence was replayed. */
  public static final long TRACE_REPLAYED = 2;
  /** {@code aux} of {@link #WAIT_BEGIN}: a wait for an inline mapping (else a future). */
  public static final long WAIT_INLINE = 1;
  /** Bits of {@link #JOB_INGESTED}'s {@code aux}. */
  public static final long INGESTED_WAITED = 1;
  public static final long INGESTED_FAILED = 2;

  /** The header of an event of this kind with {@code aux} (signed, 56 bits). */
  long header(long aux) {
    return (aux << 8) | ordinal();
  }

  /** The kind in an event header. */
  public static EventKind of(long header) {
    return ALL[(int) (header & 0xFF)];
  }

  /** The {@code aux} value in an event header. */
  public static long aux(long header) {
    return header >> 8;
  }
}
