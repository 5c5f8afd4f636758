package org.apophenia.samples.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apophenia.apophenia.MiningReport;

/**
 * Writes the trace-search dumps of one {@code analyze} run into a directory: {@code summary.json},
 * {@code traces.json}, {@code trace-search.csv}, {@code trace-search.png} (the paper's Figure 10) and
 * {@code mining.csv}. Stateless.
 */
public final class ReportWriter {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ReportWriter() {}

  /** Writes all five files; {@code extra} entries are appended to the summary object. */
  public static void write(Path dir, String title, TraceSearchRecorder rec, MiningLog mining,
      Map<String, Object> extra, int window) throws IOException {
    Files.createDirectories(dir);
    JSON.writeValue(dir.resolve("summary.json").toFile(), summaryMap(rec.summary(), extra));
    JSON.writeValue(dir.resolve("traces.json").toFile(), traces(rec));
    int[] inWindow = rec.tracedInWindow(window);
    try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("trace-search.csv"), StandardCharsets.UTF_8)) {
      w.write("index,token,traced,trace_id,traced_in_last_" + window + "\n");
      for (int i = 0; i < inWindow.length; i++) {
        int id = rec.traceIdOf(i);
        w.write(i + "," + Long.toHexString(rec.tokenOf(i)) + "," + (id >= 0 ? 1 : 0) + "," + id + ","
            + inWindow[i] + "\n");
      }
    }
    try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("mining.csv"), StandardCharsets.UTF_8)) {
      w.write("job,launch_op,window,duration_us,candidates,ingest_op,waited,failed\n");
      for (MiningReport r : mining.jobs) {
        w.write(r.job() + "," + r.launchPosition() + "," + r.window() + ","
            + String.format("%.1f", r.durationNanos() / 1e3) + "," + r.candidates() + ","
            + r.ingestPosition() + "," + r.waited() + "," + r.failed() + "\n");
      }
    }
    TraceSearchChart.write(dir.resolve("trace-search.png"), title, rec, inWindow, window);
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
    m.put("firstReplayOp", s.firstReplayOp());
    m.put("untraceableOps", s.untraceableOps());
    m.putAll(extra);
    return m;
  }

  private static List<Map<String, Object>> traces(TraceSearchRecorder rec) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (TraceSearchRecorder.TraceInfo t : rec.traces()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("id", t.id);
      m.put("length", t.length);
      m.put("firstOp", t.firstOp);
      m.put("occurrences", t.occurrences);
      m.put("replays", t.replays());
      m.put("ops", t.names);
      out.add(m);
    }
    return out;
  }
}
