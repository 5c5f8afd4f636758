package org.apophenia.sim.machine;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads and writes machines as JSON. {@link #write} of any machine gives a file {@link #parse} accepts
 * and turns back into an equal model, so {@code apophenia machines --json} is a starting point for a
 * custom machine. Stateless and thread-safe.
 *
 * <h2>Schema</h2>
 * <pre>{@code
 * {
 *   "name": "my-box",                      // required, non-blank
 *   "description": "...",                  // optional
 *   "nodes": [                             // required, at least one
 *     { "name": "n0",                      // unique among nodes
 *       "processors": [ { "name": "n0.cpu0", "kind": "CPU|GPU|UTILITY",
 *                         "gflops": 39.2,              // peak GFLOP/s (1e9 flop/s), 1e-3 .. 1e9
 *                         "launchOverheadNs": 1000 } ], // optional, integer 0 .. 1e12, default 0
 *       "memories":   [ { "name": "n0.sys", "kind": "SYSTEM|FRAMEBUFFER|ZERO_COPY",
 *                         "capacityBytes": 274877906944 } ] } ],   // integer 4096 .. 2^60
 *   "affinities": [ { "processor": "n0.cpu0", "memory": "n0.sys",   // GB/s = 1e9 bytes/s, 1e-6 .. 1e6
 *                     "bandwidthGBps": 3.2, "latencyNs": 100 } ],   // latency integer 0 .. 1e12
 *   "channels":   [ { "name": "n0.pcie", "kind": "LOCAL|PCIE|NVLINK|NETWORK",  // optional list
 *                     "from": "n0.zc", "to": "n0.gpu0.fb",
 *                     "bandwidthGBps": 32, "latencyNs": 5000,
 *                     "bidirectional": false } ]   // optional; true adds "<name>/reverse"
 * }
 * }</pre>
 * Names are unique across nodes' processors, memories and channels. Kinds are case-insensitive.
 * Unknown fields are errors (a misspelt field should not be silently ignored), and so are a key given
 * twice in one object (no "last one wins") and anything after the object (a second document).
 *
 * <h2>What a valid file promises</h2>
 * A file this class accepts is a machine the runtime can simulate to the end: every node has a memory
 * and the first node a SYSTEM memory (where the runtime keeps host data); some processor is a CPU or
 * GPU (UTILITY processors only run the runtime's own work); every processor has an affinity to some
 * memory (its tasks' data must live somewhere); every memory that a processor can reach directly, and
 * the host memory, has a LOCAL channel to itself (fills) and a chain of channels to every other such
 * memory (copies); a channel from a memory to itself is LOCAL (it is not a link). Figures lie in the
 * ranges above, so one task or transfer takes at most about 10^15 ns, and the simulator's clock
 * saturates rather than wraps on a long run. Capacity is not modelled (the simulator never runs out of
 * memory), so it is only checked to be plausible: at least one 4 KiB page.
 *
 * <p>Every problem is reported as a {@link MachineFileException} naming the JSON path, e.g.
 * {@code $.channels[3].to: no memory named 'n9.sys'}.
 */
public final class MachineFile {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  /** Peak GFLOP/s of a processor: 1 MFLOP/s to 1 EFLOP/s, so a task's compute time fits the clock. */
  public static final double MIN_GFLOPS = 1e-3;
  public static final double MAX_GFLOPS = 1e9;
  /** Bandwidth in GB/s of an affinity or channel: 1 kB/s to 1 PB/s. */
  public static final double MIN_GBPS = 1e-6;
  public static final double MAX_GBPS = 1e6;
  /** Latencies and launch overheads: at most 10^12 ns (1000 s). */
  public static final long MAX_NANOS = 1_000_000_000_000L;
  /** Capacities: one 4 KiB page (capacity is not modelled; smaller is a typo) to 2^60 bytes. */
  public static final long MIN_CAPACITY = 1L << 12;
  public static final long MAX_CAPACITY = 1L << 60;

  private MachineFile() {}

  /** Reads and validates a machine file. */
  public static Machine read(Path file) throws IOException {
    return parse(Files.readString(file, StandardCharsets.UTF_8));
  }

  /** Parses and validates machine JSON; throws {@link MachineFileException} on any problem. */
  public static Machine parse(String json) {
    JsonNode root;
    try {
      root = JSON.readTree(json);
    } catch (JsonProcessingException e) {
      var loc = e.getLocation();
      String where = loc == null ? "$" : "line " + loc.getLineNr() + ", column " + loc.getColumnNr();
      throw new MachineFileException(where, "not valid JSON: " + JsonComplaints.plainWords(e.getOriginalMessage()));
    }
    if (root == null || root.isMissingNode()) {
      throw new MachineFileException("$", "empty file");
    }
    if (JsonComplaints.hasNonFinite(root)) {
      throw JsonComplaints.nonFinite(JSON, json);
    }
    return new Reader().machine(root);
  }

  /** The machine as a JSON object tree in the schema above. */
  public static ObjectNode toTree(Machine m) {
    ObjectNode root = JSON.createObjectNode();
    root.put("name", m.name());
    if (!m.description().isEmpty()) {
      root.put("description", m.description());
    }
    ArrayNode nodes = root.putArray("nodes");
    ArrayNode[] procs = new ArrayNode[m.nodeCount()];
    ArrayNode[] mems = new ArrayNode[m.nodeCount()];
    for (int n = 0; n < m.nodeCount(); n++) {
      ObjectNode node = nodes.addObject();
      node.put("name", m.nodeName(n));
      procs[n] = node.putArray("processors");
      mems[n] = node.putArray("memories");
    }
    // one pass over each list (a pass per node is quadratic in a machine of thousands of nodes)
    for (Processor p : m.processors()) {
      procs[p.node()].addObject().put("name", p.name()).put("kind", p.kind().name())
          .put("gflops", giga(p.flopsPerSecond())).put("launchOverheadNs", p.launchOverheadNanos());
    }
    for (Memory mem : m.memories()) {
      mems[mem.node()].addObject().put("name", mem.name()).put("kind", mem.kind().name())
          .put("capacityBytes", mem.capacityBytes());
    }
    ArrayNode affs = root.putArray("affinities");
    for (Affinity a : m.affinities()) {
      affs.addObject().put("processor", m.processor(a.processor()).name()).put("memory", m.memory(a.memory()).name())
          .put("bandwidthGBps", giga(a.bytesPerSecond())).put("latencyNs", a.latencyNanos());
    }
    ArrayNode chans = root.putArray("channels");
    for (Channel c : m.channels()) {
      chans.addObject().put("name", c.name()).put("kind", c.kind().name())
          .put("from", m.memory(c.from()).name()).put("to", m.memory(c.to()).name())
          .put("bandwidthGBps", giga(c.bytesPerSecond())).put("latencyNs", c.latencyNanos());
    }
    return root;
  }

  /** The machine as pretty-printed JSON in the schema above. */
  public static String write(Machine m) {
    try {
      return JSON.writeValueAsString(toTree(m));
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Exact decimal scaling, so that 39.2e9 flop/s is written as 39.2 and read back bit-identical. */
  private static BigDecimal giga(double perSecond) {
    return new BigDecimal(Double.toString(perSecond)).movePointLeft(9).stripTrailingZeros();
  }

  /** One validation pass; keeps the path of every name for duplicate reports. */
  private static final class Reader {
    private final Map<String, String> nameAt = new HashMap<>();
    private final Map<String, Processor> processors = new HashMap<>();
    private final Map<String, Memory> memories = new HashMap<>();

    Machine machine(JsonNode root) {
      object(root, "$", Set.of("name", "description", "nodes", "affinities", "channels"));
      Machine.Builder b;
      try {
        b = Machine.builder(nonBlank(root, "$", "name"));
      } catch (MachineFileException e) {
        throw e;
      } catch (IllegalArgumentException e) {
        throw new MachineFileException("$.name", e.getMessage());
      }
      if (root.has("description")) {
        b.description(string(root.get("description"), "$.description"));
      }
      JsonNode nodes = required(root, "$", "nodes");
      array(nodes, "$.nodes");
      if (nodes.isEmpty()) {
        throw new MachineFileException("$.nodes", "a machine needs at least one node");
      }
      Set<String> nodeNames = new HashSet<>();
      for (int i = 0; i < nodes.size(); i++) {
        node(b, nodes.get(i), "$.nodes[" + i + "]", nodeNames);
      }
      if (processors.isEmpty()) {
        throw new MachineFileException("$.nodes", "a machine needs at least one processor");
      }
      if (root.has("affinities")) {
        JsonNode affs = root.get("affinities");
        array(affs, "$.affinities");
        Set<String> pairs = new HashSet<>();
        for (int i = 0; i < affs.size(); i++) {
          affinity(b, affs.get(i), "$.affinities[" + i + "]", pairs);
        }
      }
      if (root.has("channels")) {
        JsonNode chans = root.get("channels");
        array(chans, "$.channels");
        for (int i = 0; i < chans.size(); i++) {
          channel(b, chans.get(i), "$.channels[" + i + "]");
        }
      }
      Machine m = b.build();
      Simulable.check(m);
      return m;
    }

    private void node(Machine.Builder b, JsonNode n, String path, Set<String> nodeNames) {
      object(n, path, Set.of("name", "processors", "memories"));
      String name = nonBlank(n, path, "name");
      if (!nodeNames.add(name)) {
        throw new MachineFileException(path + ".name", "duplicate node name '" + name + "'");
      }
      int node = b.node(name);
      if (n.has("processors")) {
        JsonNode ps = n.get("processors");
        array(ps, path + ".processors");
        for (int i = 0; i < ps.size(); i++) {
          String pp = path + ".processors[" + i + "]";
          JsonNode p = ps.get(i);
          object(p, pp, Set.of("name", "kind", "gflops", "launchOverheadNs"));
          String pn = claim(p, pp);
          ProcessorKind kind = kind(ProcessorKind.class, p, pp, "processor");
          between(p, pp, "gflops", MIN_GFLOPS, MAX_GFLOPS);
          double flops = new BigDecimal(p.get("gflops").asText()).movePointRight(9).doubleValue();
          long overhead = p.has("launchOverheadNs") ? nanos(p, pp, "launchOverheadNs") : 0;
          processors.put(pn, b.processor(node, pn, kind, flops, overhead));
        }
      }
      if (n.has("memories")) {
        JsonNode ms = n.get("memories");
        array(ms, path + ".memories");
        for (int i = 0; i < ms.size(); i++) {
          String mp = path + ".memories[" + i + "]";
          JsonNode m = ms.get(i);
          object(m, mp, Set.of("name", "kind", "capacityBytes"));
          String mn = claim(m, mp);
          MemoryKind kind = kind(MemoryKind.class, m, mp, "memory");
          long cap = nonNegativeInt(m, mp, "capacityBytes");
          if (cap < MIN_CAPACITY || cap > MAX_CAPACITY) {
            throw new MachineFileException(mp + ".capacityBytes", "must be " + MIN_CAPACITY + ".." + MAX_CAPACITY
                + " bytes (capacity is not modelled; less than a 4 KiB page is surely a mistake), got " + cap);
          }
          memories.put(mn, b.memory(node, mn, kind, cap));
        }
      }
    }

    private void affinity(Machine.Builder b, JsonNode a, String path, Set<String> pairs) {
      object(a, path, Set.of("processor", "memory", "bandwidthGBps", "latencyNs"));
      Processor p = processorRef(a, path, "processor");
      Memory m = memoryRef(a, path, "memory");
      if (!pairs.add(p.name() + "\0" + m.name())) {
        throw new MachineFileException(path, "duplicate affinity " + p.name() + " -> " + m.name());
      }
      b.affinity(p, m, gbps(a, path), nanos(a, path, "latencyNs"));
    }

    private void channel(Machine.Builder b, JsonNode c, String path) {
      object(c, path, Set.of("name", "kind", "from", "to", "bandwidthGBps", "latencyNs", "bidirectional"));
      String name = claim(c, path);
      ChannelKind kind = kind(ChannelKind.class, c, path, "channel");
      Memory from = memoryRef(c, path, "from");
      Memory to = memoryRef(c, path, "to");
      double bw = gbps(c, path);
      long lat = nanos(c, path, "latencyNs");
      boolean both = false;
      if (c.has("bidirectional")) {
        if (!c.get("bidirectional").isBoolean()) {
          throw new MachineFileException(path + ".bidirectional", "expected true or false");
        }
        both = c.get("bidirectional").booleanValue();
      }
      if (both) {
        if (from.equals(to)) {
          throw new MachineFileException(path + ".bidirectional", "a channel from a memory to itself has one direction");
        }
        String reverse = name + "/reverse";
        if (nameAt.containsKey(reverse)) {
          throw new MachineFileException(path + ".name",
              "the reverse channel name '" + reverse + "' is already used at " + nameAt.get(reverse));
        }
        nameAt.put(reverse, path + ".name");
        b.duplex(name, from, to, kind, bw, lat);
      } else {
        if (from.equals(to) && kind != ChannelKind.LOCAL) {
          throw new MachineFileException(path + ".to", "a channel from memory '" + from.name()
              + "' to itself must be LOCAL (fills and copies inside one memory), not " + kind);
        }
        b.channel(name, from, to, kind, bw, lat);
      }
    }

    private String claim(JsonNode o, String path) {
      String name = nonBlank(o, path, "name");
      String previous = nameAt.putIfAbsent(name, path + ".name");
      if (previous != null) {
        throw new MachineFileException(path + ".name", "duplicate name '" + name + "' (already used at " + previous + ")");
      }
      return name;
    }

    private Processor processorRef(JsonNode o, String path, String field) {
      String name = nonBlank(o, path, field);
      Processor p = processors.get(name);
      if (p == null) {
        throw new MachineFileException(path + "." + field, "no processor named '" + name + "'"
            + (memories.containsKey(name) ? " ('" + name + "' is a memory)" : ""));
      }
      return p;
    }

    private Memory memoryRef(JsonNode o, String path, String field) {
      String name = nonBlank(o, path, field);
      Memory m = memories.get(name);
      if (m == null) {
        throw new MachineFileException(path + "." + field, "no memory named '" + name + "'"
            + (processors.containsKey(name) ? " ('" + name + "' is a processor)" : ""));
      }
      return m;
    }

    private static <E extends Enum<E>> E kind(Class<E> type, JsonNode o, String path, String what) {
      String text = nonBlank(o, path, "kind");
      try {
        return Enum.valueOf(type, text.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new MachineFileException(path + ".kind", "unknown " + what + " kind '" + text + "' (expected one of "
            + String.join(", ", Arrays.stream(type.getEnumConstants()).map(Enum::name).toList()) + ")");
      }
    }

    private static double gbps(JsonNode o, String path) {
      between(o, path, "bandwidthGBps", MIN_GBPS, MAX_GBPS);
      return new BigDecimal(o.get("bandwidthGBps").asText()).movePointRight(9).doubleValue();
    }

    private static double positive(JsonNode o, String path, String field) {
      JsonNode v = required(o, path, field);
      if (!v.isNumber()) {
        throw new MachineFileException(path + "." + field, "expected a number, got " + describe(v));
      }
      double d = v.doubleValue();
      if (!(d > 0) || Double.isInfinite(d)) {
        throw new MachineFileException(path + "." + field, "must be positive, got " + v.asText());
      }
      return d;
    }

    private static void between(JsonNode o, String path, String field, double min, double max) {
      positive(o, path, field);
      // compare the exact decimal, so that 1e-3 itself is in range whatever its binary rounding
      BigDecimal v = new BigDecimal(o.get(field).asText());
      if (v.compareTo(new BigDecimal(Double.toString(min))) < 0 || v.compareTo(new BigDecimal(Double.toString(max))) > 0) {
        throw new MachineFileException(path + "." + field, "must be " + new BigDecimal(Double.toString(min)).toPlainString()
            + ".." + new BigDecimal(Double.toString(max)).toPlainString() + ", got " + o.get(field).asText());
      }
    }

    private static long nanos(JsonNode o, String path, String field) {
      long x = nonNegativeInt(o, path, field);
      if (x > MAX_NANOS) {
        throw new MachineFileException(path + "." + field, "must be at most " + MAX_NANOS + " ns (1000 s), got " + x);
      }
      return x;
    }

    private static long nonNegativeInt(JsonNode o, String path, String field) {
      JsonNode v = required(o, path, field);
      if (!v.isIntegralNumber() || !v.canConvertToLong()) {
        throw new MachineFileException(path + "." + field, "expected an integer, got " + describe(v));
      }
      long x = v.longValue();
      if (x < 0) {
        throw new MachineFileException(path + "." + field, "must not be negative, got " + x);
      }
      return x;
    }

    private static String nonBlank(JsonNode o, String path, String field) {
      String s = string(required(o, path, field), path + "." + field);
      if (s.isBlank()) {
        throw new MachineFileException(path + "." + field, "must not be blank");
      }
      return s;
    }

    private static String string(JsonNode v, String path) {
      if (!v.isTextual()) {
        throw new MachineFileException(path, "expected a string, got " + describe(v));
      }
      return v.textValue();
    }

    private static JsonNode required(JsonNode o, String path, String field) {
      JsonNode v = o.get(field);
      if (v == null || v.isNull()) {
        throw new MachineFileException(path, "missing field '" + field + "'");
      }
      return v;
    }

    private static void array(JsonNode v, String path) {
      if (!v.isArray()) {
        throw new MachineFileException(path, "expected an array, got " + describe(v));
      }
    }

    private static void object(JsonNode v, String path, Set<String> allowed) {
      if (!v.isObject()) {
        throw new MachineFileException(path, "expected an object, got " + describe(v));
      }
      for (Iterator<String> it = v.fieldNames(); it.hasNext(); ) {
        String f = it.next();
        if (!allowed.contains(f)) {
          List<String> sorted = new ArrayList<>(allowed);
          sorted.sort(null);
          throw new MachineFileException(path + "." + f, "unknown field (expected one of " + String.join(", ", sorted) + ")");
        }
      }
    }

    private static String describe(JsonNode v) {
      return switch (v.getNodeType()) {
        case STRING -> "the string '" + v.textValue() + "'";
        case NUMBER -> "the number " + v.asText();
        case BOOLEAN -> v.asText();
        case ARRAY -> "an array";
        case OBJECT -> "an object";
        default -> v.getNodeType().name().toLowerCase(Locale.ROOT);
      };
    }
  }
}
