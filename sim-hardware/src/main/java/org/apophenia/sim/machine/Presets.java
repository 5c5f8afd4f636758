package org.apophenia.sim.machine;

import java.util.List;
import java.util.Locale;

/**
 * The built-in machines, by name, with the node count as a parameter: {@code perlmutter:16} is 16
 * Perlmutter GPU nodes. Known names: {@code perlmutter}, {@code eos}, {@code workstation} (always one
 * node) and {@code cpu}. Stateless and thread-safe; each call builds a new {@link Machine}.
 *
 * <p>Every node of a preset has the same shape (see {@link NodeSpec}): {@code utility} utility cores,
 * the remaining cores as CPU processors, one SYSTEM memory, and for GPU nodes one ZERO_COPY memory
 * and one FRAMEBUFFER per GPU. Channels: a LOCAL channel inside each memory (fills, same-memory
 * copies), SYSTEM⇄ZERO_COPY (LOCAL, DRAM), ZERO_COPY⇄FRAMEBUFFER per GPU (PCIE), FRAMEBUFFER→
 * FRAMEBUFFER for every ordered GPU pair (NVLINK), and SYSTEM(a)→SYSTEM(b) for every ordered node pair
 * (NETWORK, one NIC's bandwidth). A SYSTEM→FRAMEBUFFER copy therefore stages through ZERO_COPY, as CUDA
 * does for pageable host memory, and a remote GPU copy goes FB→ZC→SYS→net→SYS→ZC→FB.
 *
 * <p>Where the figures come from (peak numbers from the vendors' public specifications):
 * <ul>
 *   <li>AMD EPYC 7763: 64 cores, 2.45 GHz base, 8 channels of DDR4-3200 = 204.8 GB/s per socket
 *       (AMD product page, amd.com/en/products/cpu/amd-epyc-7763); Zen 3 retires two 256-bit FMAs per
 *       cycle, 16 FP64 flop/cycle, so 39.2 GFLOP/s per core at base clock.
 *   <li>Perlmutter GPU node: 1× EPYC 7763, 256 GB DDR4, 4× A100 40 GB, four third-generation NVLink
 *       links between each GPU pair at 25 GB/s per direction each (100 GB/s), PCIe 4.0 host links,
 *       4× HPE Slingshot-11 NICs at 200 Gb/s = 25 GB/s each. Perlmutter CPU node: 2× EPYC 7763,
 *       512 GB DDR4, 1 Slingshot-11 NIC (NERSC, docs.nersc.gov/systems/perlmutter/architecture/).
 *   <li>NVIDIA A100 40 GB SXM4: 9.7 TFLOP/s FP64, 1,555 GB/s HBM2, NVLink 600 GB/s total, PCIe Gen4
 *       64 GB/s bidirectional = 32 GB/s per direction (NVIDIA A100 datasheet).
 *   <li>Eos is built of NVIDIA DGX H100 systems (NVIDIA DGX SuperPOD/Eos announcement; DGX H100 user
 *       guide): 2× Intel Xeon Platinum 8480C (56 cores, 2.0 GHz base, 8 channels DDR5-4800 = 307.2 GB/s
 *       per socket; two AVX-512 FMA units, 32 FP64 flop/cycle = 64 GFLOP/s per core; Intel ARK),
 *       2 TB DDR5, 8× H100 SXM5 80 GB connected through NVSwitch, 8× ConnectX-7 InfiniBand NDR
 *       400 Gb/s = 50 GB/s each.
 *   <li>NVIDIA H100 SXM5 80 GB: 34 TFLOP/s FP64, 3.35 TB/s HBM3, NVLink 900 GB/s total = 450 GB/s per
 *       direction, PCIe Gen5 128 GB/s bidirectional = 64 GB/s per direction (NVIDIA H100 datasheet).
 *   <li>Workstation: AMD Ryzen 9 7950X (16 cores, 4.5 GHz base, dual-channel DDR5-5200 = 83.2 GB/s;
 *       Zen 4 runs AVX-512 on 256-bit units, 16 FP64 flop/cycle = 72 GFLOP/s per core; AMD product
 *       page) and an NVIDIA GeForce RTX 4090 (24 GB GDDR6X at 1,008 GB/s, 82.6 TFLOP/s FP32, FP64 at
 *       1/64 rate = 1.29 TFLOP/s, PCIe 4.0 x16; NVIDIA Ada whitepaper).
 * </ul>
 * <p>Not from a datasheet, and marked as estimates: latencies (1 µs DRAM copy start, 2 µs HBM copy
 * kernel, 5 µs PCIe, 3 µs NVLink, 2 µs Slingshot, 1 µs InfiniBand), launch overheads (1 µs per CPU
 * task, 5 µs per GPU kernel), the number of cores reserved as utility processors (Legion's
 * {@code -ll:util}), the ZERO_COPY size (Legion's {@code -ll:zsize}), and a CPU core's share of DRAM
 * bandwidth (socket bandwidth / cores, the sustained share under a fully loaded node). All
 * bandwidths are peaks; real codes reach 70–90% of them. Rates are FP64.
 */
public final class Presets {
  private static final long GIB = 1L << 30;

  /**
   * The shape of one node of a preset.
   *
   * @param cores physical cores; {@code utility} of them become UTILITY processors, the rest CPU
   */
  record NodeSpec(String description, int cores, int utility, double coreFlops, double dramBytesPerSecond,
      long systemBytes, long zeroCopyBytes, int gpus, double gpuFlops, double hbmBytesPerSecond,
      long framebufferBytes, double pcieBytesPerSecond, double nvlinkBytesPerSecond,
      double nicBytesPerSecond, long networkLatencyNanos) {}

  static final NodeSpec PERLMUTTER = new NodeSpec(
      "Perlmutter GPU node: 1x AMD EPYC 7763 (64 cores), 4x NVIDIA A100 40 GB, NVLink 3, PCIe 4.0, Slingshot-11",
      64, 4, 39.2e9, 204.8e9, 256 * GIB, 8 * GIB,
      4, 9.7e12, 1555e9, 40 * GIB, 32e9, 100e9, 25e9, 2_000);
  static final NodeSpec EOS = new NodeSpec(
      "Eos (DGX H100) node: 2x Intel Xeon Platinum 8480C (2x56 cores), 8x NVIDIA H100 80 GB, NVSwitch, PCIe 5.0,"
          + " InfiniBand NDR",
      112, 8, 64e9, 614.4e9, 2048 * GIB, 32 * GIB,
      8, 34e12, 3350e9, 80 * GIB, 64e9, 450e9, 50e9, 1_000);
  static final NodeSpec WORKSTATION = new NodeSpec(
      "Workstation: AMD Ryzen 9 7950X (16 cores), 1x NVIDIA RTX 4090 24 GB, PCIe 4.0",
      16, 2, 72e9, 83.2e9, 64 * GIB, 4 * GIB,
      1, 1.29e12, 1008e9, 24 * GIB, 32e9, 1, 1, 0);
  static final NodeSpec CPU = new NodeSpec(
      "Perlmutter CPU node: 2x AMD EPYC 7763 (128 cores), Slingshot-11",
      128, 8, 39.2e9, 409.6e9, 512 * GIB, 0,
      0, 1, 1, 0, 1, 1, 25e9, 2_000);

  private static final long CPU_LAUNCH_NANOS = 1_000;
  private static final long GPU_LAUNCH_NANOS = 5_000;
  private static final long DRAM_LATENCY_NANOS = 1_000;
  private static final long HBM_LATENCY_NANOS = 2_000;
  private static final long PCIE_LATENCY_NANOS = 5_000;
  private static final long NVLINK_LATENCY_NANOS = 3_000;

  private Presets() {}

  /** The preset names, in the order the CLI lists them. */
  public static List<String> names() {
    return List.of("perlmutter", "eos", "workstation", "cpu");
  }

  /** One line describing a node of preset {@code name}; IllegalArgumentException if unknown. */
  public static String describe(String name) {
    return spec(name).description();
  }

  /**
   * The machine for {@code spec}, {@code NAME} or {@code NAME:NODES} (1 node if omitted).
   *
   * @throws IllegalArgumentException for an unknown name, a node count that is not a positive integer
   *     (at most 256: the network is a full mesh of channels), or {@code workstation} with more than one node
   */
  public static Machine machine(String spec) {
    String name = spec;
    int nodes = 1;
    int colon = spec.indexOf(':');
    if (colon >= 0) {
      name = spec.substring(0, colon);
      String count = spec.substring(colon + 1);
      // ASCII digits only: Integer.parseInt also reads Arabic-Indic or full-width digits
      if (count.isEmpty() || count.length() > 9 || !count.chars().allMatch(c -> c >= '0' && c <= '9')) {
        throw new IllegalArgumentException("machine '" + spec + "': node count '" + count
            + "' is not an integer written with the digits 0-9");
      }
      nodes = Integer.parseInt(count);
      if (nodes < 1 || nodes > 256) {
        throw new IllegalArgumentException("machine '" + spec + "': node count must be 1..256, got " + nodes);
      }
    }
    NodeSpec s = spec(name);
    if (s == WORKSTATION && nodes != 1) {
      throw new IllegalArgumentException("machine '" + spec + "': workstation has exactly one node");
    }
    return build(name.toLowerCase(Locale.ROOT) + (nodes == 1 ? "" : ":" + nodes), s, nodes);
  }

  private static NodeSpec spec(String name) {
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "perlmutter" -> PERLMUTTER;
      case "eos" -> EOS;
      case "workstation" -> WORKSTATION;
      case "cpu" -> CPU;
      default -> throw new IllegalArgumentException(
          "unknown machine '" + name + "' (known: " + String.join(", ", names()) + ")");
    };
  }

  static Machine build(String name, NodeSpec s, int nodeCount) {
    Machine.Builder b = Machine.builder(name).description(nodeCount + "x " + s.description());
    Memory[] sys = new Memory[nodeCount];
    double coreShare = s.dramBytesPerSecond() / s.cores();
    for (int n = 0; n < nodeCount; n++) {
      String p = "n" + n;
      int node = b.node(p);
      sys[n] = b.memory(node, p + ".sys", MemoryKind.SYSTEM, s.systemBytes());
      b.channel(p + ".sys.local", sys[n], sys[n], ChannelKind.LOCAL, s.dramBytesPerSecond() / 2, DRAM_LATENCY_NANOS);
      Memory zc = null;
      if (s.gpus() > 0) {
        zc = b.memory(node, p + ".zc", MemoryKind.ZERO_COPY, s.zeroCopyBytes());
        b.channel(p + ".zc.local", zc, zc, ChannelKind.LOCAL, s.dramBytesPerSecond() / 2, DRAM_LATENCY_NANOS);
        b.duplex(p + ".sys-zc", sys[n], zc, ChannelKind.LOCAL, s.dramBytesPerSecond() / 2, DRAM_LATENCY_NANOS);
      }
      for (int u = 0; u < s.utility(); u++) {
        Processor q = b.processor(node, p + ".util" + u, ProcessorKind.UTILITY, s.coreFlops(), CPU_LAUNCH_NANOS);
        hostAffinities(b, q, sys[n], zc, coreShare);
      }
      for (int c = 0; c < s.cores() - s.utility(); c++) {
        Processor q = b.processor(node, p + ".cpu" + c, ProcessorKind.CPU, s.coreFlops(), CPU_LAUNCH_NANOS);
        hostAffinities(b, q, sys[n], zc, coreShare);
      }
      Memory[] fb = new Memory[s.gpus()];
      for (int g = 0; g < s.gpus(); g++) {
        String gp = p + ".gpu" + g;
        Processor q = b.processor(node, gp, ProcessorKind.GPU, s.gpuFlops(), GPU_LAUNCH_NANOS);
        fb[g] = b.memory(node, gp + ".fb", MemoryKind.FRAMEBUFFER, s.framebufferBytes());
        b.affinity(q, fb[g], s.hbmBytesPerSecond(), 0);
        b.affinity(q, zc, s.pcieBytesPerSecond(), PCIE_LATENCY_NANOS);
        b.channel(gp + ".fb.local", fb[g], fb[g], ChannelKind.LOCAL, s.hbmBytesPerSecond() / 2, HBM_LATENCY_NANOS);
        b.duplex(gp + ".pcie", zc, fb[g], ChannelKind.PCIE, s.pcieBytesPerSecond(), PCIE_LATENCY_NANOS);
      }
      for (int g = 0; g < s.gpus(); g++) {
        for (int h = 0; h < s.gpus(); h++) {
          if (g != h) {
            b.channel(p + ".nvlink.gpu" + g + "-gpu" + h, fb[g], fb[h], ChannelKind.NVLINK,
                s.nvlinkBytesPerSecond(), NVLINK_LATENCY_NANOS);
          }
        }
      }
    }
    for (int a = 0; a < nodeCount; a++) {
      for (int c = 0; c < nodeCount; c++) {
        if (a != c) {
          b.channel("net.n" + a + "-n" + c, sys[a], sys[c], ChannelKind.NETWORK, s.nicBytesPerSecond(),
              s.networkLatencyNanos());
        }
      }
    }
    return b.build();
  }

  private static void hostAffinities(Machine.Builder b, Processor q, Memory sys, Memory zc, double bw) {
    b.affinity(q, sys, bw, 100);
    if (zc != null) {
      b.affinity(q, zc, bw, 100);
    }
  }
}
