package org.apophenia.cli;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apophenia.shards.Discovery;
import org.apophenia.shards.JGroupsCollective;
import org.apophenia.shards.ShardGroup;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

/**
 * The flags of a control-replicated run, for {@code run} and {@code analyze} ({@code @Mixin}):
 * {@code --shards N} alone starts N shard processes on this machine and compares what they decided
 * ({@link ShardLauncher}); with {@code --shard K} this process is shard K of N and joins the others,
 * through {@code --shard-hosts} (any hosts) or {@code --shard-dir} (one machine): how shards started by
 * another launcher (ssh, srun, mpirun) join. Every shard runs the whole command; Apophenia's ingestion
 * agreement goes over JGroups ({@link ShardSession}).
 *
 * <p>The hidden flags are what the launcher tells the shards it starts, and faults for tests
 * ({@link ShardFaults}); neither is for users.
 */
final class ShardsOption {
  /** README, "Errors and limits": each shard is a JVM running the whole program. */
  static final Limits.Range SHARDS = new Limits.Range("--shards", 1, 64,
      "each shard is a JVM running the whole program, and every all-reduce waits for a message from each");

  @Option(names = "--shards", paramLabel = "N",
      description = "Run as N control-replicated shards, each a process running the whole program with its own "
          + "Apophenia, agreeing on ingestion over JGroups; alone, starts the N processes on this machine and checks "
          + "that their trace decisions are identical (--out gets decisions-shard-K.csv for each); 1..64 (default: one "
          + "process, no shards).")
  Integer shards;

  @Option(names = "--shard", paramLabel = "K",
      description = "This process is shard K (0..N-1) of --shards N, started by another launcher; it joins the "
          + "others through --shard-hosts or --shard-dir (default: this process launches the shards).")
  Integer shard;

  @Option(names = "--shard-hosts", paramLabel = "HOST:PORT,...", split = ",",
      description = "With --shard: where each shard listens, one HOST:PORT per shard, the K-th this one's (TCP); "
          + "every shard is given the same list (default: none; --shard needs this or --shard-dir).")
  List<String> hosts;

  @Option(names = "--shard-dir", paramLabel = "DIR",
      description = "With --shard, for shards on one machine: a directory where the shards leave their addresses "
          + "(loopback TCP on ports the system picks; default: none).")
  Path dir;

  @Option(names = "--shard-group", paramLabel = "NAME", defaultValue = "apophenia",
      description = "With --shard: the group's name; shards of different names never meet (default: ${DEFAULT-VALUE}).")
  String group;

  @Option(names = "--shard-timeout", paramLabel = "DURATION", defaultValue = "PT60S",
      description = "How long a shard waits for the others, at an ingestion point or for the group to form, before "
          + "it fails naming the shard it waited for (ISO-8601, default ${DEFAULT-VALUE}).")
  Duration timeout;

  @Option(names = "--shard-join-timeout", paramLabel = "DURATION", defaultValue = "PT120S",
      description = "How long a shard waits for all the shards to join before it fails naming those missing "
          + "(ISO-8601, default ${DEFAULT-VALUE}).")
  Duration joinTimeout;

  @Option(names = "--shard-log", paramLabel = "FILE", hidden = true)
  Path log;

  @Option(names = "--shard-launcher", paramLabel = "PID", hidden = true)
  Long launcher;

  @Option(names = "--shard-test-slow-mining", paramLabel = "K:MS", hidden = true)
  String slowMining;

  @Option(names = "--shard-test-die", paramLabel = "K:N", hidden = true)
  String die;

  @Option(names = "--shard-test-stall", paramLabel = "K:N", hidden = true)
  String stall;

  /** Options that may differ between the shards of one run: left out of the command's fingerprint. */
  static final Set<String> LOCAL_OPTIONS = Set.of("--shard", "--shard-log", "--shard-launcher", "--out", "--json",
      "--shard-timeout", "--shard-join-timeout");

  /**
   * Checks the shard flags (exit code 2 on a mistake); call where the command checks its arguments.
   */
  void check() {
    if (shards == null) {
      for (Object given : new Object[] {shard, hosts, dir, log, launcher}) {
        if (given != null) {
          throw new UserError("--shard, --shard-hosts and --shard-dir need --shards N");
        }
      }
      return;
    }
    SHARDS.check(shards);
    for (Object[] t : new Object[][] {{"--shard-timeout", timeout}, {"--shard-join-timeout", joinTimeout}}) {
      Duration d = (Duration) t[1];
      if (d.isNegative() || d.isZero() || d.compareTo(Duration.ofDays(1)) > 0) {
        throw new UserError(t[0] + " must be positive and at most a day (PT24H), got " + d);
      }
    }
    if (shard == null) {
      if (hosts != null || dir != null) {
        throw new UserError("--shard-hosts and --shard-dir are for shards started one by one with --shard K; "
            + "--shards N alone starts N shards on this machine");
      }
      return;
    }
    if (shard < 0 || shard >= shards) {
      throw new UserError("--shard must be 0.." + (shards - 1) + " for --shards " + shards + ", got " + shard);
    }
    if ((hosts == null) == (dir == null)) {
      throw new UserError("--shard " + shard + " joins the other shards: give --shard-hosts (one HOST:PORT per shard) "
          + "or --shard-dir (shards on one machine), not " + (hosts == null ? "neither" : "both"));
    }
    if (hosts != null) {
      if (hosts.size() != shards) {
        throw new UserError("--shard-hosts needs " + shards + " HOST:PORT entries, one per shard, got " + hosts.size());
      }
      for (String h : hosts) {
        address(h);
      }
    }
    if (group.isBlank()) {
      throw new UserError("--shard-group must not be empty");
    }
    ShardFaults.check(this);
  }

  /** Whether this process starts the shards ({@code --shards N} without {@code --shard}). */
  boolean launching() {
    return shards != null && shard == null;
  }

  /**
   * Joins the group as shard {@code --shard} and returns the session, or null when this process is not
   * a shard. {@code out} is the command's {@code --out} (the decision log goes there unless the
   * launcher named a file).
   */
  ShardSession join(CommandSpec spec, Path out) {
    if (shard == null) {
      return null;
    }
    ShardFaults.watch(launcher);
    Discovery d = dir != null ? new Discovery.SharedDirectory(dir.toAbsolutePath())
        : new Discovery.Hosts(hosts.stream().map(ShardsOption::address).toList());
    ShardGroup g = new ShardGroup(shard, shards, group, d, timeout, joinTimeout, fingerprint(spec));
    Path file = log != null ? log : out == null ? null : out.resolve(logName(shard));
    JGroupsCollective c = JGroupsCollective.join(g);
    return new ShardSession(c, ShardFaults.of(this, c), ShardFaults.miningExecutor(this), file);
  }

  /** The decision log of shard {@code k} in {@code --out}. */
  static String logName(int k) {
    return "decisions-shard-" + k + ".csv";
  }

  private static InetSocketAddress address(String hostPort) {
    int colon = hostPort.lastIndexOf(':');
    String host = colon < 0 ? "" : hostPort.substring(0, colon);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    int port;
    try {
      port = colon < 0 ? -1 : Integer.parseInt(hostPort.substring(colon + 1));
    } catch (NumberFormatException e) {
      port = -1;
    }
    if (host.isEmpty() || port < 1 || port > 65535) {
      throw new UserError("--shard-hosts: '" + hostPort + "' is not HOST:PORT with a port 1..65535");
    }
    InetSocketAddress a = new InetSocketAddress(host, port);
    if (a.isUnresolved()) {
      throw new UserError("--shard-hosts: cannot resolve host '" + host + "'");
    }
    return a;
  }

  /**
   * What every shard must agree on: the command and its arguments as typed, but those that may differ
   * between shards ({@link #LOCAL_OPTIONS}), options sorted by name. Shards with different
   * fingerprints refuse to run together: they would issue different streams.
   */
  static long fingerprint(CommandSpec spec) {
    ParseResult pr = spec.commandLine().getParseResult();
    List<String> parts = new ArrayList<>();
    for (OptionSpec o : pr.matchedOptions()) {
      if (!LOCAL_OPTIONS.contains(o.longestName())) {
        parts.add(o.longestName() + "=" + o.originalStringValues());
      }
    }
    parts.sort(null);
    StringBuilder b = new StringBuilder(spec.qualifiedName());
    for (PositionalParamSpec p : pr.matchedPositionals()) {
      b.append('\0').append(p.originalStringValues());
    }
    parts.forEach(p -> b.append('\0').append(p));
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(b.toString().getBytes(StandardCharsets.UTF_8));
      long v = 0;
      for (int i = 0; i < 8; i++) {
        v = (v << 8) | (d[i] & 0xff);
      }
      return v;
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
