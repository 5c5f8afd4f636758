package org.apophenia.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.MachineFile;
import org.apophenia.sim.machine.Presets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code apophenia machines}: the simulated machines.
 *
 * <p>Contract: without arguments, a summary of every preset at one node; {@code MACHINE...} (e.g.
 * {@code perlmutter:16}) summarises those presets; {@code --validate FILE} checks a machine file and
 * summarises it, or prints one line {@code --validate FILE: $.json.path: problem} and exits with 2.
 * {@code --json} prints the machines instead in the machine-file schema ({@link MachineFile}): one
 * named machine as one object, so that {@code machines --json workstation > m.json} is a machine file
 * that {@code --validate} and {@code run --machine} accept; several (or all, without a name) as a JSON
 * array of such objects.
 */
@Command(
    name = "machines",
    mixinStandardHelpOptions = true,
    description = {
        "List the simulated machine presets, or validate a machine file.",
        "Presets: perlmutter, eos, workstation, cpu; append :N for N nodes (e.g. perlmutter:16)."})
final class MachinesCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--json", description = "Print machine JSON (the machine-file schema) instead of a summary: "
      + "one named machine as one object (a machine file), several as an array of them.")
  boolean json;

  @Option(names = "--validate", paramLabel = "FILE", description = "Check a machine JSON file and print it (default: no file; list presets).")
  Path validate;

  @Parameters(paramLabel = "MACHINE", arity = "0..*",
      description = "Presets to show, NAME or NAME:NODES (default: every preset, one node).")
  List<String> specs;

  @Override
  public Integer call() {
    try {
      return execute(specs == null ? List.of() : List.copyOf(specs));
    } finally {
      // Main registers one instance for every run in the JVM, and picocli appends to a reused list.
      specs = null;
      validate = null;
      json = false;
    }
  }

  private int execute(List<String> wanted) {
    List<Machine> machines = new ArrayList<>();
    if (validate != null) {
      if (!wanted.isEmpty()) {
        throw new UserError("--validate takes no MACHINE arguments");
      }
      machines.add(readFile(validate));
    } else {
      for (String s : wanted.isEmpty() ? Presets.names() : wanted) {
        machines.add(Presets.machine(s));
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      printJson(out, machines, wanted.size() == 1 || validate != null);
    } else {
      if (validate != null) {
        out.println(validate + ": valid machine file");
      }
      for (Machine m : machines) {
        printSummary(out, m);
      }
    }
    return 0;
  }

  private static Machine readFile(Path file) {
    return MachineFiles.read("--validate", file);
  }

  /** One machine as one object (a machine file), or several as an array. */
  private static void printJson(PrintWriter out, List<Machine> machines, boolean one) {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ArrayNode all = mapper.createArrayNode();
    machines.forEach(m -> all.add(MachineFile.toTree(m)));
    try {
      out.println(mapper.writeValueAsString(one ? all.get(0) : all));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void printSummary(PrintWriter out, Machine m) {
    out.println(m.name() + ": " + m.description());
    out.printf("  %-11s %d%n", "nodes", m.nodeCount());
    out.printf("  %-11s %s%n", "processors", groups(m.processors(),
        p -> p.kind() + " " + gflops(p.flopsPerSecond()) + ", launch " + nanos(p.launchOverheadNanos())));
    out.printf("  %-11s %s%n", "memories", groups(m.memories(), mem -> mem.kind() + " " + bytes(mem.capacityBytes())));
    out.printf("  %-11s %s%n", "channels", groups(m.channels(),
        c -> c.kind() + " " + gbps(c.bytesPerSecond()) + ", latency " + nanos(c.latencyNanos())));
    out.println();
  }

  /** "3 × A, 1 × B", grouping equal descriptions, in order of first appearance per kind. */
  private static <T> String groups(List<T> items, Function<T, String> describe) {
    if (items.isEmpty()) {
      return "none";
    }
    Map<String, Integer> counts = new java.util.LinkedHashMap<>();
    for (T t : items) {
      counts.merge(describe.apply(t), 1, Integer::sum);
    }
    Map<String, Integer> sorted = new TreeMap<>(counts);
    List<String> parts = new ArrayList<>();
    sorted.forEach((d, n) -> parts.add(n + " × " + d));
    return String.join("\n" + " ".repeat(14), parts);
  }

  private static String gflops(double flops) {
    return flops >= 1e12 ? fmt(flops / 1e12) + " TFLOP/s" : fmt(flops / 1e9) + " GFLOP/s";
  }

  private static String gbps(double bytesPerSecond) {
    return fmt(bytesPerSecond / 1e9) + " GB/s";
  }

  private static String bytes(long b) {
    return b % (1L << 30) == 0 ? (b >> 30) + " GiB" : b + " B";
  }

  private static String nanos(long ns) {
    return ns % 1000 == 0 ? ns / 1000 + " µs" : ns + " ns";
  }

  private static String fmt(double x) {
    String s = String.format(Locale.ROOT, "%.2f", x);
    return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
  }
}
