package org.apophenia.sim.timeline;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.Writer;
import org.apophenia.sim.Span;
import org.apophenia.sim.machine.Channel;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.Resource;

/**
 * Writes a {@link Timeline} in the Chrome trace-event JSON format (opens in Perfetto and
 * chrome://tracing): one process per node, one thread per processor or channel that ran something, one complete
 * ({@code "ph": "X"}) event per span with name, category ({@code task}, {@code copy}, {@code fill},
 * {@code analysis}, {@code replay}) and arguments (operation id, resource, bytes). Timestamps are
 * microseconds with nanosecond decimals. What the timeline left out is stated in
 * {@code otherData.omissions}. Streams; O(spans) time, O(1) extra memory. Stateless, thread-safe.
 *
 * <p>Format reference: "Trace Event Format", Google (docs.google.com/document/d/1CvAClvFfyA5R-PhYUmn5OOQtYMH4h6I0nSsKchNAySU).
 */
public final class ChromeTrace {
  private static final JsonFactory JSON = new JsonFactory();

  private ChromeTrace() {}

  /** Writes {@code timeline} to {@code out} (not closed). */
  public static void write(Timeline timeline, Writer out) throws IOException {
    write(timeline, out, null);
  }

  /** More events of a timeline's file, written after its spans by whoever has them. */
  @FunctionalInterface
  public interface Extra {
    /** Writes events into the {@code traceEvents} array; {@code pid} is a process id no node uses. */
    void write(JsonGenerator g, int pid) throws IOException;
  }

  /** {@link #write(Timeline, Writer)} with {@code extra}'s events (null: none) after the spans. */
  public static void write(Timeline timeline, Writer out, Extra extra) throws IOException {
    Machine m = timeline.machine();
    try (JsonGenerator g = JSON.createGenerator(out)) {
      g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      g.writeStartObject();
      g.writeStringField("displayTimeUnit", "ns");
      g.writeObjectFieldStart("otherData");
      g.writeStringField("machine", m.name());
      g.writeStringField("omissions", timeline.omissions());
      g.writeEndObject();
      g.writeArrayFieldStart("traceEvents");
      for (int n = 0; n < m.nodeCount(); n++) {
        TraceFormats.chromeMetadata(g, "process_name", n, 0, "node " + m.nodeName(n));
      }
      java.util.BitSet used = new java.util.BitSet();
      for (Span s : timeline.spans()) {
        used.set(tid(m, s.resource()));
      }
      int sort = 0;
      for (Processor p : m.processors()) {
        if (!used.get(tid(m, p))) {
          continue;
        }
        TraceFormats.chromeMetadata(g, "thread_name", p.node(), tid(m, p), p.name() + " (" + p.kind() + ")");
        TraceFormats.chromeSortIndex(g, p.node(), tid(m, p), sort++);
      }
      for (Channel c : m.channels()) {
        if (!used.get(tid(m, c))) {
          continue;
        }
        TraceFormats.chromeMetadata(g, "thread_name", c.node(), tid(m, c), c.name() + " (" + c.kind() + ")");
        TraceFormats.chromeSortIndex(g, c.node(), tid(m, c), sort++);
      }
      for (Span s : timeline.spans()) {
        g.writeStartObject();
        g.writeStringField("name", s.name() == null ? s.category().label() : s.name());
        g.writeStringField("cat", s.category().label());
        g.writeStringField("ph", "X");
        g.writeFieldName("ts");
        g.writeNumber(TraceFormats.micros(s.start()));
        g.writeFieldName("dur");
        g.writeNumber(TraceFormats.micros(s.duration()));
        g.writeNumberField("pid", s.resource().node());
        g.writeNumberField("tid", tid(m, s.resource()));
        g.writeObjectFieldStart("args");
        g.writeNumberField("op", s.op().id());
        g.writeStringField("resource", s.resource().name());
        if (s.bytes() > 0) {
          g.writeNumberField("bytes", s.bytes());
        }
        g.writeEndObject();
        g.writeEndObject();
      }
      if (extra != null) {
        extra.write(g, m.nodeCount());
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    out.flush();
  }

  /** Thread id: processors first, then channels, so every resource has its own row. */
  static int tid(Machine m, Resource r) {
    return r instanceof Processor p ? p.id() : m.processors().size() + ((Channel) r).id();
  }

}
