package org.apophenia.sim.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apophenia.sim.Category;
import org.apophenia.sim.Event;
import org.apophenia.sim.Operation;
import org.apophenia.sim.Simulation;
import org.apophenia.sim.Span;
import org.apophenia.sim.TaskCost;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** Chrome trace JSON and Paje timelines of a small stencil-like run on perlmutter:2. */
class TimelineExportTest {
  /** A few iterations: analysis on a utility core, halo copies between GPUs and nodes, GPU tasks. */
  static Timeline stencilTimeline(TimelineLog recorder, int iterations) {
    Machine m = recorder.timeline().machine();
    Simulation sim = Simulation.on(m).listener(recorder);
    List<Processor> gpus = m.processors().stream().filter(p -> p.kind() == ProcessorKind.GPU).toList();
    Processor util = m.processors(0, ProcessorKind.UTILITY).get(0);
    Event[] last = new Event[gpus.size()];
    java.util.Arrays.fill(last, Event.NONE);
    for (int it = 0; it < iterations; it++) {
      Event analysed = sim.submit(new Operation.RuntimeWork("analyse it" + it, util, Category.ANALYSIS, 20_000,
          Event.NONE));
      Event[] next = new Event[gpus.size()];
      for (int g = 0; g < gpus.size(); g++) {
        Processor gpu = gpus.get(g);
        Processor nb = gpus.get((g + 1) % gpus.size());
        Event halo = sim.submit(new Operation.Copy("halo " + g, m.visibleMemories(nb).get(0),
            m.visibleMemories(gpu).get(0), 4 << 20, sim.merge(last[(g + 1) % gpus.size()], analysed)));
        next[g] = sim.submit(new Operation.Task("stencil \"" + g + "\"", gpu, TaskCost.work(2e10, 8e9),
            sim.merge(halo, last[g])));
      }
      last = next;
    }
    sim.drain();
    return recorder.timeline();
  }

  @Test
  void chromeTraceHasOneProcessPerNodeAndOneCompleteEventPerSpan() throws IOException {
    Machine m = Presets.machine("perlmutter:2");
    Timeline t = stencilTimeline(TimelineLog.unbounded(m), 3);
    StringWriter out = new StringWriter();
    ChromeTrace.write(t, out);
    JsonNode root = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
        .readTree(out.toString());
    assertEquals("complete: all " + t.spans().size() + " spans", root.get("otherData").get("omissions").asText());
    int complete = 0;
    int processes = 0;
    for (JsonNode e : root.get("traceEvents")) {
      if (e.get("ph").asText().equals("X")) {
        // the complete events are the spans in order, times in exact decimal microseconds
        Span span = t.spans().get(complete++);
        assertTrue(List.of("task", "copy", "analysis").contains(e.get("cat").asText()), e.toString());
        assertEquals(span.category().label(), e.get("cat").asText(), e.toString());
        assertEquals(span.op().id(), e.get("args").get("op").asInt(), e.toString());
        assertEquals(span.start(), nanos(e.get("ts")), e.toString());
        assertEquals(span.duration(), nanos(e.get("dur")), e.toString());
      } else if (e.get("name").asText().equals("process_name")) {
        processes++;
      }
    }
    assertEquals(t.spans().size(), complete);
    assertEquals(2, processes);
  }

  /** A Chrome trace time (decimal microseconds) in nanoseconds, exactly. */
  private static long nanos(JsonNode micros) {
    return micros.decimalValue().movePointRight(3).longValueExact();
  }

  @Test
  void pajeTraceIsAcceptedByPjDump() throws Exception {
    Machine m = Presets.machine("perlmutter:2");
    Timeline t = stencilTimeline(TimelineLog.unbounded(m), 3);
    Path dir = Path.of("target", "timelines");
    Files.createDirectories(dir);
    Path paje = dir.resolve("stencil-perlmutter-2.paje");
    try (Writer w = Files.newBufferedWriter(paje, StandardCharsets.UTF_8)) {
      PajeTrace.write(t, w);
    }
    try (Writer w = Files.newBufferedWriter(dir.resolve("stencil-perlmutter-2.json"), StandardCharsets.UTF_8)) {
      ChromeTrace.write(t, w);
    }
    String pjDump = findPjDump();
    if (pjDump == null) {
      if ("true".equals(System.getenv("CI"))) {
        fail("pj_dump (Debian package pajeng) is required under CI; .ci/run installs it");
      }
      Assumptions.abort("pj_dump not found on PATH: install Debian's pajeng to run this check");
    }
    Process p = new ProcessBuilder(pjDump, paje.toAbsolutePath().toString())
        .redirectError(dir.resolve("pj_dump.err").toFile())
        .redirectOutput(dir.resolve("pj_dump.out").toFile()).start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "pj_dump timed out");
    String err = Files.readString(dir.resolve("pj_dump.err"));
    assertEquals(0, p.exitValue(), "pj_dump failed: " + err);
    assertEquals("", err.strip(), "pj_dump complained");
    List<String> states = Files.readAllLines(dir.resolve("pj_dump.out")).stream()
        .filter(l -> l.startsWith("State")).toList();
    assertEquals(t.spans().size(), states.size());
    assertTrue(states.stream().anyMatch(l -> l.endsWith(", task")), states.get(0));
    assertTrue(states.stream().anyMatch(l -> l.endsWith(", analysis")), states.get(0));
  }

  private static String findPjDump() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      File f = new File(dir, "pj_dump");
      if (f.canExecute()) {
        return f.getPath();
      }
    }
    return null;
  }

  @Test
  void aBoundedRecorderSamplesEvenlyAndSaysWhatItLeftOut() {
    Machine m = Presets.machine("perlmutter:2");
    Timeline full = stencilTimeline(TimelineLog.unbounded(m), 40);
    Timeline t = stencilTimeline(TimelineLog.bounded(m, 100), 40);
    assertEquals(full.seen(), t.seen());
    assertTrue(t.spans().size() <= 100 && t.spans().size() >= 50, "kept " + t.spans().size());
    assertEquals(Long.bitCount(t.stride()), 1);
    for (int i = 0; i < t.spans().size(); i++) {
      assertEquals(full.spans().get((int) (i * t.stride())), t.spans().get(i));
    }
    assertFalse(t.isComplete());
    assertTrue(t.omissions().contains("1 in " + t.stride()), t.omissions());
  }

  @Test
  void aWindowKeepsOnlySpansStartingInsideIt() {
    Machine m = Presets.machine("perlmutter:2");
    List<org.apophenia.sim.Span> all = stencilTimeline(TimelineLog.unbounded(m), 10).spans();
    long from = all.get(all.size() / 4).start();
    long to = all.get(all.size() / 2).start();
    Timeline t = stencilTimeline(TimelineLog.window(m, from, to, 1_000), 10);
    assertEquals(all.stream().filter(s -> s.start() >= from && s.start() < to).toList(), t.spans());
    assertFalse(t.spans().isEmpty());
    assertEquals(all.size() - t.spans().size(), t.outsideWindow());
    assertTrue(t.omissions().contains("outside the window [" + from + " ns, " + to + " ns)"), t.omissions());
  }
}
