package org.apophenia.cli.profile;

import java.io.IOException;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apophenia.recorder.EventKind;
import org.apophenia.recorder.EventLog;
import org.apophenia.recorder.ThreadEvents;
import org.apophenia.sim.timeline.TraceFormats;

/**
 * Writes a {@link ProfileModel} as a Paje trace, readable by {@code pj_dump} (Debian's {@code pajeng})
 * and ViTE, as StarPU's FxT traces are: a container per real thread under one for the JVM; slices as
 * nested states of type {@code ST_Activity} (push at start, pop at end), Apophenia's trace occurrences
 * and the runtime's as states of their own types ({@code ST_Trace}, {@code ST_RuntimeTrace}, so they
 * need not nest with the slices), points as Paje events ({@code EV_Point}); each with a {@code Name}
 * field saying its arguments. Dates are seconds since the recorder started, nine decimals, in
 * non-decreasing order across all threads (the merged timeline). Header, dates and quoting are the
 * simulated timeline's ({@link TraceFormats}). Stateless.
 */
final class PajeProfile {
  private PajeProfile() {}

  static void write(ProfileModel model, Writer out) throws IOException {
    EventLog log = model.log();
    out.write(TraceFormats.PAJE_HEADER);
    out.write("# apophenia event recorder: " + log.describe() + "\n");
    out.write("0 CT_Program 0 \"Program\"\n");
    out.write("0 CT_Thread CT_Program \"Thread\"\n");
    out.write("1 ST_Activity CT_Thread \"Activity\"\n");
    out.write("1 ST_Trace CT_Thread \"Apophenia trace\"\n");
    out.write("1 ST_RuntimeTrace CT_Thread \"Runtime trace\"\n");
    out.write("7 EV_Point CT_Thread \"Point\"\n");
    Map<String, String> values = new LinkedHashMap<>();
    int colour = 0;
    for (EventKind k : EventKind.values()) {
      // its own type, and a point too: an end whose beginning was dropped is drawn as one
      for (String type : new String[] {type(k), "EV_Point"}) {
        String key = type + ' ' + k.label();
        if (!values.containsKey(key)) {
          String alias = "V" + values.size();
          values.put(key, alias);
          out.write("2 " + alias + " " + type + " " + TraceFormats.pajeQuote(k.label()) + " \""
              + COLOURS[colour++ % COLOURS.length] + "\"\n");
        }
      }
    }
    out.write("3 0.000000000 P CT_Program 0 \"apophenia (JVM)\"\n");
    for (ThreadEvents t : log.threads()) {
      out.write("3 0.000000000 " + alias(t.thread()) + " CT_Thread P " + TraceFormats.pajeQuote(t.name()) + "\n");
    }
    long end = 0;
    StringBuilder line = new StringBuilder(128);
    for (Mark m : model.merged()) {
      line.setLength(0);
      String type = type(m.kind());
      switch (m.type()) {
        case PUSH, ASYNC_BEGIN -> {
          line.append("5 ");
          TraceFormats.pajeDate(line, m.time());
          line.append(' ').append(type).append(' ').append(alias(m.thread())).append(' ')
              .append(values.get(type + ' ' + m.kind().label())).append(' ').append(TraceFormats.pajeQuote(describe(m)));
        }
        case POP, ASYNC_END -> {
          line.append("6 ");
          TraceFormats.pajeDate(line, m.time());
          line.append(' ').append(type).append(' ').append(alias(m.thread()));
        }
        case INSTANT -> {
          line.append("8 ");
          TraceFormats.pajeDate(line, m.time());
          line.append(" EV_Point ").append(alias(m.thread())).append(' ')
              .append(values.get("EV_Point " + m.kind().label())).append(' ').append(TraceFormats.pajeQuote(describe(m)));
        }
        default -> throw new AssertionError(m.type());
      }
      end = Math.max(end, m.time());
      out.write(line.append('\n').toString());
    }
    line.setLength(0);
    TraceFormats.pajeDate(line, end);
    for (ThreadEvents t : log.threads()) {
      out.write("4 " + line + " CT_Thread " + alias(t.thread()) + "\n");
    }
    out.write("4 " + line + " CT_Program P\n");
    out.flush();
  }

  private static final String[] COLOURS = {"0.20 0.45 0.85", "0.95 0.75 0.10", "0.60 0.60 0.60",
      "0.85 0.20 0.20", "0.20 0.70 0.30", "0.55 0.30 0.75", "0.10 0.65 0.65"};

  private static String alias(int thread) {
    return "T" + thread;
  }

  /** The Paje type an event of {@code k} is drawn as. */
  private static String type(EventKind k) {
    return switch (k.shape()) {
      case BEGIN, END, COMPLETE -> "ST_Activity";
      case INSTANT -> "EV_Point";
      case ASYNC_BEGIN, ASYNC_END -> k.label().startsWith("runtime") ? "ST_RuntimeTrace" : "ST_Trace";
    };
  }

  /** The Name field: the kind's label and arguments, e.g. {@code "mine job=3 window=64 repeats=2"}. */
  static String describe(Mark m) {
    StringBuilder b = new StringBuilder(m.name());
    args(b, m.kind(), m.arg(), m.aux());
    if (m.closer() != null && m.closer() != m.kind()) {
      args(b, m.closer(), m.closerArg(), m.closerAux());
    }
    if (m.note() != null) {
      b.append(" (").append(m.note()).append(')');
    }
    return b.toString();
  }

  private static void args(StringBuilder b, EventKind k, long arg, long aux) {
    if (k.argName() != null && !(k.shape() == EventKind.Shape.ASYNC_BEGIN || k.shape() == EventKind.Shape.ASYNC_END)) {
      b.append(' ').append(k.argName().replace(' ', '-')).append('=').append(arg);
    }
    if (k.auxName() != null) {
      String word = k.auxLabel(aux);
      b.append(' ').append(k.auxName()).append('=').append(word != null ? word : Long.toString(aux));
    }
  }
}
