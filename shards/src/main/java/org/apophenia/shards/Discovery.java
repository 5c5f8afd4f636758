package org.apophenia.shards;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * How the shards of a run find each other: the one choice that differs between one machine, several
 * hosts and a test in one JVM. Everything above it (membership, failure detection, the all-reduce) is
 * the same.
 */
public sealed interface Discovery permits Discovery.Hosts, Discovery.SharedDirectory, Discovery.InProcess {
  /** One line for messages: how this group was to be found. */
  String describe();

  /**
   * Shards on any hosts, over TCP: the shard of rank {@code k} listens on {@code hosts.get(k)} and
   * looks for the others at the rest (JGroups TCP with TCPPING). Every shard is given the same list.
   */
  record Hosts(List<InetSocketAddress> hosts) implements Discovery {
    public Hosts {
      hosts = List.copyOf(hosts);
      if (hosts.isEmpty()) {
        throw new IllegalArgumentException("no hosts");
      }
    }

    @Override
    public String describe() {
      return "TCP, hosts " + hosts.stream().map(h -> h.getHostString() + ":" + h.getPort())
          .collect(Collectors.joining(","));
    }
  }

  /**
   * Shards on this machine, over TCP on the loopback interface at ports the system picks: each writes
   * its address into a file in {@code dir}, where the others read it (JGroups FILE_PING). What the
   * launcher of {@code --shards N} uses; a fresh directory per run keeps concurrent runs apart.
   */
  record SharedDirectory(Path dir) implements Discovery {
    public SharedDirectory {
      Objects.requireNonNull(dir, "dir");
    }

    @Override
    public String describe() {
      return "loopback TCP, addresses in " + dir;
    }
  }

  /**
   * Shards in this JVM (tests): JGroups' in-process loopback transport, no socket at all. Groups are
   * told apart by their names.
   */
  record InProcess() implements Discovery {
    @Override
    public String describe() {
      return "in-process loopback";
    }
  }
}
