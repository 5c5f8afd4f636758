package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code analyze} in front of a live producer (README, "A live stream"): standard input ({@code -})
 * and a named pipe are opened once and read as the lines arrive; a producer that pauses loses
 * nothing; one that stops mid-line loses nothing that was complete and the partial line is reported
 * (exit code 2); {@code --emit markers} gives the stream back, a marker flushed before the producer
 * sends its next line. Each test runs the command line in a child JVM (a real pipe needs a real
 * process), bounded in time and destroyed at the end.
 */
class LiveStreamTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;
  private final List<Process> started = new ArrayList<>();

  @AfterEach
  void cleanUp() throws InterruptedException {
    for (Process p : started) {
      p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }

  /** A loop of {@code period} distinct tasks, {@code ops} lines in all, after a comment line. */
  static String loop(int period, int ops) {
    StringBuilder b = new StringBuilder("# starpu-capture v1\n");
    for (int i = 0; i < ops; i++) {
      int k = i % period;
      b.append("k").append(k % 7).append(" 0x").append(Integer.toHexString(0x1000 + 0x40 * k)).append(":1 0x")
          .append(Integer.toHexString(0x2000 + 0x40 * ((k * 5) % period))).append(":3\n");
    }
    return b.toString();
  }

  private Process start(File stdout, String... args) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(ChildCli.command(List.of("-Xmx256m"), List.of(args)));
    pb.redirectError(dir.resolve("err.txt").toFile());
    if (stdout != null) {
      pb.redirectOutput(stdout);
    }
    Process p = pb.start();
    started.add(p);
    return p;
  }

  private static int await(Process p) throws InterruptedException {
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the child finished within two minutes").isTrue();
    return p.exitValue();
  }

  private String err() throws IOException {
    return Files.readString(dir.resolve("err.txt"));
  }

  private Path fifo() throws IOException, InterruptedException {
    Path f = dir.resolve("ops.fifo");
    Process mk = new ProcessBuilder("mkfifo", f.toString()).inheritIO().start();
    assertThat(mk.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(mk.exitValue()).isZero();
    return f;
  }

  @Test
  void aNamedPipeWhoseWriterPausesLosesNothing() throws Exception {
    String stream = loop(30, 495);
    Path file = dir.resolve("same.txt");
    Files.writeString(file, stream);
    JsonNode whole = AnalyzeCommandTest.json("analyze", file.toString(), "--json");
    Path fifo = fifo();
    File out = dir.resolve("out.json").toFile();
    Process p = start(out, "analyze", fifo.toString(), "--format", "starpu", "--json");
    byte[] bytes = stream.getBytes(StandardCharsets.UTF_8);
    try (OutputStream w = new FileOutputStream(fifo.toFile())) { // waits for the reader: opened once
      int half = stream.indexOf('\n', bytes.length / 2) + 1;
      w.write(bytes, 0, half);
      w.flush();
      Thread.sleep(300); // the producer pauses mid-stream
      w.write(bytes, half, 7); // and mid-line
      w.flush();
      Thread.sleep(300);
      w.write(bytes, half + 7, bytes.length - half - 7);
    }
    assertThat(await(p)).as(err()).isZero();
    JsonNode live = JSON.readTree(out);
    assertThat(live.get("ops").asLong()).isEqualTo(495);
    for (String f : List.of("tracedOps", "replayedOps", "tracesRecorded", "replays", "firstReplayOp")) {
      assertThat(live.get(f)).as(f).isEqualTo(whole.get(f)); // decisions do not depend on timing
    }
  }

  @Test
  void aWriterThatStopsMidLineLosesNothingCompleteAndTheLineIsReported() throws Exception {
    String stream = loop(20, 300);
    int cut = stream.indexOf('\n', stream.length() / 2) + 5; // 4 bytes into a line
    long complete = stream.substring(0, cut).chars().filter(c -> c == '\n').count();
    Path fifo = fifo();
    File out = dir.resolve("marked.txt").toFile();
    Process p = start(out, "analyze", fifo.toString(), "--format", "starpu", "--emit", "markers");
    try (OutputStream w = new FileOutputStream(fifo.toFile())) {
      w.write(stream.substring(0, cut).getBytes(StandardCharsets.UTF_8));
    }
    assertThat(await(p)).isEqualTo(2);
    assertThat(err()).isEqualTo("apophenia analyze: error: " + fifo + ":" + (complete + 1)
        + ": incomplete last line: the stream ended after 4 bytes of it, without a newline (the " + complete
        + " complete lines before it were read)" + System.lineSeparator());
    String marked = Files.readString(out.toPath());
    assertThat(MarkedStreamProperties.strip(marked)).isEqualTo(stream.substring(0, stream.lastIndexOf('\n', cut) + 1));
    assertThat(marked).contains("tbegin ");
  }

  @Test
  void standardInputIsDashAndTheMarkedStreamComesBackOnStandardOutput() throws Exception {
    String stream = loop(25, 400);
    File out = dir.resolve("marked.txt").toFile();
    Process p = start(out, "analyze", "-", "--emit", "markers", "--json");
    try (OutputStream w = p.getOutputStream()) {
      w.write(stream.getBytes(StandardCharsets.UTF_8));
    }
    assertThat(await(p)).as(err()).isZero();
    String marked = Files.readString(out.toPath());
    assertThat(MarkedStreamProperties.strip(marked)).isEqualTo(stream);
    JsonNode summary = JSON.readTree(err()); // the summary goes to standard error
    assertThat(summary.get("ops").asLong()).isEqualTo(400);
    assertThat(MarkedStreamProperties.pairs(marked))
        .isEqualTo(summary.get("tracesRecorded").asLong() + summary.get("replays").asLong());
  }

  /**
   * The producer sends part of a loop and then waits, its standard input still open, until a
   * {@code tbegin} line comes back: only a command that decides and flushes as the lines arrive
   * (not at the end of its input, not a chunk at a time) lets it go on.
   */
  @Test
  void aMarkerIsFlushedBeforeTheProducerSendsItsNextLine() throws Exception {
    String stream = loop(20, 1000);
    String[] lines = stream.split("(?<=\n)");
    Process p = start(null, "analyze", "-", "--emit", "markers");
    InputStream stdout = p.getInputStream();
    ByteArrayOutputStream seen = new ByteArrayOutputStream();
    CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> {
      byte[] b = new byte[4096];
      try {
        int n;
        while ((n = stdout.read(b)) >= 0) {
          synchronized (seen) {
            seen.write(b, 0, n);
            seen.notifyAll();
          }
        }
      } catch (IOException e) {
        // the child is gone: the assertions below say what was missing
      }
    });
    OutputStream w = p.getOutputStream();
    int sent = 0;
    for (; sent < 300; sent++) { // fifteen iterations of the loop: enough to find and issue it
      w.write(lines[sent].getBytes(StandardCharsets.UTF_8));
      w.flush();
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    synchronized (seen) {
      while (!seen.toString(StandardCharsets.UTF_8).contains("tbegin ") && System.nanoTime() < deadline) {
        seen.wait(1000);
      }
      assertThat(seen.toString(StandardCharsets.UTF_8)).as("a marker before the input ended").contains("tbegin ");
    }
    for (; sent < lines.length; sent++) {
      w.write(lines[sent].getBytes(StandardCharsets.UTF_8));
    }
    w.close();
    assertThat(await(p)).as(err()).isZero();
    reader.get(30, TimeUnit.SECONDS);
    assertThat(MarkedStreamProperties.strip(seen.toString(StandardCharsets.UTF_8))).isEqualTo(stream);
  }
}
