package org.apophenia.cli.report;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apophenia.cli.output.FileSet;

/**
 * Writes the trace-search dumps of one {@code analyze} run into a file set: {@code summary.json},
 * {@code traces.json}, {@code trace-search.csv}, {@code trace-search.png} (the paper's Figure 10) and
 * {@code mining.csv}. Stateless.
 */
public final class ReportWriter {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ReportWriter() {}

  /**
   * Writes all five files into {@code set} (they appear in its directory when the caller commits
   * it); {@code extra} entries are appended to the summary object. {@code rec} and {@code mining} must
   * keep their records ({@link TraceSearchLog#spilling()}, {@link MiningLog#recording()}); the
   * per-operation records are streamed from disk once, with one flag per operation of the window in
   * memory.
   */
  public static void write(FileSet set, String title, TraceSearchLog rec, MiningLog mining,
      Map<String, Object> extra, int window) throws IOException {
    write(set, title, rec, mining, extra, window, null);
  }

  /**
   * {@link #write(FileSet, String, TraceSearchLog, MiningLog, Map, int)}, with the operations any
   * online finder could reach ({@code analyze --bound}; null without it) drawn as a curve of its own
   * on the same window.
   */
  public static void write(FileSet set, String title, TraceSearchLog rec, MiningLog mining,
      Map<String, Object> extra, int window, java.util.BitSet reachable) throws IOException {
    try (OutputStream o = set.create("summary.json")) {
      JSON.writeValue(o, summaryMap(rec.summary(), extra));
    }
    writeTraces(set, rec);
    long n = rec.ops();
    long step = Math.max(1, n / TraceSearchChart.MAX_POINTS);
    LongOpenHashSet firstOps = new LongOpenHashSet();
    for (TraceSearchLog.TraceInfo t : rec.traces()) {
      firstOps.add(Math.min(t.firstOp, n - 1));
    }
    Long2IntOpenHashMap atFirstOps = new Long2IntOpenHashMap();
    TraceSearchChart.Points points = new TraceSearchChart.Points();
    BitSet ring = new BitSet(window); // whether each of the last `window` operations was traced
    BitSet reachRing = reachable == null ? null : new BitSet(window);
    int[] count = {0};
    int[] reach = {0};
    try (Writer w = set.writer("trace-search.csv")) {
      w.write("index,token,traced,trace_id,traced_in_last_" + window + "\n");
      rec.forEachOp((i, token, id) -> {
        int slot = (int) (i % window);
        if (i >= window && ring.get(slot)) {
          count[0]--;
        }
        ring.set(slot, id >= 0);
        if (id >= 0) {
          count[0]++;
        }
        // an untraced operation has no trace: an empty cell, not a number that is not an id
        w.write(i + "," + Long.toHexString(token) + "," + (id >= 0 ? "1," + id : "0,") + "," + count[0] + "\n");
        if (reachRing != null) {
          boolean r = i < Integer.MAX_VALUE && reachable.get((int) i);
          if (i >= window && reachRing.get(slot)) {
            reach[0]--;
          }
          reachRing.set(slot, r);
          if (r) {
            reach[0]++;
          }
        }
        if (i % step == 0 || i == n - 1) {
          points.add(i, count[0], (int) Math.min(i + 1, window));
          if (reachRing != null) {
            points.addReachable(reach[0]);
          }
        }
        if (firstOps.contains(i)) {
          atFirstOps.put(i, count[0]);
        }
      });
    }
    try (OutputStream o = set.create("mining.csv")) {
      mining.copyCsvTo(o);
    }
    try (OutputStream o = set.create("trace-search.png")) {
      TraceSearchChart.write(o, title, rec, points, atFirstOps, n, window);
    }
  }

  /** The summary as an ordered map (the record's fields, then {@code extra}). */
  public static Map<String, Object> summaryMap(Summary s, Map<String, Object> extra) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("ops", s.ops());
    m.put("tracedOps", s.tracedOps());
    m.put("replayedOps", s.replayedOps());
    m.put("coverage", s.coverage());
    m.put("tracesRecorded", s.tracesRecorded());
    m.put("replays", s.replays());
    m.put("meanTraceLength", s.meanTraceLength());
    m.put("firstReplayOp", s.firstReplayOp() < 0 ? null : s.firstReplayOp());
    if (s.firstReplayOp() < 0) {
      m.put("firstReplayOpReason", "no operation was replayed");
    }
    m.put("untraceableOps", s.untraceableOps());
    m.putAll(extra);
    return m;
  }

  /**
   * {@code traces.json}: an array of {@code {id, length, firstOp, occurrences, replays, ops}}, written
   * one trace at a time (the same text as serialising the whole list, without holding it).
   */
  private static void writeTraces(FileSet set, TraceSearchLog rec) throws IOException {
    try (OutputStream o = set.create("traces.json");
        JsonGenerator g = JSON.getFactory().createGenerator(o, JsonEncoding.UTF8)) {
      g.useDefaultPrettyPrinter();
      g.writeStartArray();
      rec.forEachTrace((t, names) -> {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", t.id);
        m.put("length", t.length);
        m.put("firstOp", t.firstOp);
        m.put("occurrences", t.occurrences);
        m.put("replays", t.replays());
        m.put("ops", names);
        JSON.writeValue(g, m);
      });
      g.writeEndArray();
    }
  }
}
