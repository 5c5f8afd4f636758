package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What only a real process shows, run in child JVMs: a write to standard output that fails (a full
 * disk, a closed descriptor) is an error naming it; running out of heap is one line saying how much
 * heap there was and what to change, with nothing half-written; an argument that is not UTF-8 is
 * refused with its byte offset; a path the locale cannot name is named as such; a machine of 10^4
 * nodes validates in a small heap.
 */
class ProcessDurabilityTest {
  @TempDir static Path ws;
  static Path stream;

  @BeforeAll
  static void files() throws IOException {
    stream = Fuzz.workspace(ws.resolve("fuzz")).resolve("stream.txt");
  }

  private static void oneLine(ChildCli.Run r, String contains) {
    assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
    assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
    assertThat(r.err()).contains(contains).doesNotContain("Exception").doesNotContain("\tat ");
  }

  @Test
  void aFullDiskOnStandardOutputIsAnErrorNamingIt() throws Exception {
    File full = new File("/dev/full");
    org.junit.jupiter.api.Assumptions.assumeTrue(full.exists(), "no /dev/full on this system");
    ChildCli.Run analyze = ChildCli.run(ChildCli.command(List.of(), List.of("analyze", stream.toString(), "--json")),
        Map.of(), full);
    oneLine(analyze, "apophenia analyze: error: cannot write standard output: No space left on device");
    ChildCli.Run run = ChildCli.run(ChildCli.command(List.of(), List.of("run", "jacobi", "--size", "8", "--iterations",
        "3", "--json")), Map.of(), full);
    oneLine(run, "apophenia run: error: cannot write standard output: No space left on device");
  }

  @Test
  void helpAndMarkersOnAFullDiskAreTheSameOneLine() throws Exception {
    // help is printed by picocli outside the commands (it printed a stack trace, exit code 1), and the
    // markers' writer is closed after the failure (its second failure hid the first)
    File full = new File("/dev/full");
    org.junit.jupiter.api.Assumptions.assumeTrue(full.exists(), "no /dev/full on this system");
    oneLine(ChildCli.run(ChildCli.command(List.of(), List.of("analyze", "--help")), Map.of(), full),
        "apophenia analyze: error: cannot write standard output: No space left on device");
    oneLine(ChildCli.run(ChildCli.command(List.of(), List.of("--version")), Map.of(), full),
        "apophenia: error: cannot write standard output: No space left on device");
    oneLine(ChildCli.run(ChildCli.command(List.of(), List.of("analyze", stream.toString(), "--emit", "markers")),
        Map.of(), full), "apophenia analyze: error: cannot write standard output: No space left on device");
  }

  @Test
  void aClosedStandardOutputIsRefusedBeforeAnyWork() throws Exception {
    String cmd = "exec " + ChildCli.shell(ChildCli.command(List.of(), List.of("analyze", stream.toString()))) + " >&-";
    ChildCli.Run r = ChildCli.run(List.of("bash", "-c", cmd), Map.of(), null);
    oneLine(r, "apophenia analyze: error: standard output is closed or read-only");
  }

  @Test
  void runningOutOfHeapIsOneLineAndWritesNothing() throws Exception {
    Path out = ws.resolve("oom-out");
    ChildCli.Run r = ChildCli.cli(List.of("-Xmx12m"), "analyze", stream.toString(), "--out", out.toString());
    oneLine(r, "out of memory: the Java heap holds at most 12 MiB");
    assertThat(r.err()).contains("JAVA_OPTS=-Xmx").contains("--batch-size");
    assertThat(out).as("nothing half-written: the directory it would have made is gone too").doesNotExist();
  }

  @Test
  void anArgumentThatIsNotUtf8IsRefusedWithItsByteOffset() throws Exception {
    String cmd = "exec " + ChildCli.shell(ChildCli.command(List.of(), List.of("repeats", "--text")))
        + " \"$(printf 'ab\\377ab')\"";
    ChildCli.Run r = ChildCli.run(List.of("bash", "-c", cmd), Map.of("LC_ALL", "C.UTF-8"), null);
    oneLine(r, "argument 3 (the value of --text) is not UTF-8: byte 0xFF at byte offset 2 of it");
  }

  @Test
  void textInANonUtf8LocaleIsReadAsTheBytesSay() throws Exception {
    // the C locale: the JVM alone would read each byte of "é" as a replacement character (4 tokens)
    ChildCli.Run r = ChildCli.run(ChildCli.command(List.of(), List.of("repeats", "--text", "éé", "--json")),
        Map.of("LC_ALL", "C"), null);
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("\"length\":2");
  }

  @Test
  void aPathTheLocaleCannotNameIsNamedAsSuch() throws Exception {
    Path f = ws.resolve("café.txt");
    Files.copy(stream, f);
    ChildCli.Run r = ChildCli.run(ChildCli.command(List.of(), List.of("analyze", f.toString())), Map.of("LC_ALL", "C"),
        null);
    oneLine(r, "cannot be a file name here: the locale's character set");
    assertThat(r.err()).contains("LC_ALL=C.UTF-8");
  }

  @Test
  void aMachineOfTenThousandNodesValidatesInASmallHeap() throws Exception {
    Path f = ws.resolve("ring-10000.json");
    Files.writeString(f, ringMachine(10_000), StandardCharsets.UTF_8);
    // a processors x memories matrix took 2.3 GB here; the affinities are sparse now
    ChildCli.Run r = ChildCli.cli(List.of("-Xmx192m"), "machines", "--validate", f.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("valid machine file").contains("nodes       10000");
  }

  /**
   * A machine of {@code n} nodes in a ring: per node a UTILITY, a CPU and a GPU, a SYSTEM memory and
   * the GPU's framebuffer, their affinities, LOCAL channels, a PCIe link and a network link to the next.
   */
  static String ringMachine(int n) {
    StringBuilder nodes = new StringBuilder();
    StringBuilder affs = new StringBuilder();
    StringBuilder chans = new StringBuilder();
    for (int i = 0; i < n; i++) {
      String p = "n" + i;
      String sep = i == 0 ? "" : ",";
      nodes.append(sep).append("{\"name\":\"").append(p).append("\",\"processors\":[")
          .append(proc(p + ".util0", "UTILITY", 39.2)).append(',').append(proc(p + ".cpu0", "CPU", 39.2)).append(',')
          .append(proc(p + ".gpu0", "GPU", 9700)).append("],\"memories\":[")
          .append("{\"name\":\"").append(p).append(".sys\",\"kind\":\"SYSTEM\",\"capacityBytes\":274877906944},")
          .append("{\"name\":\"").append(p).append(".fb\",\"kind\":\"FRAMEBUFFER\",\"capacityBytes\":34359738368}]}");
      affs.append(sep).append(aff(p + ".util0", p + ".sys", 100)).append(',').append(aff(p + ".cpu0", p + ".sys", 100))
          .append(',').append(aff(p + ".gpu0", p + ".fb", 1500)).append(',').append(aff(p + ".gpu0", p + ".sys", 25));
      chans.append(sep).append(chan(p + ".sys.local", "LOCAL", p + ".sys", p + ".sys", false)).append(',')
          .append(chan(p + ".fb.local", "LOCAL", p + ".fb", p + ".fb", false)).append(',')
          .append(chan(p + ".pcie", "PCIE", p + ".sys", p + ".fb", true));
      if (n > 1) {
        chans.append(',').append(chan("net." + p, "NETWORK", p + ".sys", "n" + ((i + 1) % n) + ".sys", true));
      }
    }
    return "{\"name\":\"ring-" + n + "\",\"nodes\":[" + nodes + "],\"affinities\":[" + affs + "],\"channels\":["
        + chans + "]}\n";
  }

  private static String proc(String name, String kind, double gflops) {
    return "{\"name\":\"" + name + "\",\"kind\":\"" + kind + "\",\"gflops\":" + gflops + "}";
  }

  private static String aff(String proc, String mem, int gbps) {
    return "{\"processor\":\"" + proc + "\",\"memory\":\"" + mem + "\",\"bandwidthGBps\":" + gbps + ",\"latencyNs\":100}";
  }

  private static String chan(String name, String kind, String from, String to, boolean both) {
    return "{\"name\":\"" + name + "\",\"kind\":\"" + kind + "\",\"from\":\"" + from + "\",\"to\":\"" + to
        + "\",\"bandwidthGBps\":25,\"latencyNs\":1000" + (both ? ",\"bidirectional\":true" : "") + "}";
  }
}
