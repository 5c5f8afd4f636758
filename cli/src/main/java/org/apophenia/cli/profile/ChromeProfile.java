package org.apophenia.cli.profile;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.Writer;
import org.apophenia.recorder.Category;
import org.apophenia.recorder.EventKind;
import org.apophenia.recorder.EventLog;
import org.apophenia.recorder.ThreadEvents;
import org.apophenia.recorder.ThreadStats;
import org.apophenia.sim.timeline.TraceFormats;

/**
 * Writes a {@link ProfileModel} in the Chrome trace-event JSON format (opens in Perfetto and
 * chrome://tracing): one process (this JVM), one track per real thread that recorded, named as the
 * thread was; each slice a complete event ({@code "ph": "X"}), each point an instant ({@code "i"},
 * thread-scoped), each trace occurrence an async interval ({@code "b"}/{@code "e"}, with the trace id
 * as its id), all in timestamp order. Categories are the recorder's ({@code ops}, {@code mining}, ...);
 * each event's arguments are named as in {@link EventKind}. {@code otherData} says how the recording
 * was made and what it lost. Timestamps are microseconds since the recorder started, with nanosecond
 * decimals. Streams: O(marks) time beyond the model's sort. Stateless.
 *
 * <p>Format reference: "Trace Event Format", Google (docs.google.com/document/d/1CvAClvFfyA5R-PhYUmn5OOQtYMH4h6I0nSsKchNAySU),
 * the format the simulated timeline's {@code ChromeTrace} writes too.
 */
final class ChromeProfile {
  private static final JsonFactory JSON = new JsonFactory();
  static final int PID = 1;

  private ChromeProfile() {}

  static void write(ProfileModel model, Writer out) throws IOException {
    EventLog log = model.log();
    try (JsonGenerator g = JSON.createGenerator(out)) {
      g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      g.writeStartObject();
      g.writeStringField("displayTimeUnit", "ns");
      g.writeObjectFieldStart("otherData");
      g.writeStringField("recorder", log.describe());
      g.writeStringField("categories", String.join(",", log.settings().categories().stream()
          .sorted().map(Category::key).toList()));
      g.writeStringField("overflow", log.settings().overflow().key());
      g.writeNumberField("recorded", log.recorded());
      g.writeNumberField("written", log.written());
      g.writeNumberField("dropped", log.dropped());
      g.writeNumberField("late", log.late());
      g.writeNumberField("unmatchedEnds", model.unmatched());
      g.writeNumberField("unfinishedSlices", model.unfinished());
      g.writeStringField("clock", "System.nanoTime, microseconds since the recorder started");
      g.writeEndObject();
      g.writeArrayFieldStart("traceEvents");
      TraceFormats.chromeMetadata(g, "process_name", PID, 0, "apophenia (JVM)");
      for (ThreadEvents t : log.threads()) {
        ThreadStats s = log.stats().get(t.thread());
        TraceFormats.chromeMetadata(g, "thread_name", PID, tid(t.thread()), t.name() + (s.dropped() > 0 ? " (" + s.dropped() + " dropped)" : ""));
        TraceFormats.chromeSortIndex(g, PID, tid(t.thread()), t.thread());
      }
      for (Mark m : model.merged()) {
        if (m.type() == Mark.Type.POP) {
          continue;
        }
        g.writeStartObject();
        g.writeStringField("name", m.name());
        g.writeStringField("cat", m.kind().category().key());
        switch (m.type()) {
          case PUSH -> {
            g.writeStringField("ph", "X");
            ts(g, "ts", m.time());
            ts(g, "dur", m.end() - m.time());
          }
          case INSTANT -> {
            g.writeStringField("ph", "i");
            g.writeStringField("s", "t");
            ts(g, "ts", m.time());
          }
          case ASYNC_BEGIN, ASYNC_END -> {
            g.writeStringField("ph", m.type() == Mark.Type.ASYNC_BEGIN ? "b" : "e");
            g.writeStringField("id", "0x" + Long.toHexString(m.arg()));
            ts(g, "ts", m.time());
          }
          default -> throw new AssertionError(m.type());
        }
        g.writeNumberField("pid", PID);
        g.writeNumberField("tid", tid(m.thread()));
        g.writeObjectFieldStart("args");
        args(g, m.kind(), m.arg(), m.aux(), null);
        if (m.closer() != null && m.closer() != m.kind()) {
          args(g, m.closer(), m.closerArg(), m.closerAux(), m.kind());
        }
        if (m.note() != null) {
          g.writeStringField("note", m.note());
        }
        g.writeEndObject();
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    out.flush();
  }

  /** A thread's track id: its track number from 1 (0 is taken by the process's metadata). */
  static int tid(int thread) {
    return thread + 1;
  }

  /** {@code k}'s arguments by name, but for names {@code written} (the opening event's) wrote already. */
  private static void args(JsonGenerator g, EventKind k, long arg, long aux, EventKind written) throws IOException {
    if (k.argName() != null && !writes(written, k.argName())) {
      g.writeNumberField(k.argName(), arg);
    }
    if (k.auxName() != null && !writes(written, k.auxName())) {
      String word = k.auxLabel(aux);
      if (word != null) {
        g.writeStringField(k.auxName(), word);
      } else {
        g.writeNumberField(k.auxName(), aux);
      }
    }
  }

  private static boolean writes(EventKind k, String name) {
    return k != null && (name.equals(k.argName()) || name.equals(k.auxName()));
  }

  private static void ts(JsonGenerator g, String field, long nanos) throws IOException {
    g.writeFieldName(field);
    g.writeNumber(TraceFormats.micros(nanos));
  }
}
