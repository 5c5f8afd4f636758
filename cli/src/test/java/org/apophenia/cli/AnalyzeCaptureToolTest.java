package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The StarPU capture tool (tools/starpu-capture): builds the LD_PRELOAD library with gcc
 * against Debian's libstarpu-dev, captures Debian starpu-examples' {@code cg}, and analyzes the
 * capture strictly (no malformed line). Under CI ({@code CI=true}) missing packages fail the test;
 * elsewhere they skip it.
 */
class AnalyzeCaptureToolTest {
  @TempDir Path dir;

  @Test
  void capturesTheCgExampleAndAnalyzesIt() throws IOException, InterruptedException {
    Path tool = findUp("tools/starpu-capture");
    Path cg = findStarpuExample("cg");
    boolean devPresent = Files.exists(Path.of("/usr/include/starpu/1.3/starpu.h"));
    if (cg == null || !devPresent || tool == null) {
      String why = "needs Debian packages libstarpu-dev and starpu-examples (and gcc, make, pkg-config)";
      if ("true".equals(System.getenv("CI"))) {
        fail(why + "; .ci/run installs them");
      }
      Assumptions.abort(why);
    }
    Path build = dir.resolve("build");
    run(List.of("make", "-s", "-C", tool.toString(), "OUT=" + build), Map.of());
    Path lib = build.resolve("libstarpu-capture.so");
    assertThat(lib).exists();

    Path capture = dir.resolve("cg.txt");
    run(List.of(cg.toString(), "-nblocks", "4", "-n", "256", "-maxiter", "100"),
        Map.of("LD_PRELOAD", lib.toString(), "APOPHENIA_CAPTURE", capture.toString(),
            "STARPU_SILENT", "1", "STARPU_NCPU", "2"));
    List<String> lines = Files.readAllLines(capture, StandardCharsets.UTF_8);
    assertThat(lines.get(0)).isEqualTo("# starpu-capture v1");
    assertThat(lines.get(1)).startsWith("# source: ").contains("cg");

    CliRun run = CliRun.of("analyze", capture.toString(), "--json");
    assertThat(run.exitCode()).as(run.err()).isZero(); // strict: not one interleaved line
    JsonNode s = new ObjectMapper().readTree(run.out());
    assertThat(s.get("ops").asLong()).isGreaterThan(5000);
    assertThat(s.get("coverage").asDouble()).isGreaterThan(0.5);
  }

  private void run(List<String> command, Map<String, String> env) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(dir.resolve("process.log").toFile());
    pb.environment().putAll(env);
    Process p = pb.start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      fail(command + " timed out");
    }
    assertThat(p.exitValue()).as(command + ":\n" + Files.readString(dir.resolve("process.log")))
        .isZero();
  }

  private static Path findUp(String relative) {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve(relative))) {
        return p.resolve(relative);
      }
    }
    return null;
  }

  /** {@code /usr/lib/<arch>/starpu/examples/NAME} (Debian's starpu-examples), or null. */
  private static Path findStarpuExample(String name) throws IOException {
    Path lib = Path.of("/usr/lib");
    if (!Files.isDirectory(lib)) {
      return null;
    }
    try (Stream<Path> dirs = Files.list(lib)) {
      return dirs.map(d -> d.resolve("starpu/examples/" + name)).filter(Files::isExecutable)
          .findFirst().orElse(null);
    }
  }
}
