package org.apophenia.sim.machine;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An immutable model of a heterogeneous machine: nodes holding processors and memories, processor–
 * memory affinities and memory–memory channels (the machine object of the Legion thesis, §3.1.4 and
 * §8.1.1). Build one with {@link #builder}, take a {@link Presets preset}, or read a
 * {@link MachineFile JSON file}.
 *
 * <p>Names are unique across processors, memories and channels. Processors, memories and channels
 * are numbered densely from 0 in insertion order; those indices are what the simulator uses.
 * Instances are immutable and thread-safe; {@link #route} memoises its answers.
 */
public final class Machine {
  private final String name;
  private final String description;
  private final List<String> nodes;
  private final List<Processor> processors;
  private final List<Memory> memories;
  private final List<Affinity> affinities;
  private final List<Channel> channels;
  private final Map<String, Object> byName;
  private final double[] localBandwidth;
  /**
   * Per processor: visible memories best first, and the same memories' ids and best bandwidths (in that
   * order): sparse, since a processor reaches a few memories of a machine that may have thousands (a
   * processors-by-memories matrix of a 10^4-node machine is gigabytes).
   */
  private final List<List<Memory>> visible;
  private final int[][] visibleIds;
  private final double[][] visibleBandwidth;
  private final Map<ProcessorKind, List<Processor>> byKind = new EnumMap<>(ProcessorKind.class);
  private final Router router;

  private Machine(Builder b) {
    name = b.name;
    description = b.description;
    nodes = List.copyOf(b.nodes);
    processors = List.copyOf(b.processors);
    memories = List.copyOf(b.memories);
    affinities = List.copyOf(b.affinities);
    channels = List.copyOf(b.channels);
    byName = Map.copyOf(b.byName);
    localBandwidth = new double[processors.size()];
    // the affinities grouped by processor in one pass: O(P + A), not O(P * A)
    List<List<Affinity>> byProcessor = new ArrayList<>(processors.size());
    for (int i = 0; i < processors.size(); i++) {
      byProcessor.add(new ArrayList<>(2));
    }
    for (Affinity a : affinities) {
      localBandwidth[a.processor()] = Math.max(localBandwidth[a.processor()], a.bytesPerSecond());
      byProcessor.get(a.processor()).add(a);
    }
    visibleIds = new int[processors.size()][];
    visibleBandwidth = new double[processors.size()][];
    List<List<Memory>> vis = new ArrayList<>();
    for (Processor p : processors) {
      List<Affinity> mine = byProcessor.get(p.id());
      mine.sort((x, y) -> x.bytesPerSecond() != y.bytesPerSecond()
          ? Double.compare(y.bytesPerSecond(), x.bytesPerSecond()) : Integer.compare(x.memory(), y.memory()));
      // one entry per memory (the builder refuses a second affinity to the same memory), best first
      visibleIds[p.id()] = mine.stream().mapToInt(Affinity::memory).toArray();
      visibleBandwidth[p.id()] = mine.stream().mapToDouble(Affinity::bytesPerSecond).toArray();
      vis.add(mine.stream().map(a -> memories.get(a.memory())).toList());
      byKind.computeIfAbsent(p.kind(), k -> new ArrayList<>()).add(p);
    }
    visible = List.copyOf(vis);
    byKind.replaceAll((k, v) -> List.copyOf(v));
    router = new Router(memories, channels);
  }

  /** Starts a machine called {@code name}. */
  public static Builder builder(String name) {
    return new Builder(name);
  }

  public String name() {
    return name;
  }

  /** One line saying what this machine is, possibly empty. */
  public String description() {
    return description;
  }

  /** Number of nodes. */
  public int nodeCount() {
    return nodes.size();
  }

  /** Name of node {@code node}. */
  public String nodeName(int node) {
    return nodes.get(node);
  }

  /** All processors, indexed by {@link Processor#id()}. */
  public List<Processor> processors() {
    return processors;
  }

  /** All memories, indexed by {@link Memory#id()}. */
  public List<Memory> memories() {
    return memories;
  }

  /** All channels, indexed by {@link Channel#id()}. */
  public List<Channel> channels() {
    return channels;
  }

  /** All processor–memory affinities, in insertion order. */
  public List<Affinity> affinities() {
    return affinities;
  }

  public Processor processor(int id) {
    return processors.get(id);
  }

  public Memory memory(int id) {
    return memories.get(id);
  }

  public Channel channel(int id) {
    return channels.get(id);
  }

  /** The processor named {@code name}; throws IllegalArgumentException if there is none. */
  public Processor processor(String name) {
    return named(name, Processor.class);
  }

  /** The memory named {@code name}; throws IllegalArgumentException if there is none. */
  public Memory memory(String name) {
    return named(name, Memory.class);
  }

  /** The channel named {@code name}; throws IllegalArgumentException if there is none. */
  public Channel channel(String name) {
    return named(name, Channel.class);
  }

  private <T> T named(String n, Class<T> type) {
    Object o = byName.get(n);
    if (!type.isInstance(o)) {
      throw new IllegalArgumentException(name + " has no " + type.getSimpleName().toLowerCase() + " named " + n);
    }
    return type.cast(o);
  }

  /** Processors of {@code kind} on {@code node}, in index order. O(P). */
  public List<Processor> processors(int node, ProcessorKind kind) {
    List<Processor> out = new ArrayList<>();
    for (Processor p : processors) {
      if (p.node() == node && p.kind() == kind) {
        out.add(p);
      }
    }
    return out;
  }

  /** Memories of {@code kind} on {@code node}, in index order. O(M). */
  public List<Memory> memories(int node, MemoryKind kind) {
    List<Memory> out = new ArrayList<>();
    for (Memory m : memories) {
      if (m.node() == node && m.kind() == kind) {
        out.add(m);
      }
    }
    return out;
  }

  /** Memories {@code processor} can access directly, best bandwidth first (ties: lower index). O(1). */
  public List<Memory> visibleMemories(Processor processor) {
    return visible.get(processor.id());
  }

  /**
   * The bandwidth of {@code processor}'s affinity to {@code memory} in bytes/s, or 0 if it cannot
   * access it directly. O(number of memories the processor sees), a handful.
   */
  public double bandwidth(Processor processor, Memory memory) {
    int[] ids = visibleIds[processor.id()];
    for (int i = 0; i < ids.length; i++) {
      if (ids[i] == memory.id()) {
        return visibleBandwidth[processor.id()][i];
      }
    }
    return 0;
  }

  /** All processors of {@code kind}, in index order (empty if none). O(1). */
  public List<Processor> processors(ProcessorKind kind) {
    return byKind.getOrDefault(kind, List.of());
  }

  /** Best affinity bandwidth of {@code processor} in bytes/s, or 0 if it has no affinity. O(1). */
  public double localBandwidth(Processor processor) {
    return localBandwidth[processor.id()];
  }

  /**
   * The cheapest route for {@code bytes} from {@code from} to {@code to} (see {@link Route}), or
   * empty if no chain of channels connects them. A copy inside one memory uses its local channel.
   * O((M + C) log M) the first time for a given triple, O(1) after.
   */
  public Optional<Route> route(Memory from, Memory to, long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("negative byte count " + bytes);
    }
    return router.route(from.id(), to.id(), bytes);
  }

  /** Number of processors of each kind, over the whole machine. */
  public Map<ProcessorKind, Integer> processorCounts() {
    Map<ProcessorKind, Integer> m = new EnumMap<>(ProcessorKind.class);
    for (Processor p : processors) {
      m.merge(p.kind(), 1, Integer::sum);
    }
    return m;
  }

  @Override
  public String toString() {
    return name + " (" + nodes.size() + " nodes, " + processors.size() + " processors, " + memories.size()
        + " memories, " + channels.size() + " channels)";
  }

  /**
   * Mutable builder of a {@link Machine}. Every method checks its arguments and throws
   * IllegalArgumentException naming the problem (duplicate name, index out of range, bad number).
   * Not thread-safe.
   */
  public static final class Builder {
    private final String name;
    private String description = "";
    private final List<String> nodes = new ArrayList<>();
    private final List<Processor> processors = new ArrayList<>();
    private final List<Memory> memories = new ArrayList<>();
    private final List<Affinity> affinities = new ArrayList<>();
    private final java.util.Set<Long> affinityPairs = new java.util.HashSet<>();
    private final List<Channel> channels = new ArrayList<>();
    private final Map<String, Object> byName = new HashMap<>();
    private final java.util.Set<String> nodeNames = new java.util.HashSet<>();

    private Builder(String name) {
      this.name = Objects.requireNonNull(name, "name");
      if (name.isBlank()) {
        throw new IllegalArgumentException("machine name must not be blank");
      }
    }

    public Builder description(String text) {
      description = Objects.requireNonNull(text, "description");
      return this;
    }

    /** Adds a node and returns its index. Node names are unique among nodes. */
    public int node(String nodeName) {
      Objects.requireNonNull(nodeName, "node name");
      if (!nodeNames.add(nodeName)) { // a set: List.contains per node is quadratic
        throw new IllegalArgumentException("duplicate node name " + nodeName);
      }
      nodes.add(nodeName);
      return nodes.size() - 1;
    }

    /** Adds a processor on {@code node} and returns it. */
    public Processor processor(int node, String procName, ProcessorKind kind, double flopsPerSecond,
        long launchOverheadNanos) {
      checkNode(node);
      Processor p = new Processor(processors.size(), procName, node, kind, flopsPerSecond, launchOverheadNanos);
      claim(procName, p);
      processors.add(p);
      return p;
    }

    /** Adds a memory on {@code node} and returns it. */
    public Memory memory(int node, String memName, MemoryKind kind, long capacityBytes) {
      checkNode(node);
      Memory m = new Memory(memories.size(), memName, node, kind, capacityBytes);
      claim(memName, m);
      memories.add(m);
      return m;
    }

    /** Lets {@code p} access {@code m} directly at this bandwidth and latency; one affinity per pair. */
    public Builder affinity(Processor p, Memory m, double bytesPerSecond, long latencyNanos) {
      checkOwn(p);
      checkOwn(m);
      if (!affinityPairs.add(((long) p.id() << 32) | m.id())) { // a set: a scan per affinity is quadratic
        throw new IllegalArgumentException("duplicate affinity " + p.name() + " -> " + m.name());
      }
      affinities.add(new Affinity(p.id(), m.id(), bytesPerSecond, latencyNanos));
      return this;
    }

    /** Adds a directed channel and returns it. */
    public Channel channel(String chName, Memory from, Memory to, ChannelKind kind, double bytesPerSecond,
        long latencyNanos) {
      checkOwn(from);
      checkOwn(to);
      Channel c = new Channel(channels.size(), chName, from.id(), to.id(), from.node(), kind, bytesPerSecond,
          latencyNanos);
      claim(chName, c);
      channels.add(c);
      return c;
    }

    /** Adds two channels, {@code name} from {@code a} to {@code b} and {@code name + "/reverse"} back. */
    public Builder duplex(String chName, Memory a, Memory b, ChannelKind kind, double bytesPerSecond,
        long latencyNanos) {
      if (a.equals(b)) {
        throw new IllegalArgumentException("channel " + chName + ": a duplex channel needs two different memories");
      }
      channel(chName, a, b, kind, bytesPerSecond, latencyNanos);
      channel(chName + "/reverse", b, a, kind, bytesPerSecond, latencyNanos);
      return this;
    }

    /** Number of nodes added so far. */
    public int nodeCount() {
      return nodes.size();
    }

    /** Whether some processor, memory or channel already has this name. */
    public boolean hasName(String n) {
      return byName.containsKey(n);
    }

    /** The machine; it needs at least one node and one processor. */
    public Machine build() {
      if (nodes.isEmpty()) {
        throw new IllegalArgumentException("machine " + name + " has no nodes");
      }
      if (processors.isEmpty()) {
        throw new IllegalArgumentException("machine " + name + " has no processors");
      }
      return new Machine(this);
    }

    private void checkNode(int node) {
      if (node < 0 || node >= nodes.size()) {
        throw new IllegalArgumentException("no node " + node + " (have " + nodes.size() + ")");
      }
    }

    private void checkOwn(Processor p) {
      if (p.id() < 0 || p.id() >= processors.size() || processors.get(p.id()) != p) {
        throw new IllegalArgumentException("processor " + p.name() + " does not belong to machine " + name);
      }
    }

    private void checkOwn(Memory m) {
      if (m.id() < 0 || m.id() >= memories.size() || memories.get(m.id()) != m) {
        throw new IllegalArgumentException("memory " + m.name() + " does not belong to machine " + name);
      }
    }

    private void claim(String n, Object o) {
      if (n.isBlank()) {
        throw new IllegalArgumentException("names must not be blank");
      }
      if (byName.putIfAbsent(n, o) != null) {
        throw new IllegalArgumentException("duplicate name " + n);
      }
    }
  }

}
