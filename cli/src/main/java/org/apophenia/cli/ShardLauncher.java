package org.apophenia.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.OutputStream;
import org.apophenia.cli.output.FileSet;
import org.apophenia.cli.output.Manifest;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code run ... --shards N} and {@code analyze ... --shards N} without {@code --shard}: starts N shard
 * processes of the same command on this machine (each {@code --shard K}, finding the others through a
 * fresh directory, {@link ShardsOption}), waits for them, and compares what they decided: their
 * decision logs byte for byte and, for {@code run}, their results' checksums. Prints shard 0's report
 * with every shard's agreement costs; {@code --out DIR} gets shard 0's dumps and every shard's
 * {@code decisions-shard-K.csv}, moved in only after the run, so a failed run leaves nothing.
 *
 * <p><b>Every process is stopped on every path.</b> The shards get this process's pid and halt when
 * it is gone; a shutdown hook destroys them if this JVM is stopped; when one shard fails, the others
 * have {@value #GRACE_MILLIS} ms to fail by themselves (naming the culprit) and are then destroyed;
 * whatever is still alive at the end is destroyed, then killed.
 */
final class ShardLauncher {
  /**
   * After a shard failed, how long the others get to notice and say so before they are stopped. A
   * survivor notices at its next ingestion point (the collective the dead shard never joins); shards
   * started together on a busy machine can be seconds apart on the way there (3 s was seen to stop
   * both survivors of a 3-shard run before they got there, in a full test run on 2 cores). A
   * survivor that fails by itself ends the wait at once; only one stuck elsewhere waits it out.
   */
  static final long GRACE_MILLIS = 10_000;

  private final CommandSpec spec;
  private final ShardsOption shards;
  private final Path out;
  private final PrintWriter err;
  private final Path staging;
  private final List<Child> children = new ArrayList<>();
  /** Shards this launcher stopped because another had failed. */
  private final java.util.Set<Integer> stopped = java.util.concurrent.ConcurrentHashMap.newKeySet();

  /** One shard process: its streams, its decision log, and how it ended. */
  private record Child(int rank, Process process, Path stdout, Path log, Thread relay) {}

  private ShardLauncher(CommandSpec spec, ShardsOption shards, Path out) throws IOException {
    this.spec = spec;
    this.shards = shards;
    this.out = out;
    this.err = spec.commandLine().getErr();
    if (out != null) {
      Files.createDirectories(out);
    }
    // the shards' own outputs, until they go into --out as one file set
    this.staging = Files.createTempDirectory("apophenia-shards-");
  }

  /** Starts the shards, waits, compares; returns the exit code (README, "Errors and limits"). */
  static int launch(CommandSpec spec, ShardsOption shards, Path out) throws IOException {
    ShardLauncher l = new ShardLauncher(spec, shards, out);
    Thread hook = new Thread(l::stopAll, "apophenia-shards-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      l.start();
      l.awaitAll();
      return l.report();
    } finally {
      l.stopAll();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the hook runs anyway
      }
      deleteTree(l.staging);
    }
  }

  private void start() throws IOException {
    String group = "apophenia-" + UUID.randomUUID();
    Path discovery = Files.createDirectory(staging.resolve("discovery"));
    for (int k = 0; k < shards.shards; k++) {
      List<String> cmd = new ArrayList<>(javaCommand());
      cmd.add(spec.name());
      cmd.addAll(forwardedArgs());
      Path log = staging.resolve(ShardsOption.logName(k));
      cmd.addAll(List.of("--json", "--shards", String.valueOf(shards.shards), "--shard", String.valueOf(k),
          "--shard-dir", discovery.toString(), "--shard-group", group, "--shard-timeout", shards.timeout.toString(),
          "--shard-join-timeout", shards.joinTimeout.toString(),
          "--shard-log", log.toString(), "--shard-launcher", String.valueOf(ProcessHandle.current().pid())));
      if (k == 0 && out != null) {
        cmd.addAll(List.of("--out", staging.resolve("out").toString()));
      }
      Path stdout = staging.resolve("stdout-" + k + ".json");
      Process p = new ProcessBuilder(cmd).redirectOutput(stdout.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE)
          .start();
      p.getOutputStream().close();
      Thread relay = relay(k, p);
      children.add(new Child(k, p, stdout, log, relay));
      if (k == 0) {
        awaitFirstAddress(discovery, p);
      }
    }
  }

  /** How long the launcher waits for shard 0's address before starting the others anyway. */
  static final long FIRST_ADDRESS_SECONDS = 10;

  /**
   * Waits (a few seconds at most) until shard 0 has left its address in the discovery directory, so
   * that the others find a group to join rather than each founding its own at the same instant and
   * merging seconds later. Only a matter of speed: shards started together still end up in one group.
   */
  private static void awaitFirstAddress(Path discovery, Process first) throws IOException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(FIRST_ADDRESS_SECONDS);
    while (first.isAlive() && System.nanoTime() < deadline) {
      try (Stream<Path> s = Files.walk(discovery)) {
        if (s.anyMatch(Files::isRegularFile)) {
          return;
        }
      } catch (UncheckedIOException | java.nio.file.NoSuchFileException raced) {
        // a file appeared or went while we looked: look again
      }
      waitFor(first, 50);
    }
  }

  /** The JVM that runs this one, with its heap and collector options and its class path. */
  static List<String> javaCommand() {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (a.startsWith("-Xmx") || a.startsWith("-Xms") || a.startsWith("-Xss") || a.startsWith("-XX:+Use")
          || a.startsWith("-XX:-Use")) {
        cmd.add(a);
      }
    }
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
    return cmd;
  }

  /** The command's arguments as typed, but those the launcher sets for each shard. */
  private List<String> forwardedArgs() {
    ParseResult pr = spec.commandLine().getParseResult();
    List<String> args = new ArrayList<>();
    for (PositionalParamSpec p : pr.matchedPositionals()) {
      args.addAll(p.originalStringValues());
    }
    for (OptionSpec o : pr.matchedOptions()) {
      String name = o.longestName();
      if (name.equals("--shards") || ShardsOption.LOCAL_OPTIONS.contains(name)) {
        continue;
      }
      if (o.originalStringValues().isEmpty()) {
        args.add(name);
      }
      for (String v : o.originalStringValues()) {
        args.add(name + "=" + v);
      }
    }
    return args;
  }

  /** Copies shard {@code k}'s standard error to ours, each line prefixed with the shard. */
  private Thread relay(int k, Process p) {
    Thread t = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          synchronized (err) {
            err.println("shard " + k + ": " + line);
            err.flush();
          }
        }
      } catch (IOException closed) {
        // the process is gone
      }
    }, "apophenia-shard-" + k + "-stderr");
    t.setDaemon(true);
    t.start();
    return t;
  }

  /**
   * Waits until every shard has exited; once one failed, the others get {@link #GRACE_MILLIS} to
   * fail by themselves, then are stopped.
   */
  private void awaitAll() {
    long failedAt = -1;
    while (children.stream().anyMatch(c -> c.process().isAlive())) {
      if (failedAt < 0 && children.stream().anyMatch(c -> !c.process().isAlive() && c.process().exitValue() != 0)) {
        failedAt = System.nanoTime();
      }
      if (failedAt >= 0 && System.nanoTime() - failedAt > TimeUnit.MILLISECONDS.toNanos(GRACE_MILLIS)) {
        children.stream().filter(c -> c.process().isAlive()).forEach(c -> stopped.add(c.rank()));
        stopAll();
        break;
      }
      try {
        children.stream().filter(c -> c.process().isAlive()).findFirst()
            .ifPresent(c -> waitFor(c.process(), 50));
      } catch (RuntimeException e) {
        stopAll();
        throw e;
      }
    }
    for (Child c : children) {
      waitFor(c.process(), 10_000);
      try {
        c.relay().join(2_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static void waitFor(Process p, long millis) {
    try {
      p.waitFor(millis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the shards", e);
    }
  }

  /** Destroys every shard still alive, then kills those that did not stop within two seconds. */
  private void stopAll() {
    for (Child c : children) {
      c.process().descendants().forEach(ProcessHandle::destroyForcibly);
      c.process().destroy();
    }
    for (Child c : children) {
      try {
        if (!c.process().waitFor(2, TimeUnit.SECONDS)) {
          c.process().destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        c.process().destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Reads what the shards did, compares it, prints it; returns the exit code. */
  private int report() throws IOException {
    String cmd = spec.qualifiedName();
    List<String> failures = new ArrayList<>();
    int code = 0;
    for (Child c : children) {
      int e = c.process().isAlive() ? -1 : c.process().exitValue();
      if (e == 0) {
        continue;
      }
      String what = e == -1 ? "did not stop" : stopped.contains(c.rank()) ? "was stopped by the launcher "
          + GRACE_MILLIS / 1000 + " s after the first failure" : e > 3 ? "died (exit code " + e
          + (e > 128 ? ", signal " + (e - 128) : "") + ")" : "stopped with exit code " + e;
      failures.add("shard " + c.rank() + " " + what);
      int c2 = e < 0 || e > 3 ? 3 : e;
      code = code == 3 || c2 == 3 ? 3 : Math.max(code, c2);
    }
    if (!failures.isEmpty()) {
      err.println(cmd + ": error: the sharded run failed (" + String.join("; ", failures) + "); see the shards' lines "
          + "above");
      return code;
    }
    ObjectMapper mapper = new ObjectMapper();
    List<Map<String, Object>> results = new ArrayList<>();
    for (Child c : children) {
      @SuppressWarnings("unchecked")
      Map<String, Object> j = mapper.readValue(c.stdout().toFile(), LinkedHashMap.class);
      results.add(j);
    }
    String mismatch = firstDifference();
    Object checksum = results.get(0).get("checksum");
    boolean checksumsEqual = results.stream().allMatch(r -> java.util.Objects.equals(r.get("checksum"), checksum));
    if (mismatch == null && out != null) {
      moveOut();
    }
    Map<String, Object> j = new LinkedHashMap<>(results.get(0));
    j.put("shardsLaunched", shards.shards);
    j.put("decisionsIdentical", mismatch == null);
    if (checksum != null) {
      j.put("checksumsEqual", checksumsEqual);
    }
    List<Map<String, Object>> perShard = new ArrayList<>();
    for (Map<String, Object> r : results) {
      Map<String, Object> s = new LinkedHashMap<>();
      for (String f : List.of("shard", "collectives", "collectiveNanos", "collectiveNanosPerOp", "waitIntervalDoublings",
          "decisionLogSha256", "decisionMarkers", "checksum", "wallNanos", "wallMillis")) {
        if (r.containsKey(f)) {
          s.put(f, r.get(f));
        }
      }
      perShard.add(s);
    }
    j.put("shardRuns", perShard);
    if (out != null) {
      j.remove("decisionLog");
      j.put("decisionLogs", children.stream().map(c -> out.resolve(ShardsOption.logName(c.rank())).toString()).toList());
    }
    PrintWriter w = spec.commandLine().getOut();
    if (spec.commandLine().getParseResult().hasMatchedOption("--json")) {
      w.println(mapper.writeValueAsString(j));
    } else {
      printSummary(w, results, mismatch == null, checksumsEqual);
    }
    w.flush();
    if (mismatch != null) {
      err.println(cmd + ": error: the shards' trace decisions differ: " + mismatch);
      return 1;
    }
    if (!checksumsEqual) {
      err.println(cmd + ": error: the shards' results differ (checksums " + results.stream().map(r -> r.get("checksum"))
          .toList() + ")");
      return 1;
    }
    return 0;
  }

  private void printSummary(PrintWriter w, List<Map<String, Object>> results, boolean same, boolean checksumsEqual) {
    Map<String, Object> r0 = results.get(0);
    long ops = ((Number) r0.get("ops")).longValue();
    w.printf(Locale.ROOT, "%d shards, each a process running the whole program (JGroups over loopback TCP): %d ops, "
        + "%.1f%% traced; decision logs %s (%s markers, SHA-256 %s...)%s%n", shards.shards, ops,
        100 * ((Number) r0.get("coverage")).doubleValue(), same ? "identical" : "DIFFERENT", r0.get("decisionMarkers"),
        String.valueOf(r0.get("decisionLogSha256")).substring(0, 16),
        r0.get("checksum") == null ? "" : "; results' checksums " + (checksumsEqual ? "equal, " + r0.get("checksum")
            : "DIFFERENT"));
    for (Map<String, Object> r : results) {
      w.printf(Locale.ROOT, "  shard %s: %s collectives, %.1f ms of the issuing thread in them (%.0f ns per op), %s "
          + "doublings of the wait interval%n", r.get("shard"), r.get("collectives"),
          ((Number) r.get("collectiveNanos")).doubleValue() / 1e6, ((Number) r.get("collectiveNanosPerOp")).doubleValue(),
          r.get("waitIntervalDoublings"));
    }
    if (out != null && same) {
      w.printf("wrote shard 0's reports and decisions-shard-{0..%d}.csv to %s%n", shards.shards - 1, out);
    }
  }

  /** Null if every shard's decision log is byte-identical to shard 0's, else where the first one differs. */
  private String firstDifference() throws IOException {
    Path first = children.get(0).log();
    for (Child c : children.subList(1, children.size())) {
      if (Files.mismatch(first, c.log()) != -1) {
        List<String> a = Files.readAllLines(first);
        List<String> b = Files.readAllLines(c.log());
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
          String x = i < a.size() ? a.get(i) : "(end)";
          String y = i < b.size() ? b.get(i) : "(end)";
          if (!x.equals(y)) {
            return "shard 0 and shard " + c.rank() + " first differ at line " + (i + 1) + " of decisions-shard-K.csv: '"
                + x + "' against '" + y + "'";
          }
        }
      }
    }
    return null;
  }

  /**
   * Puts shard 0's dumps and every decision log into {@code --out} as one file set ({@link FileSet}):
   * all of them appear at the end, or none.
   */
  private void moveOut() throws IOException {
    Path dumps = staging.resolve("out");
    try (FileSet set = FileSet.open(out)) {
      Path manifest = dumps.resolve(Manifest.FILE_NAME);
      if (Files.isRegularFile(manifest)) {
        // shard 0 wrote its dumps as a set of its own: the files its manifest names
        for (String name : Manifest.read(manifest).names()) {
          copyInto(set, name, dumps.resolve(name));
        }
      }
      for (Child c : children) {
        copyInto(set, ShardsOption.logName(c.rank()), c.log());
      }
      set.commit();
    }
  }

  private static void copyInto(FileSet set, String name, Path from) throws IOException {
    try (OutputStream o = set.create(name)) {
      Files.copy(from, o);
    }
  }

  private static void deleteTree(Path dir) {
    if (dir == null || !Files.exists(dir)) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove the shards' working directory " + dir, e);
    }
  }
}
