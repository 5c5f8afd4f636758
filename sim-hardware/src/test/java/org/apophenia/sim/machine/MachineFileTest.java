package org.apophenia.sim.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Machine files: presets round-trip, and each kind of mistake is reported at its JSON path. */
class MachineFileTest {
  static final String GOOD = """
      {
        "name": "box",
        "nodes": [ { "name": "n0",
          "processors": [ {"name": "cpu0", "kind": "CPU", "gflops": 10},
                          {"name": "gpu0", "kind": "gpu", "gflops": 1000, "launchOverheadNs": 5000} ],
          "memories": [ {"name": "sys", "kind": "SYSTEM", "capacityBytes": 1000000},
                        {"name": "fb", "kind": "FRAMEBUFFER", "capacityBytes": 1000000} ] } ],
        "affinities": [ {"processor": "cpu0", "memory": "sys", "bandwidthGBps": 10, "latencyNs": 100},
                        {"processor":"gpu0","memory":"fb","bandwidthGBps":900,"latencyNs":200} ],
        "channels": [ {"name": "pcie", "kind": "PCIE", "from": "sys", "to": "fb", "bandwidthGBps": 16,
                       "latencyNs": 5000, "bidirectional": true},
                      {"name":"sys.local","kind":"LOCAL","from":"sys","to":"sys","bandwidthGBps":5,"latencyNs":50},
                      {"name":"fb.local","kind":"LOCAL","from":"fb","to":"fb","bandwidthGBps":450,"latencyNs":50} ]
      }
      """;

  @Test
  void aValidFileBuildsTheMachine() {
    Machine m = MachineFile.parse(GOOD);
    assertEquals("box", m.name());
    assertEquals(ProcessorKind.GPU, m.processor("gpu0").kind());
    assertEquals(5000, m.processor("gpu0").launchOverheadNanos());
    assertEquals(16e9, m.channel("pcie/reverse").bytesPerSecond());
    assertEquals(m.memory("sys").id(), m.channel("pcie/reverse").to());
    assertEquals(10e9, m.localBandwidth(m.processor("cpu0")));
  }

  @Test
  void presetsRoundTripThroughJson() {
    for (String spec : new String[] {"perlmutter:2", "eos", "workstation", "cpu:2"}) {
      Machine m = Presets.machine(spec);
      Machine back = MachineFile.parse(MachineFile.write(m));
      assertEquals(m.processors(), back.processors(), spec);
      assertEquals(m.memories(), back.memories(), spec);
      assertEquals(m.channels(), back.channels(), spec);
      assertEquals(m.affinities(), back.affinities(), spec);
      assertEquals(m.description(), back.description(), spec);
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "unknown processor kind | \"kind\": \"gpu\" | \"kind\": \"TPU\" | $.nodes[0].processors[1].kind"
          + " | unknown processor kind 'TPU' (expected one of CPU, GPU, UTILITY)",
      "negative bandwidth | \"bandwidthGBps\": 16 | \"bandwidthGBps\": -16 | $.channels[0].bandwidthGBps"
          + " | must be positive, got -16",
      "channel to a missing memory | \"to\": \"fb\" | \"to\": \"hbm\" | $.channels[0].to | no memory named 'hbm'",
      "channel to a processor | \"to\": \"fb\" | \"to\": \"gpu0\" | $.channels[0].to"
          + " | no memory named 'gpu0' ('gpu0' is a processor)",
      "duplicate name | \"name\": \"fb\" | \"name\": \"sys\" | $.nodes[0].memories[1].name"
          + " | duplicate name 'sys' (already used at $.nodes[0].memories[0].name)",
      "negative latency | \"latencyNs\": 100 | \"latencyNs\": -1 | $.affinities[0].latencyNs | must not be negative, got -1",
      "fractional capacity | \"capacityBytes\": 1000000} ] | \"capacityBytes\": 1.5} ] | $.nodes[0].memories[1].capacityBytes"
          + " | expected an integer, got the number 1.5",
      "misspelt field | \"gflops\": 10 | \"glops\": 10 | $.nodes[0].processors[0].glops"
          + " | unknown field (expected one of gflops, kind, launchOverheadNs, name)",
      "missing field | \"kind\": \"SYSTEM\", | '' | $.nodes[0].memories[0] | missing field 'kind'",
      "wrong type | \"bidirectional\": true | \"bidirectional\": \"yes\" | $.channels[0].bidirectional"
          + " | expected true or false",
      "self duplex | \"to\": \"fb\" | \"to\": \"sys\" | $.channels[0].bidirectional"
          + " | a channel from a memory to itself has one direction",
  })
  void eachMistakeIsReportedAtItsPath(String what, String from, String to, String path, String problem) {
    String bad = GOOD.replace(from, to);
    assert !bad.equals(GOOD) : what + ": the replacement did not apply";
    MachineFileException e = assertThrows(MachineFileException.class, () -> MachineFile.parse(bad));
    assertEquals(path + ": " + problem, e.getMessage(), what);
  }

  @Test
  void malformedJsonNamesLineAndColumn() {
    MachineFileException e = assertThrows(MachineFileException.class, () -> MachineFile.parse("{\n  \"name\": }"));
    assertEquals("line 2, column 11", e.path());
  }

  @Test
  void aMachineNeedsNodesAndProcessors() {
    assertEquals("$.nodes: a machine needs at least one node",
        assertThrows(MachineFileException.class, () -> MachineFile.parse("{\"name\":\"x\",\"nodes\":[]}")).getMessage());
    assertEquals("$.nodes: a machine needs at least one processor", assertThrows(MachineFileException.class,
        () -> MachineFile.parse("{\"name\":\"x\",\"nodes\":[{\"name\":\"n\"}]}")).getMessage());
    assertEquals("$: expected an object, got an array",
        assertThrows(MachineFileException.class, () -> MachineFile.parse("[]")).getMessage());
  }
}
