package org.apophenia.cli;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apophenia.autotrace.ApopheniaSettings;
import org.apophenia.cli.bench.BenchGroup;
import org.apophenia.cli.bench.BenchReport;
import org.apophenia.cli.bench.BenchSettings;
import org.apophenia.cli.bench.BenchSuite;
import org.apophenia.cli.bench.GroupResult;
import org.apophenia.cli.output.AtomicFile;
import org.apophenia.cli.output.FileSet;
import org.apophenia.cli.streams.InputException;
import org.apophenia.cli.streams.JsonNumbers;
import org.apophenia.cli.streams.MalformedStreamException;
import org.apophenia.cli.streams.TextInput;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code apophenia bench}: measures the product against the paper's anchors in one process:
 * interceptor overhead, analysis vs replay, end to end per sample, mining, StarPU's launch overhead,
 * task granularity (METG) and simulated scaling. Tables on stdout (or one JSON object with
 * {@code --json}), progress on stderr, CSV and PNG files under {@code --out}, Markdown sections spliced
 * into a file with {@code --markdown} (how BENCHMARKS.md is regenerated).
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = {
        "Measure Apophenia-J against the paper's figures: seven groups of tables and plots.",
        "--quick takes under two minutes on two cores; the full run under thirty."})
final class BenchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--quick", description = "Small sizes and few repetitions.")
  boolean quick;

  @Option(names = "--json", description = "Print one JSON object with every figure instead of tables.")
  boolean json;

  @Option(names = "--out", paramLabel = "DIR",
      description = "Write every table as CSV, the plots as PNG, and bench.json (merged group by group with an existing one), and provenance.json (default: none, print only).")
  Path out;

  /** {@code --settings} and a flag per knob: the settings of the groups that run Apophenia with ours. */
  @Mixin ApopheniaFlags apophenia;

  @Option(names = "--markdown", paramLabel = "FILE",
      description = "Write one Markdown section per group into FILE, between generated-part markers "
          + "(appended if absent; the rest of FILE and the sections of groups not run are kept); default: none.")
  Path markdown;

  // Split here rather than by picocli, which drops empty names ("4," would silently mean "4").
  @Option(names = "--only", paramLabel = "GROUP",
      description = "Run only these groups, by number or name (e.g. 4 or mining); default all.")
  List<String> only;

  @Override
  public Integer call() throws IOException {
    try {
      return execute();
    } finally {
      only = null; // Main registers one instance per JVM; picocli appends to a reused list
      quick = false;
      json = false;
      out = null;
      markdown = null;
    }
  }

  private int execute() throws IOException {
    // Everything is checked before the first group runs: a mistake costs no time and writes nothing.
    List<String> names = only == null ? List.of()
        : only.stream().flatMap(o -> java.util.Arrays.stream(o.split(",", -1))).toList();
    if (only != null && names.stream().anyMatch(String::isBlank)) {
      throw new UserError("--only: an empty group name in '" + String.join(",", only)
          + "' (give numbers or names separated by commas, e.g. 4,starpu)");
    }
    ApopheniaSettings config = apophenia.settings();
    List<BenchGroup> groups;
    try {
      groups = BenchSuite.select(new LinkedHashSet<>(names));
    } catch (IllegalArgumentException e) {
      throw new UserError("--only: " + e.getMessage(), e);
    }
    Path outDir = OutputPaths.directory("--out", out, List.of("bench.json", "provenance.json"));
    Path markdownFile = OutputPaths.file("--markdown", markdown);
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    Map<String, Object> previous = out == null ? null : previousJson(mapper, outDir.resolve("bench.json"));
    String existingMarkdown = markdown == null ? null : existingMarkdown(markdownFile);
    PrintWriter err = spec.commandLine().getErr();
    BenchSettings settings = new BenchSettings(quick, err, config);
    List<BenchReport.Entry> entries = new ArrayList<>();
    long start = System.nanoTime();
    for (BenchGroup g : groups) {
      settings.progress("%d. %s ...", g.number(), g.title());
      long t0 = System.nanoTime();
      GroupResult r = g.run(settings);
      long t = System.nanoTime() - t0;
      settings.progress("%d. done in %.1f s", g.number(), t / 1e9);
      entries.add(new BenchReport.Entry(g, r, t));
    }
    settings.progress("all groups done in %.1f s", (System.nanoTime() - start) / 1e9);
    PrintWriter w = spec.commandLine().getOut();
    // simulated groups run under the legion cost model; groups 1, 2's analysis times and 5 are real time
    Map<String, Object> provenance = Provenance.of("bench" + (quick ? " --quick" : ""),
        org.apophenia.autotrace.ApopheniaSettings.defaults(), true, "legion", org.apophenia.legion.cost.CostModel.legion());
    provenance.put("costModelNote", "simulated times (groups 3, 6, 7) are under this model; groups 1, 2 and 4 measure "
        + "real time, and group 5 runs StarPU itself");
    if (json) {
      Map<String, Object> j = new java.util.LinkedHashMap<>();
      j.put("provenance", provenance);
      j.putAll(BenchReport.json(entries, quick));
      w.println(mapper.writeValueAsString(j));
    } else {
      w.println(Provenance.header(provenance));
      w.print(BenchReport.text(entries));
    }
    if (out != null) {
      // the tables, plots and bench.json appear together at the end, or not at all
      try (FileSet set = FileSet.open(outDir)) {
        List<String> files = BenchReport.writeFiles(set, entries);
        Map<String, Object> merged = new java.util.LinkedHashMap<>();
        merged.put("provenance", provenance); // of this run; groups merged from an earlier run keep their numbers
        merged.putAll(BenchReport.mergeJson(previous, BenchReport.json(entries, quick)));
        set.writeString("bench.json", mapper.writeValueAsString(merged));
        set.writeString("provenance.json", mapper.writeValueAsString(provenance));
        set.commit();
        settings.progress("wrote %d files and bench.json under %s", files.size(), out);
      }
    }
    if (markdown != null) {
      writeMarkdown(entries, existingMarkdown, markdownFile);
    }
    w.flush();
    return 0;
  }

  /** The {@code bench.json} a run will merge into, read now so that a corrupt one is refused before any work. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> previousJson(ObjectMapper mapper, Path file) {
    if (!Files.exists(file)) {
      return null;
    }
    String text;
    try {
      text = TextInput.readDocument(file);
    } catch (InputException | MalformedStreamException e) {
      throw new UserError("--out: " + e.getMessage() + " (a run merges into bench.json; move it away)", e);
    }
    try {
      Object o = mapper.copy().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION).readValue(text, Object.class);
      if (!(o instanceof Map<?, ?> m) || !(m.get("groups") instanceof List<?>)) {
        throw new UserError("--out: " + file + ": not a bench.json (no \"groups\" list); a run merges into it, move it away");
      }
      if (JsonNumbers.hasNonFinite(o)) { // merged and written back, Infinity would not be JSON
        throw new UserError("--out: " + file + ": " + JsonNumbers.describeFirst(text, true)
            + " (a run merges into bench.json; move it away)");
      }
      return (Map<String, Object>) o;
    } catch (JsonProcessingException e) {
      var loc = e.getLocation();
      throw new UserError("--out: " + file + ":" + (loc == null ? "" : loc.getLineNr() + ":") + " not valid JSON: "
          + e.getOriginalMessage() + " (a run merges into bench.json; move it away)", e);
    }
  }

  /** The Markdown file a run splices into, read now so that an unreadable one is refused before any work. */
  private String existingMarkdown(Path file) {
    if (!Files.exists(file)) {
      return "";
    }
    try {
      return TextInput.readDocument(file);
    } catch (InputException | MalformedStreamException e) {
      throw new UserError("--markdown: " + e.getMessage(), e);
    }
  }

  private void writeMarkdown(List<BenchReport.Entry> entries, String existing, Path file) throws IOException {
    StringBuilder cmd = new StringBuilder("bin/apophenia bench");
    if (quick) {
      cmd.append(" --quick");
    }
    if (only != null) {
      cmd.append(" --only ").append(String.join(",", only));
    }
    if (out != null) {
      cmd.append(" --out ").append(out);
    }
    cmd.append(" --markdown ").append(markdown);
    Path base = markdown.toAbsolutePath().getParent(); // as given, like the PNG paths it links to
    String md = BenchReport.markdown(entries, cmd.toString(), p -> {
      Path png = (out == null ? Path.of(p.name() + ".png") : out.resolve(p.name() + ".png")).toAbsolutePath();
      return (out == null ? "(not written: no --out) " : "") + base.relativize(png).toString().replace('\\', '/');
    });
    AtomicFile.write(file, BenchReport.splice(existing, md).getBytes(StandardCharsets.UTF_8));
    new BenchSettings(true, spec.commandLine().getErr()).progress("wrote %s", markdown);
  }
}
