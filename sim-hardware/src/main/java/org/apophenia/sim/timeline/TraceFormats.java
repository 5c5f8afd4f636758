package org.apophenia.sim.timeline;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/**
 * What every trace this project writes shares, whatever it shows (a simulated machine's timeline here,
 * the real threads of a run in the command line's event-recorder output): the Chrome trace-event
 * format's timestamps and the Paje format's header, dates and quoting. Stateless, thread-safe.
 */
public final class TraceFormats {
  private TraceFormats() {}

  /** Nanoseconds as a decimal number of microseconds (the trace-event format's unit), exact: no binary floating point. */
  public static String micros(long nanos) {
    if (nanos < 0) {
      return "-" + micros(-nanos);
    }
    long whole = nanos / 1000;
    int frac = (int) (nanos % 1000);
    if (frac == 0) {
      return Long.toString(whole);
    }
    String f = Integer.toString(1000 + frac).substring(1);
    return whole + "." + f;
  }

  /**
   * Writes a trace-event metadata record ({@code "ph": "M"}): {@code what} is {@code process_name} or
   * {@code thread_name}, {@code name} the row's label.
   */
  public static void chromeMetadata(JsonGenerator g, String what, int pid, int tid, String name) throws IOException {
    openMetadata(g, what, pid, tid);
    g.writeStringField("name", name);
    closeMetadata(g);
  }

  /** Writes a {@code thread_sort_index} metadata record: rows are shown by increasing {@code index}. */
  public static void chromeSortIndex(JsonGenerator g, int pid, int tid, int index) throws IOException {
    openMetadata(g, "thread_sort_index", pid, tid);
    g.writeNumberField("sort_index", index);
    closeMetadata(g);
  }

  /** A metadata record up to its open {@code args} object. */
  private static void openMetadata(JsonGenerator g, String what, int pid, int tid) throws IOException {
    g.writeStartObject();
    g.writeStringField("name", what);
    g.writeStringField("ph", "M");
    g.writeNumberField("pid", pid);
    g.writeNumberField("tid", tid);
    g.writeObjectFieldStart("args");
  }

  private static void closeMetadata(JsonGenerator g) throws IOException {
    g.writeEndObject();
    g.writeEndObject();
  }

  /** Appends nanoseconds as a Paje date: seconds with nine decimals. */
  public static void pajeDate(StringBuilder b, long nanos) {
    b.append(nanos / 1_000_000_000L).append('.');
    String frac = Long.toString(1_000_000_000L + nanos % 1_000_000_000L);
    b.append(frac, 1, frac.length());
  }

  /** A Paje string field: double-quoted, with quotes and line breaks replaced. */
  public static String pajeQuote(String s) {
    return '"' + s.replace('"', '\'').replace('\n', ' ') + '"';
  }

  /**
   * The Paje event definitions both writers use (Schnorr, Stein, de Kergommeaux, "Paje trace file
   * format", 1.2.5): containers, state types, entity values, push/pop of states with a {@code Name}
   * field, and point events (PajeDefineEventType 7, PajeNewEvent 8) with one.
   */
  public static final String PAJE_HEADER = """
      %EventDef PajeDefineContainerType 0
      %       Alias string
      %       Type string
      %       Name string
      %EndEventDef
      %EventDef PajeDefineStateType 1
      %       Alias string
      %       Type string
      %       Name string
      %EndEventDef
      %EventDef PajeDefineEntityValue 2
      %       Alias string
      %       Type string
      %       Name string
      %       Color color
      %EndEventDef
      %EventDef PajeCreateContainer 3
      %       Time date
      %       Alias string
      %       Type string
      %       Container string
      %       Name string
      %EndEventDef
      %EventDef PajeDestroyContainer 4
      %       Time date
      %       Type string
      %       Name string
      %EndEventDef
      %EventDef PajePushState 5
      %       Time date
      %       Type string
      %       Container string
      %       Value string
      %       Name string
      %EndEventDef
      %EventDef PajePopState 6
      %       Time date
      %       Type string
      %       Container string
      %EndEventDef
      %EventDef PajeDefineEventType 7
      %       Alias string
      %       Type string
      %       Name string
      %EndEventDef
      %EventDef PajeNewEvent 8
      %       Time date
      %       Type string
      %       Container string
      %       Value string
      %       Name string
      %EndEventDef
      """;
}
