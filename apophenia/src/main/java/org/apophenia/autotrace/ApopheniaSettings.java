package org.apophenia.autotrace;

import static org.apophenia.autotrace.Knobs.BATCH_SIZE;
import static org.apophenia.autotrace.Knobs.HISTORY_BUFFERS;
import static org.apophenia.autotrace.Knobs.INGESTION_DELAY;
import static org.apophenia.autotrace.Knobs.JOB_TIMEOUT;
import static org.apophenia.autotrace.Knobs.MAX_CANDIDATES;
import static org.apophenia.autotrace.Knobs.MAX_IN_FLIGHT_JOBS;
import static org.apophenia.autotrace.Knobs.MAX_PENDING_OPS;
import static org.apophenia.autotrace.Knobs.MAX_TRACES;
import static org.apophenia.autotrace.Knobs.MAX_TRACE_LENGTH;
import static org.apophenia.autotrace.Knobs.MIN_TRACE_LENGTH;
import static org.apophenia.autotrace.Knobs.MULTI_SCALE_FACTOR;
import static org.apophenia.autotrace.Knobs.VISIT_THRESHOLD;
import static org.apophenia.autotrace.Knobs.WARMUP_VISIT_THRESHOLD;

import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The interceptor's settings: one value per {@link Knob} of {@link Knobs}, read by name
 * ({@code settings.get(Knobs.BATCH_SIZE)}). Immutable; every instance has passed
 * {@link Builder#build()}, whose message names the setting and its bound.
 *
 * <p>Two presets: {@link #defaults()}, ours, and {@link #legion()}, Legion's current settings
 * (REFERENCES.md) for comparison; each knob's entry gives its value in both.
 */
public final class ApopheniaSettings {
  /** The most tokens the finder keeps for its longest windows ({@code historyBuffers * batchSize}). */
  public static final int MAX_HISTORY = 1 << 24;

  /** No maximum trace length. */
  public static final int UNBOUNDED = Integer.MAX_VALUE;

  private static final ApopheniaSettings DEFAULTS = fromKnobs(false);
  private static final ApopheniaSettings LEGION = fromKnobs(true);
  private static final List<String> PRESETS = List.of("default", "legion");

  /** By {@link Knob#slot}. */
  private final Object[] values;

  private ApopheniaSettings(Object[] values) {
    this.values = values;
  }

  /** Every knob's default, or its Legion value. */
  private static ApopheniaSettings fromKnobs(boolean legion) {
    Builder b = new Builder(new Object[Knobs.all().size()]);
    for (Knob<?> k : Knobs.all()) {
      b.values[k.slot] = legion ? k.legionValue() : k.defaultValue();
    }
    return b.build();
  }

  /** Ours: each knob's {@link Knob#defaultValue()}. */
  public static ApopheniaSettings defaults() {
    return DEFAULTS;
  }

  /** Legion's current settings: each knob's {@link Knob#legionValue()}. */
  public static ApopheniaSettings legion() {
    return LEGION;
  }

  /** The presets' names, as {@link #preset(String)} takes them: {@code default}, {@code legion}. */
  public static List<String> presets() {
    return PRESETS;
  }

  /** The preset called {@code name} (see {@link #presets()}), or null. */
  public static ApopheniaSettings preset(String name) {
    return switch (name) {
      case "default" -> DEFAULTS;
      case "legion" -> LEGION;
      default -> null;
    };
  }

  /**
   * The value of {@code knob}: an array read and a cast, boxed. The rooms read their knobs once, when
   * the interceptor is built, into fields of their own; no per-operation path calls this.
   */
  public <T> T get(Knob<T> knob) {
    return knob.type().cast(values[knob.slot]);
  }

  /** A builder starting from these settings. */
  public Builder toBuilder() {
    return new Builder(values.clone());
  }

  /**
   * Every knob's value by name, in {@link Knobs#all()} order, for a report's echo of the settings in
   * effect (durations in ISO-8601, {@code PT30S}).
   */
  public Map<String, Object> echo() {
    Map<String, Object> m = new LinkedHashMap<>();
    for (Knob<?> k : Knobs.all()) {
      Object v = values[k.slot];
      m.put(k.name(), v instanceof Duration d ? d.toString() : v);
    }
    return m;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ApopheniaSettings s && Arrays.equals(values, s.values);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(values);
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder("ApopheniaSettings[");
    for (Knob<?> k : Knobs.all()) {
      b.append(k.slot == 0 ? "" : ", ").append(k.name()).append('=').append(values[k.slot]);
    }
    return b.append(']').toString();
  }

  /** Changes some settings; {@link #build()} validates. Not thread-safe. */
  public static final class Builder {
    private final Object[] values;

    private Builder(Object[] values) {
      this.values = values;
    }

    /** Sets {@code knob} to {@code value}. */
    public <T> Builder set(Knob<T> knob, T value) {
      values[knob.slot] = Objects.requireNonNull(value, knob.name());
      return this;
    }

    private <T> T get(Knob<T> knob) {
      return knob.type().cast(values[knob.slot]);
    }

    /**
     * The settings, if they obey the rules the mechanism relies on; else an
     * {@link IllegalArgumentException} naming the first setting that does not and its bound
     * ({@code batchSize must be at least 10, got 5}). The rules, in the order they are checked:
     * lengths at least 1, the buffer at least twice the shortest trace, the ruler's unit within the
     * buffer, the warm-up threshold within the steady one, every bound at least 1, a timeout, the
     * longest window a power of two of buffers within {@link #MAX_HISTORY}, and room in the pending
     * queue for the longest trace.
     */
    public ApopheniaSettings build() {
      int minTraceLength = get(MIN_TRACE_LENGTH);
      int maxTraceLength = get(MAX_TRACE_LENGTH);
      int batchSize = get(BATCH_SIZE);
      int multiScaleFactor = get(MULTI_SCALE_FACTOR);
      int visitThreshold = get(VISIT_THRESHOLD);
      int warmupVisitThreshold = get(WARMUP_VISIT_THRESHOLD);
      int historyBuffers = get(HISTORY_BUFFERS);
      int maxPendingOps = get(MAX_PENDING_OPS);
      Duration jobTimeout = get(JOB_TIMEOUT);
      atLeast(MIN_TRACE_LENGTH, minTraceLength, 1);
      atLeast(MAX_TRACE_LENGTH, maxTraceLength, minTraceLength);
      atLeast(BATCH_SIZE, batchSize, 2 * minTraceLength);
      atLeast(MULTI_SCALE_FACTOR, multiScaleFactor, 1);
      if (multiScaleFactor > batchSize) {
        throw new IllegalArgumentException(MULTI_SCALE_FACTOR + " must be at most " + BATCH_SIZE + " " + batchSize
            + ", got " + multiScaleFactor);
      }
      atLeast(VISIT_THRESHOLD, visitThreshold, 1);
      atLeast(WARMUP_VISIT_THRESHOLD, warmupVisitThreshold, 1);
      if (warmupVisitThreshold > visitThreshold) {
        throw new IllegalArgumentException(WARMUP_VISIT_THRESHOLD + " must be at most " + VISIT_THRESHOLD + " "
            + visitThreshold + ", got " + warmupVisitThreshold);
      }
      atLeast(MAX_IN_FLIGHT_JOBS, get(MAX_IN_FLIGHT_JOBS), 1);
      atLeast(INGESTION_DELAY, get(INGESTION_DELAY), 1);
      if (jobTimeout.isNegative() || jobTimeout.isZero()) {
        throw new IllegalArgumentException(JOB_TIMEOUT + " must be positive, got " + jobTimeout);
      }
      atLeast(MAX_CANDIDATES, get(MAX_CANDIDATES), 1);
      atLeast(MAX_TRACES, get(MAX_TRACES), 1);
      atLeast(MAX_PENDING_OPS, maxPendingOps, 1);
      atLeast(HISTORY_BUFFERS, historyBuffers, 1);
      if (Integer.bitCount(historyBuffers) != 1 || (long) historyBuffers * batchSize > MAX_HISTORY) {
        throw new IllegalArgumentException(HISTORY_BUFFERS + " must be a power of two with " + HISTORY_BUFFERS + " * "
            + BATCH_SIZE + " at most " + MAX_HISTORY + ", got " + historyBuffers + " (" + BATCH_SIZE + " " + batchSize
            + ")");
      }
      int retireAfter = get(Knobs.RETIRE_AFTER_FAILURES);
      if (retireAfter != UNBOUNDED && retireAfter >= get(Knobs.RETIREMENT_WINDOW)) {
        throw new IllegalArgumentException(Knobs.RETIRE_AFTER_FAILURES + " must be less than " + Knobs.RETIREMENT_WINDOW
            + " " + get(Knobs.RETIREMENT_WINDOW) + ", got " + retireAfter);
      }
      if (maxTraceLength != UNBOUNDED && maxPendingOps < maxTraceLength) {
        throw new IllegalArgumentException(MAX_PENDING_OPS + " must be at least " + MAX_TRACE_LENGTH + " "
            + maxTraceLength + ", got " + maxPendingOps);
      }
      return new ApopheniaSettings(values.clone());
    }

    private static void atLeast(Knob<Integer> knob, long value, long min) {
      if (value < min) {
        throw new IllegalArgumentException(knob + " must be at least " + min + ", got " + value);
      }
    }
  }
}
