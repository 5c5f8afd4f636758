package org.apophenia.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apophenia.sim.machine.MachineFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code apophenia machines}: lists presets, validates machine files, exit code 2 on mistakes. */
class MachinesCommandTest {
  @TempDir Path dir;

  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Run(code, out.toString(), err.toString());
  }

  @Test
  void listsEveryPresetWithProcessorsMemoriesAndChannels() {
    Run r = run("machines");
    assertEquals(0, r.code(), r.err());
    for (String name : new String[] {"perlmutter:", "eos:", "workstation:", "cpu:"}) {
      assertTrue(r.out().contains("\n" + name) || r.out().startsWith(name), name + " missing:\n" + r.out());
    }
    assertTrue(r.out().contains("4 × GPU 9.7 TFLOP/s"), r.out());
    assertTrue(r.out().contains("8 × GPU 34 TFLOP/s"), r.out());
    assertTrue(r.out().contains("FRAMEBUFFER 40 GiB"), r.out());
    assertTrue(r.out().contains("NVLINK 100 GB/s"), r.out());
  }

  @Test
  void aNodeCountShowsTheNetwork() {
    Run r = run("machines", "perlmutter:16");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().startsWith("perlmutter:16: 16x Perlmutter GPU node"), r.out());
    assertTrue(r.out().contains("240 × NETWORK 25 GB/s, latency 2 µs"), r.out());
  }

  @Test
  void jsonOutputIsAListOfValidMachineFiles() throws IOException {
    Run r = run("machines", "--json");
    assertEquals(0, r.code(), r.err());
    JsonNode all = new ObjectMapper().readTree(r.out());
    assertEquals(4, all.size());
    for (JsonNode m : all) {
      MachineFile.parse(m.toString());
    }
  }

  @Test
  void validatesAGoodFileAndPrintsIt() throws IOException {
    Path file = dir.resolve("ws.json");
    Files.writeString(file, MachineFile.write(org.apophenia.sim.machine.Presets.machine("workstation")));
    Run r = run("machines", "--validate", file.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().startsWith(file + ": valid machine file"), r.out());
    assertTrue(r.out().contains("1 × GPU 1.29 TFLOP/s"), r.out());
  }

  @Test
  void aBadFileGivesOnePreciseLineAndExitCode2() throws IOException {
    Path file = dir.resolve("bad.json");
    Files.writeString(file, """
        {"name": "bad", "nodes": [{"name": "n0",
          "processors": [{"name": "p", "kind": "CPU", "gflops": 1}],
          "memories": [{"name": "m", "kind": "SYSTEM", "capacityBytes": 4096}]}],
         "channels": [{"name": "c", "kind": "PCIE", "from": "m", "to": "gpu.fb", "bandwidthGBps": 1, "latencyNs": 0}]}
        """);
    Run r = run("machines", "--validate", file.toString());
    assertEquals(2, r.code());
    assertEquals("apophenia machines: error: " + file + ": $.channels[0].to: no memory named 'gpu.fb'",
        r.err().strip());
    assertEquals("", r.out());
  }

  @Test
  void userMistakesExitWith2() {
    Run missing = run("machines", "--validate", dir.resolve("nope.json").toString());
    assertEquals(2, missing.code());
    assertTrue(missing.err().contains("no such file"), missing.err());
    Run unknown = run("machines", "summit");
    assertEquals(2, unknown.code());
    assertEquals("apophenia machines: error: unknown machine 'summit' (known: perlmutter, eos, workstation, cpu)",
        unknown.err().strip());
    Run badCount = run("machines", "eos:0");
    assertEquals(2, badCount.code());
    assertTrue(badCount.err().contains("node count must be 1..256"), badCount.err());
  }
}
