package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apophenia.samples.apps.Samples;
import org.apophenia.sim.machine.MachineFile;

/**
 * The validator is the contract: random machines whose figures lie anywhere in {@link MachineFile}'s
 * documented ranges (log-uniform, so the extremes come up) pass {@code machines --validate}, and every
 * sample runs on them to the end with a positive makespan; raising every latency never shortens
 * the makespan. Tiny runs and few tries: a few seconds.
 */
class ValidMachineProperties {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A figure between {@code min} and {@code max}, log-uniform. */
  private static double logUniform(Random r, double min, double max) {
    return Math.exp(Math.log(min) + r.nextDouble() * (Math.log(max) - Math.log(min)));
  }

  /** Rounds to 6 significant digits, so the decimal written is exactly what was drawn. */
  private static double round(double x) {
    return Double.parseDouble(String.format(java.util.Locale.ROOT, "%.6g", x));
  }

  /** A random machine file; {@code latencyScale} multiplies every latency (capped at the bound). */
  static ObjectNode machine(long seed, double latencyScale) {
    Random r = new Random(seed);
    ObjectNode root = JSON.createObjectNode();
    root.put("name", "random-" + seed);
    ArrayNode nodes = root.putArray("nodes");
    ArrayNode affs = root.putArray("affinities");
    ArrayNode chans = root.putArray("channels");
    int nodeCount = 1 + r.nextInt(3);
    long[] lat = new long[64];
    for (int i = 0; i < lat.length; i++) {
      lat[i] = r.nextInt(4) == 0 ? 0 : (long) logUniform(r, 1, MachineFile.MAX_NANOS);
    }
    int[] l = {0};
    java.util.function.LongSupplier latency =
        () -> Math.min(MachineFile.MAX_NANOS, (long) (lat[l[0]++ % lat.length] * latencyScale));
    for (int n = 0; n < nodeCount; n++) {
      ObjectNode node = nodes.addObject();
      String p = "n" + n;
      node.put("name", p);
      ArrayNode procs = node.putArray("processors");
      ArrayNode mems = node.putArray("memories");
      mems.addObject().put("name", p + ".sys").put("kind", "SYSTEM")
          .put("capacityBytes", (long) logUniform(r, MachineFile.MIN_CAPACITY, MachineFile.MAX_CAPACITY));
      chans.addObject().put("name", p + ".sys.local").put("kind", "LOCAL").put("from", p + ".sys").put("to", p + ".sys")
          .put("bandwidthGBps", round(logUniform(r, MachineFile.MIN_GBPS, MachineFile.MAX_GBPS)))
          .put("latencyNs", latency.getAsLong());
      int cpus = 1 + r.nextInt(2);
      int gpus = r.nextInt(3);
      for (int c = 0; c < cpus; c++) {
        String name = p + ".cpu" + c;
        procs.addObject().put("name", name).put("kind", "CPU")
            .put("gflops", round(logUniform(r, MachineFile.MIN_GFLOPS, MachineFile.MAX_GFLOPS)))
            .put("launchOverheadNs", latency.getAsLong());
        affs.addObject().put("processor", name).put("memory", p + ".sys")
            .put("bandwidthGBps", round(logUniform(r, MachineFile.MIN_GBPS, MachineFile.MAX_GBPS)))
            .put("latencyNs", latency.getAsLong());
      }
      if (r.nextBoolean()) {
        procs.addObject().put("name", p + ".util").put("kind", "UTILITY").put("gflops", 1);
        affs.addObject().put("processor", p + ".util").put("memory", p + ".sys").put("bandwidthGBps", 1)
            .put("latencyNs", 0);
      }
      for (int g = 0; g < gpus; g++) {
        String name = p + ".gpu" + g;
        String fb = name + ".fb";
        procs.addObject().put("name", name).put("kind", "GPU")
            .put("gflops", round(logUniform(r, MachineFile.MIN_GFLOPS, MachineFile.MAX_GFLOPS)))
            .put("launchOverheadNs", latency.getAsLong());
        mems.addObject().put("name", fb).put("kind", "FRAMEBUFFER").put("capacityBytes", 1L << 34);
        affs.addObject().put("processor", name).put("memory", fb)
            .put("bandwidthGBps", round(logUniform(r, MachineFile.MIN_GBPS, MachineFile.MAX_GBPS)))
            .put("latencyNs", latency.getAsLong());
        chans.addObject().put("name", fb + ".local").put("kind", "LOCAL").put("from", fb).put("to", fb)
            .put("bandwidthGBps", round(logUniform(r, MachineFile.MIN_GBPS, MachineFile.MAX_GBPS)))
            .put("latencyNs", latency.getAsLong());
        chans.addObject().put("name", name + ".pcie").put("kind", "PCIE").put("from", p + ".sys").put("to", fb)
            .put("bandwidthGBps", round(logUniform(r, MachineFile.MIN_GBPS, MachineFile.MAX_GBPS)))
            .put("latencyNs", latency.getAsLong()).put("bidirectional", true);
      }
      if (n > 0) {
        chans.addObject().put("name", "net" + n).put("kind", "NETWORK").put("from", "n0.sys").put("to", p + ".sys")
            .put("bandwidthGBps", round(logUniform(r, MachineFile.MIN_GBPS, MachineFile.MAX_GBPS)))
            .put("latencyNs", latency.getAsLong()).put("bidirectional", true);
      }
    }
    return root;
  }

  private static long makespan(Path machine, String sample) throws IOException {
    CliRun run = CliRun.of("run", sample, "--machine", machine.toString(), "--size", "8", "--iterations", "3",
        "--tiles", "2", "--json");
    assertThat(run.exitCode()).as(sample + " on " + machine + "\n" + run.err()).isZero();
    JsonNode m = JSON.readTree(run.out()).get("simulatedMakespanNanos");
    // a whole number of simulated nanoseconds; positive, since every task takes at least 1 ns on any
    // machine (durations round up) and the clock saturates rather than wraps to a negative number
    assertThat(m != null && m.isIntegralNumber()).as(sample + ": simulatedMakespanNanos " + m).isTrue();
    assertThat(m.asLong()).as(sample + ": makespan on " + machine).isPositive();
    return m.asLong();
  }

  @Property(tries = 8)
  void everySampleRunsOnAValidMachineAndLatencyNeverShortensIt(@ForAll long seed,
      @ForAll @IntRange(min = 2, max = 1000) int latencyFactor) throws IOException {
    Path dir = Files.createTempDirectory("apophenia-machine");
    try {
      Path base = dir.resolve("base.json");
      Files.writeString(base, JSON.writeValueAsString(machine(seed, 1)));
      CliRun validate = CliRun.of("machines", "--validate", base.toString());
      assertThat(validate.exitCode()).as(validate.err()).isZero();
      List<String> samples = Samples.names();
      long first = 0;
      for (String sample : samples) {
        long m = makespan(base, sample);
        if (sample.equals(samples.get((int) Math.floorMod(seed, (long) samples.size())))) {
          first = m;
        }
      }
      Path slower = dir.resolve("slower.json");
      Files.writeString(slower, JSON.writeValueAsString(machine(seed, latencyFactor)));
      String sample = samples.get((int) Math.floorMod(seed, (long) samples.size()));
      assertThat(makespan(slower, sample)).as(sample + ": every latency x" + latencyFactor)
          .isGreaterThanOrEqualTo(first);
    } finally {
      try (var s = Files.walk(dir)) {
        s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }
}
