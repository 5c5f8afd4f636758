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
import java.util.List;
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

  /**
   * What {@code machines --json NAME} writes is a machine file: one object that {@code --validate}
   * and {@code run --machine} accept, for every preset (and a preset with a node count), the machine
   * read back equal to the preset.
   */
  @Test
  void jsonOfOnePresetRoundTripsThroughValidateAndRun() throws IOException {
    List<String> names = new java.util.ArrayList<>(org.apophenia.sim.machine.Presets.names());
    names.add("perlmutter:2");
    for (String name : names) {
      Run r = run("machines", "--json", name);
      assertEquals(0, r.code(), r.err());
      JsonNode j = new ObjectMapper().readTree(r.out());
      assertTrue(j.isObject(), name + ": one object, not " + j.getNodeType());
      Path file = dir.resolve(name.replace(':', '-') + ".json");
      Files.writeString(file, r.out());
      assertEquals(MachineFile.write(org.apophenia.sim.machine.Presets.machine(name)),
          MachineFile.write(MachineFile.parse(r.out())), name + ": read back as written");
      Run v = run("machines", "--validate", file.toString());
      assertEquals(0, v.code(), name + ": " + v.err());
      CliRun ran = CliRun.of("run", "jacobi", "--machine", file.toString(), "--mode", "none", "--iterations", "2",
          "--size", "8", "--tiles", "4", "--json");
      assertEquals(0, ran.exitCode(), name + ": " + ran.err());
      assertEquals(org.apophenia.sim.machine.Presets.machine(name).name(),
          new ObjectMapper().readTree(ran.out()).get("machine").asText());
    }
    Run two = run("machines", "--json", "cpu", "eos");
    assertTrue(new ObjectMapper().readTree(two.out()).isArray(), "several machines: an array");
  }

  /** Every problem names the flag and the file as typed, in the project's words (no JSON library internals). */
  @Test
  void machineFileErrorsNameTheFlagAndFileInPlainWords() throws IOException {
    Path array = dir.resolve("all.json");
    Files.writeString(array, run("machines", "--json").out());
    for (String flag : new String[] {"--validate", "--machine"}) {
      String err = flag.equals("--validate") ? run("machines", "--validate", array.toString()).err()
          : CliRun.of("run", "jacobi", "--machine", array.toString()).err();
      assertTrue(err.contains(flag + " " + array + ": holds a JSON array; a machine file is one machine"), err);
      assertTrue(err.contains("machines --json NAME"), err);
    }
    String[][] broken = {
        {"{\"name\": tru}", "'tru' is not a JSON value"},
        {"{\"name\": \"a\", \"name\": \"b\"}", "the field 'name' appears twice"},
        {"{\"name\": \"a\"", "the file ends inside an object or array"},
        {"{\"name\": \"x\", \"nodes\": [1,2,}", "unexpected '}': expected a value"},
        {"{\"name\": \"a\u0001\"}", "control character U+0001 inside a string"},
        {"{\"name\": \"a\"} {}", "text after the machine object"}};
    for (String[] b : broken) {
      Path f = dir.resolve("broken.json");
      Files.writeString(f, b[0]);
      CliRun r = CliRun.of("run", "jacobi", "--machine", f.toString());
      assertEquals(2, r.exitCode(), r.err());
      assertTrue(r.err().contains("--machine " + f + ": line "), r.err());
      assertTrue(r.err().contains(b[1]), b[0] + " -> " + r.err());
      for (String internal : new String[] {"code ", "CTRL-CHAR", "StreamReadFeature", "jackson", "Source:", "token"}) {
        assertTrue(!r.err().contains(internal), internal + " in " + r.err());
      }
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
    assertEquals("apophenia machines: error: --validate " + file + ": $.channels[0].to: no memory named 'gpu.fb'",
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
