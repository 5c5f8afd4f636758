package org.apophenia.sim.timeline;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apophenia.sim.Category;
import org.apophenia.sim.Span;
import org.apophenia.sim.machine.Channel;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.Resource;

/**
 * Writes a {@link Timeline} as a Paje trace (the format of ViTE and of StarPU's FxT traces), readable
 * by {@code pj_dump} from Debian's {@code pajeng}. Container hierarchy: machine → node → processor or
 * channel (only resources that ran something); each span is a PushState/PopState pair whose value is
 * the span's category and whose extra {@code Name} field is the operation's name. Dates are seconds
 * with nanosecond decimals, written in non-decreasing order as Paje requires. What the timeline left
 * out is written as a comment in the header. O(spans log spans) time and O(spans) memory (for the
 * sort). Stateless, thread-safe.
 *
 * <p>Format reference: Schnorr, Stein, de Kergommeaux, "Paje trace file format" (version 1.2.5,
 * github.com/schnorr/pajeng/blob/master/doc/lang-paje/lang-paje.pdf).
 */
public final class PajeTrace {
  private static final Category[] SHOWN = {
      Category.TASK, Category.COPY, Category.FILL, Category.ANALYSIS, Category.REPLAY};
  private static final String[] COLOURS = {"0.20 0.45 0.85", "0.95 0.75 0.10", "0.60 0.60 0.60",
      "0.85 0.20 0.20", "0.20 0.70 0.30"};

  private PajeTrace() {}

  /** Writes {@code timeline} to {@code out} (not closed). */
  public static void write(Timeline timeline, Writer out) throws IOException {
    Machine m = timeline.machine();
    out.write(TraceFormats.PAJE_HEADER);
    out.write("# machine " + m.name() + "; " + timeline.omissions() + "\n");
    out.write("0 CT_Machine 0 \"Machine\"\n");
    out.write("0 CT_Node CT_Machine \"Node\"\n");
    out.write("0 CT_Proc CT_Node \"Processor\"\n");
    out.write("0 CT_Chan CT_Node \"Channel\"\n");
    out.write("1 ST_Proc CT_Proc \"Processor state\"\n");
    out.write("1 ST_Chan CT_Chan \"Channel state\"\n");
    for (int i = 0; i < SHOWN.length; i++) {
      for (String st : new String[] {"ST_Proc", "ST_Chan"}) {
        out.write("2 " + value(st, SHOWN[i]) + " " + st + " \"" + SHOWN[i].label() + "\" \"" + COLOURS[i] + "\"\n");
      }
    }
    BitSet used = new BitSet();
    for (Span s : timeline.spans()) {
      used.set(ChromeTrace.tid(m, s.resource()));
    }
    long end = 0;
    for (Span s : timeline.spans()) {
      end = Math.max(end, s.end());
    }
    out.write("3 0.000000000 M CT_Machine 0 " + quote(m.name()) + "\n");
    for (int n = 0; n < m.nodeCount(); n++) {
      out.write("3 0.000000000 N" + n + " CT_Node M " + quote(m.nodeName(n)) + "\n");
    }
    for (Processor p : m.processors()) {
      if (used.get(ChromeTrace.tid(m, p))) {
        out.write("3 0.000000000 " + alias(m, p) + " CT_Proc N" + p.node() + " " + quote(p.name()) + "\n");
      }
    }
    for (Channel c : m.channels()) {
      if (used.get(ChromeTrace.tid(m, c))) {
        out.write("3 0.000000000 " + alias(m, c) + " CT_Chan N" + c.node() + " " + quote(c.name()) + "\n");
      }
    }
    // Push at start, pop at end; sorted by (time, resource, order within the resource). Per resource
    // the spans do not overlap, so that order is push, pop, push, pop... even for empty spans.
    List<long[]> events = new ArrayList<>(2 * timeline.spans().size());
    int[] seqOf = new int[m.processors().size() + m.channels().size()];
    List<Span> spans = timeline.spans();
    for (int i = 0; i < spans.size(); i++) {
      Span s = spans.get(i);
      int r = ChromeTrace.tid(m, s.resource());
      events.add(new long[] {s.start(), r, seqOf[r]++, i, 1});
      events.add(new long[] {s.end(), r, seqOf[r]++, i, 0});
    }
    events.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
        : a[1] != b[1] ? Long.compare(a[1], b[1]) : Long.compare(a[2], b[2]));
    StringBuilder line = new StringBuilder(96);
    for (long[] e : events) {
      Span s = spans.get((int) e[3]);
      String st = s.resource() instanceof Processor ? "ST_Proc" : "ST_Chan";
      line.setLength(0);
      if (e[4] == 1) {
        line.append("5 ");
        date(line, e[0]);
        line.append(' ').append(st).append(' ').append(alias(m, s.resource())).append(' ')
            .append(value(st, s.category())).append(' ')
            .append(quote(s.name() == null ? s.category().label() : s.name())).append('\n');
      } else {
        line.append("6 ");
        date(line, e[0]);
        line.append(' ').append(st).append(' ').append(alias(m, s.resource())).append('\n');
      }
      out.write(line.toString());
    }
    line.setLength(0);
    date(line, end);
    String endDate = line.toString();
    for (Processor p : m.processors()) {
      if (used.get(ChromeTrace.tid(m, p))) {
        out.write("4 " + endDate + " CT_Proc " + alias(m, p) + "\n");
      }
    }
    for (Channel c : m.channels()) {
      if (used.get(ChromeTrace.tid(m, c))) {
        out.write("4 " + endDate + " CT_Chan " + alias(m, c) + "\n");
      }
    }
    for (int n = 0; n < m.nodeCount(); n++) {
      out.write("4 " + endDate + " CT_Node N" + n + "\n");
    }
    out.write("4 " + endDate + " CT_Machine M\n");
    out.flush();
  }

  private static String alias(Machine m, Resource r) {
    return r instanceof Processor p ? "P" + p.id() : "C" + ((Channel) r).id();
  }

  private static String value(String stateType, Category c) {
    return (stateType.equals("ST_Proc") ? "VP_" : "VC_") + c.label();
  }

  private static void date(StringBuilder b, long nanos) {
    TraceFormats.pajeDate(b, nanos);
  }

  private static String quote(String s) {
    return TraceFormats.pajeQuote(s);
  }
}
