package org.apophenia.cli.profile;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apophenia.cli.output.FileSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apophenia.recorder.Category;
import org.apophenia.recorder.EventLog;
import org.apophenia.recorder.EventRecorder;
import org.apophenia.recorder.RecorderSettings;
import org.apophenia.recorder.ThreadStats;

/**
 * One recording of a command's run: the installed {@link EventRecorder} while the command works, then
 * the files, written once the work is over (never while the program runs), and a summary of what was
 * recorded and lost, on stderr and as JSON. Not thread-safe: the command's thread.
 */
public final class ProfileSession {
  static final String CHROME = "profile.json";
  static final String PAJE = "profile.paje";
  static final String SUMMARY = "profile-summary.json";

  private final Path dir;
  private final EventRecorder recorder;
  private Map<String, Object> summary;

  private ProfileSession(Path dir, EventRecorder recorder) {
    this.dir = dir;
    this.recorder = recorder;
  }

  static ProfileSession start(Path dir, RecorderSettings settings) {
    return new ProfileSession(dir, EventRecorder.start(settings).install());
  }

  /**
   * Stops recording (idempotent), writes the files into the directory and returns the summary, which
   * it also prints on {@code err} in one line: what was written, and what was dropped, if anything.
   */
  public Map<String, Object> finish(PrintWriter err) throws IOException {
    if (summary != null) {
      return summary;
    }
    EventLog log = recorder.stop();
    ProfileModel model = ProfileModel.of(log);
    // the three files appear together at the end, or not at all (a FileSet: staged, then committed)
    try (FileSet set = FileSet.open(dir)) {
      try (Writer w = set.writer(CHROME)) {
        ChromeProfile.write(model, w);
      }
      try (Writer w = set.writer(PAJE)) {
        PajeProfile.write(model, w);
      }
      summary = summary(log, model);
      set.writeString(SUMMARY, new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(summary));
      set.commit();
    }
    err.printf("profile: %s; wrote %s/{%s,%s,%s}%n", log.describe(), dir, CHROME, PAJE, SUMMARY);
    err.flush();
    return summary;
  }

  /**
   * Stops recording and uninstalls the recorder, writing nothing (yet): right after the recorded work,
   * whether it succeeded or not. Idempotent.
   */
  public void stop() {
    recorder.stop();
  }

  static Map<String, Object> summary(EventLog log, ProfileModel model) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("categories", log.settings().categories().stream().sorted().map(Category::key).toList());
    m.put("overflow", log.settings().overflow().key());
    m.put("bufferEvents", log.settings().capacity());
    m.put("recorded", log.recorded());
    m.put("written", log.written());
    m.put("dropped", log.dropped());
    m.put("late", log.late());
    m.put("grown", log.grown());
    m.put("blockedNanos", log.blockedNanos());
    m.put("unmatchedEnds", model.unmatched());
    m.put("unfinishedSlices", model.unfinished());
    m.put("wallNanos", log.stopNanos() - log.startNanos());
    m.put("writerCpuNanos", log.writerCpuNanos());
    List<Map<String, Object>> threads = new ArrayList<>();
    for (ThreadStats s : log.stats()) {
      Map<String, Object> t = new LinkedHashMap<>();
      t.put("track", s.thread());
      t.put("name", s.name());
      t.put("recorded", s.recorded());
      t.put("written", s.written());
      t.put("dropped", s.dropped());
      t.put("grown", s.grown());
      t.put("blocks", s.blocks());
      t.put("blockedNanos", s.blockedNanos());
      threads.add(t);
    }
    m.put("threads", threads);
    m.put("description", log.describe());
    return m;
  }
}
