package org.apophenia.autotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Bounded memory on endless streams (the interceptor's tries, queues and jobs have fixed bounds): a
 * 10^7-operation stream of changing loops, fresh tokens and untraceable operations runs through an
 * interceptor in a JVM limited to {@code -Xmx512m}, and the sink receives every operation in order
 * with balanced markers.
 */
class BoundedMemoryTest {
  @Test
  void tenMillionOpsRunIn512MegabytesOfHeap() throws IOException, InterruptedException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(List.of(java, "-Xmx512m", "-XX:+ExitOnOutOfMemoryError",
        "-cp", System.getProperty("java.class.path"), BoundedMemoryMain.class.getName(), "10000000"))
        .redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    int code = p.waitFor();
    assertThat(code).as(output).isZero();
    String[] last = output.strip().lines().reduce((a, b) -> b).orElse("").split(" ");
    assertThat(Long.parseLong(last[0])).isEqualTo(10_000_000L);
    assertThat(Long.parseLong(last[1])).as("traced ops").isGreaterThan(5_000_000L);
  }
}
