package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.apophenia.cli.output.FileSet;
import org.apophenia.cli.output.Manifest;
import org.apophenia.cli.output.SpillFile;

/**
 * Whole or absent, under real kills: {@code analyze --out DIR} runs in a child JVM over a directory
 * that holds a previous complete set, and is sent SIGTERM or SIGKILL at a random moment: a random
 * delay after the start (from before the JVM is up to after the run would have ended), a random
 * delay after its staging directory appears (while it analyses and writes), or as soon as its commit
 * directory appears (while it installs the files, a window of milliseconds that polling may miss).
 * Whatever the moment:
 *
 * <ul>
 *   <li>no spill file is left in the child's {@code java.io.tmpdir}, not even after SIGKILL;</li>
 *   <li>a reader following the file-set rule ({@link FileSet#read}) finds a whole set, validated
 *       against its manifest (sizes and SHA-256): the previous one, or the new one with every file of
 *       the report and the new stream's operation count;</li>
 *   <li>after the next start (recovery), the directory holds that set under its plain names and
 *       nothing of the protocol's temporary names.</li>
 * </ul>
 *
 * A handful of tries by default (each is a JVM, two seconds or so); the outcomes are collected as
 * statistics (previous set, new set).
 */
class FileSetKillProperties {
  private static Path ws;
  private static Path previousSet;
  private static Manifest previousManifest;
  private static Path newStream;
  private static final long NEW_OPS = 60_000;
  private static long runMillis;
  private static int tryNumber;

  @BeforeContainer
  static void prepare() throws Exception {
    ws = Files.createTempDirectory("apophenia-kill");
    Path oldStream = ws.resolve("old.txt");
    writeLoop(oldStream, 3_000, 20);
    newStream = ws.resolve("new.txt");
    writeLoop(newStream, NEW_OPS, 37);
    previousSet = ws.resolve("previous");
    CliRun r = CliRun.of("analyze", oldStream.toString(), "--out", previousSet.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    previousManifest = FileSet.read(previousSet).manifest();
    // how long an uninterrupted run takes, so that the kills spread over all of it
    Path scratch = ws.resolve("scratch");
    long t0 = System.nanoTime();
    ChildCli.Run full = ChildCli.cli(List.of(), "analyze", newStream.toString(), "--out", scratch.toString());
    runMillis = (System.nanoTime() - t0) / 1_000_000;
    assertThat(full.exitCode()).as(full.err()).isZero();
  }

  @AfterContainer
  static void cleanUp() throws IOException {
    try (Stream<Path> s = Files.walk(ws)) {
      s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  /** Polls {@code dir} until a name starting with {@code prefix} appears or the process ends. */
  private static void waitFor(Process p, Path dir, String prefix) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (p.isAlive() && System.nanoTime() < deadline) {
      try (Stream<Path> s = Files.list(dir)) {
        if (s.anyMatch(x -> x.getFileName().toString().startsWith(prefix))) {
          return;
        }
      }
      Thread.sleep(0, 200_000);
    }
  }

  /** {@code ops} operations of a loop of {@code body} tasks. */
  private static void writeLoop(Path f, long ops, int body) throws IOException {
    try (BufferedWriter w = Files.newBufferedWriter(f, StandardCharsets.UTF_8)) {
      for (long i = 0; i < ops; i++) {
        int k = (int) (i % body);
        w.write("t" + k + " 0x" + Integer.toHexString(100 + k % 7) + ":1 0x" + Integer.toHexString(200 + k % 5) + ":2\n");
      }
    }
  }

  /** When to kill: after {@code fraction} (per mille) of a span that starts at {@code from}. */
  enum From { START, STAGING_APPEARS, COMMIT_APPEARS }

  record Moment(From from, int perMille, boolean sigkill) {}

  @Provide
  Arbitrary<Moment> moments() {
    return net.jqwik.api.Combinators.combine(Arbitraries.of(From.class),
        Arbitraries.integers().between(0, 1000).withoutEdgeCases(), Arbitraries.of(true, false))
        .as(Moment::new);
  }

  @Property(tries = 5)
  void aKilledWriteLeavesThePreviousSetOrTheNewOneWhole(@ForAll("moments") Moment moment) throws Exception {
    boolean sigkill = moment.sigkill();
    int n = ++tryNumber;
    Path dir = ws.resolve("out-" + n);
    Files.createDirectories(dir);
    try (Stream<Path> s = Files.list(previousSet)) {
      for (Path p : s.toList()) {
        Files.copy(p, dir.resolve(p.getFileName()));
      }
    }
    Path tmp = Files.createDirectories(ws.resolve("tmp-" + n));
    List<String> cmd = ChildCli.command(List.of("-Djava.io.tmpdir=" + tmp),
        List.of("analyze", newStream.toString(), "--out", dir.toString()));
    Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      long start = System.nanoTime();
      switch (moment.from()) {
        case START -> Thread.sleep((long) (moment.perMille() / 1000.0 * (runMillis * 1.2 + 100)));
        case STAGING_APPEARS -> {
          waitFor(p, dir, ".apophenia-staging-");
          long left = Math.max(0, runMillis - (System.nanoTime() - start) / 1_000_000);
          Thread.sleep((long) (moment.perMille() / 1000.0 * left * 1.2));
        }
        case COMMIT_APPEARS -> waitFor(p, dir, ".apophenia-commit");
      }
      if (sigkill) {
        p.destroyForcibly();
      } else {
        p.destroy();
      }
      assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("the child ends").isTrue();
    } finally {
      p.destroyForcibly();
    }

    try (Stream<Path> s = Files.list(tmp)) {
      assertThat(s.map(x -> x.getFileName().toString())).as("spill files left")
          .noneMatch(x -> x.startsWith(SpillFile.PREFIX));
    }
    FileSet.Found found = FileSet.read(dir);
    assertThat(found.status()).as(found.problem()).isEqualTo(FileSet.Status.WHOLE);
    boolean previous = found.manifest().equals(previousManifest);
    if (!previous) {
      assertThat(found.manifest().names()).containsAll(AnalyzeCommand.REPORT_FILES);
      long ops = new ObjectMapper().readTree(found.files().get("summary.json").toFile()).get("ops").asLong();
      assertThat(ops).as("the new set is the new stream's").isEqualTo(NEW_OPS);
    }
    Statistics.collect(previous ? "previous set" : "new set", moment.from());

    try (FileSet next = FileSet.open(dir)) {
      // the next start: recovery, then nothing written
    }
    FileSet.Found after = FileSet.read(dir);
    assertThat(after.status()).isEqualTo(FileSet.Status.WHOLE);
    assertThat(after.manifest()).isEqualTo(found.manifest());
    assertThat(new ArrayList<>(after.files().values())).allMatch(x -> x.getParent().equals(dir));
    try (Stream<Path> s = Files.list(dir)) {
      assertThat(s.map(x -> x.getFileName().toString())).as("the protocol's temporary names")
          .noneMatch(x -> x.startsWith(".apophenia-staging-") || x.equals(".apophenia-commit"));
    }
  }
}
