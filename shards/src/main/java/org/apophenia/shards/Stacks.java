package org.apophenia.shards;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Filter;
import java.util.logging.Logger;
import org.jgroups.protocols.FD_ALL3;
import org.jgroups.protocols.FD_SOCK2;
import org.jgroups.protocols.FILE_PING;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.SHARED_LOOPBACK;
import org.jgroups.protocols.SHARED_LOOPBACK_PING;
import org.jgroups.protocols.TCP;
import org.jgroups.protocols.TCPPING;
import org.jgroups.protocols.UNICAST3;
import org.jgroups.protocols.VERIFY_SUSPECT2;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.protocols.pbcast.NAKACK2;
import org.jgroups.protocols.pbcast.STABLE;
import org.jgroups.stack.Protocol;

/**
 * The JGroups protocol stack of a shard: JGroups' own {@code tcp.xml} cut down to what an all-reduce of
 * a few bytes needs, tuned to notice a dead shard in about a second.
 *
 * <p>Transport and discovery by {@link Discovery}; then failure detection (FD_SOCK2: a TCP connection
 * to a neighbour, so a killed process is suspected as soon as the kernel closes its sockets; FD_ALL3:
 * heartbeats, for a host that vanishes without closing anything; VERIFY_SUSPECT2 double-checks a
 * suspicion before the member is excluded), reliable FIFO delivery (NAKACK2 for multicasts, UNICAST3),
 * garbage collection of delivered messages (STABLE), membership (GMS) and MERGE3, which heals a group
 * that split anyway (members that started at the same instant may each found a group of their own;
 * the discovery settings below make that rare, MERGE3 joins the groups within a few seconds).
 * No flow control and no fragmentation: messages are a few dozen bytes, one per shard per all-reduce.
 * {@code tcp_nodelay} and no bundler, because every all-reduce waits for its messages: latency is the
 * cost (BENCHMARKS.md, "Sharded runs").
 */
final class Stacks {
  /** How long a suspected member has to answer before it is excluded (JGroups' default is 1.5 s). */
  static final long VERIFY_SUSPECT_MILLIS = 500;
  /** Heartbeats: a member silent this long is suspected (only a host that vanished; a dead process is seen at once). */
  static final long HEARTBEAT_TIMEOUT_MILLIS = 20_000;
  static final long HEARTBEAT_INTERVAL_MILLIS = 4_000;
  /**
   * Discovery asks this many times within GMS's join timeout: members that start together see each
   * other on a later run and agree on one coordinator (the lowest address) rather than splitting.
   */
  static final int DISCOVERY_RUNS = 3;

  /**
   * The TCP transport's log (JGroups logs through java.util.logging when nothing else is on the class
   * path), held here because java.util.logging keeps loggers weakly and would drop the filter.
   */
  private static final Logger TCP_LOG = Logger.getLogger(TCP.class.getName());

  /**
   * Drops the one error JGroups logs, with its stack trace, when a connection this shard is closing
   * still had a message in flight ("failed handling incoming message", an IOException "Stream
   * closed"): seen at the end of successful runs, when the shards leave the group. Nothing is lost
   * that matters: a shard that missed a contribution fails by its own timeout or failure detector,
   * with a message of its own.
   */
  static final Filter CLOSING_NOISE = r -> !(r.getThrown() instanceof IOException e && "Stream closed".equals(e.getMessage()));

  static {
    TCP_LOG.setFilter(CLOSING_NOISE);
  }

  private Stacks() {}

  static List<Protocol> of(ShardGroup group) throws Exception {
    List<Protocol> stack = new ArrayList<>();
    Discovery d = group.discovery();
    if (d instanceof Discovery.InProcess) {
      stack.add(new SHARED_LOOPBACK());
      stack.add(new SHARED_LOOPBACK_PING());
    } else if (d instanceof Discovery.SharedDirectory dir) {
      stack.add(tcp(InetAddress.getLoopbackAddress(), 0));
      // a joining member writes its address at once, not only once it is a coordinator, so that shards
      // started at the same instant find each other instead of each founding a group of its own
      stack.add(new FILE_PING().setLocation(dir.dir().toString()).writeDataOnFind(true)
          .setValue("num_discovery_runs", DISCOVERY_RUNS));
    } else if (d instanceof Discovery.Hosts hosts) {
      InetSocketAddress own = hosts.hosts().get(group.rank());
      InetAddress bind = own.getAddress();
      if (bind == null) {
        throw new IllegalArgumentException("cannot resolve host " + own.getHostString());
      }
      stack.add(tcp(bind, own.getPort()));
      stack.add(new TCPPING().setInitialHosts(hosts.hosts()).setPortRange(0)
          .setValue("num_discovery_runs", DISCOVERY_RUNS));
    }
    stack.add(new MERGE3().setMinInterval(500).setMaxInterval(1_500));
    if (!(d instanceof Discovery.InProcess)) {
      stack.add(new FD_SOCK2());
      stack.add(new FD_ALL3().setTimeout(HEARTBEAT_TIMEOUT_MILLIS).setInterval(HEARTBEAT_INTERVAL_MILLIS));
      stack.add(new VERIFY_SUSPECT2().setTimeout(VERIFY_SUSPECT_MILLIS));
    }
    stack.add(new NAKACK2().useMcastXmit(false));
    stack.add(new UNICAST3());
    stack.add(new STABLE());
    stack.add(new GMS().setJoinTimeout(1_000).printLocalAddress(false));
    return stack;
  }

  private static TCP tcp(InetAddress bind, int port) {
    TCP tcp = new TCP();
    tcp.setBindAddress(bind);
    tcp.setBindPort(port);
    tcp.setPortRange(port == 0 ? 1 : 0);
    tcp.tcpNodelay(true);
    tcp.setBundlerType("no-bundler");
    return tcp;
  }
}
