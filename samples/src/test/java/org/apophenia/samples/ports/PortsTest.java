package org.apophenia.samples.ports;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.samples.apps.RunOptions;
import org.apophenia.samples.apps.RunResult;
import org.apophenia.samples.apps.Sample;
import org.apophenia.samples.apps.SampleRunner;
import org.apophenia.samples.apps.Samples;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.api.Test;

/**
 * The two NumPy ports give the NumPy originals' results bit for bit (checksums from
 * {@code tools/numpy/ports_goldens.py} in {@code numpy/ports.json}) in every mode, and automatic
 * tracing covers them.
 */
class PortsTest {
  static RunResult run(Sample s, Mode mode, int size, int iterations) {
    return SampleRunner.run(s, RunOptions.of(mode, iterations, Presets.machine("workstation"),
        CostModel.legion()).withSize(size).withTiles(3));
  }

  static String golden(String sample, int size, int iterations) throws IOException {
    try (InputStream in = PortsTest.class.getResourceAsStream("/numpy/ports.json")) {
      for (JsonNode g : new ObjectMapper().readTree(in).get(sample)) {
        if (g.get("size").asInt() == size && g.get("iterations").asInt() == iterations) {
          return g.get("sha256").asText();
        }
      }
    }
    throw new AssertionError("no golden for " + sample + " " + size + "x" + iterations);
  }

  @Test
  void cavityMatchesNumpyBitForBitInEveryMode() throws IOException {
    String numpy = golden("cavity", 8, 6);
    RunResult none = run(Samples.create("cavity"), Mode.NONE, 8, 6);
    RunResult manual = run(Samples.create("cavity"), Mode.MANUAL, 8, 6);
    RunResult auto = run(Samples.create("cavity"), Mode.AUTO, 8, 6);
    assertThat(none.checksum()).isEqualTo(numpy);
    assertThat(manual.checksum()).isEqualTo(numpy);
    assertThat(auto.checksum()).isEqualTo(numpy);
    assertThat(auto.ops()).isEqualTo(none.ops());
    assertThat(manual.tracedOps()).isPositive();
    assertThat(auto.tracedOps()).isPositive();
  }

  @Test
  void heatMatchesNumpyAndAutomaticTracingCoversAtLeastNinetyPercent() throws IOException {
    RunResult none = run(Samples.create("heat"), Mode.NONE, 100, 20);
    assertThat(none.checksum()).isEqualTo(golden("heat", 100, 20));
    RunResult auto = run(Samples.create("heat"), Mode.AUTO, 100, 500);
    assertThat(auto.checksum()).isEqualTo(golden("heat", 100, 500));
    assertThat(auto.coverage()).as(auto.toString()).isGreaterThanOrEqualTo(0.90);
  }
}
