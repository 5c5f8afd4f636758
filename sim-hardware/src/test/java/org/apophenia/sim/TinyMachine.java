package org.apophenia.sim;

import org.apophenia.sim.machine.ChannelKind;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.MemoryKind;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * A one-node machine with round numbers, so that analytic tests can state exact times:
 * cpu0, cpu1 at 1 GFLOP/s, no launch overhead; gpu0 at 1 TFLOP/s with 5 µs launch overhead; util0.
 * sys (affinity 1 GB/s for CPUs), zc, gpu0.fb (affinity 100 GB/s). Channels: sys→zc and zc→sys at
 * 10 GB/s, no latency; zc⇄fb "pcie" at 1 GB/s with 1 µs latency; a local channel in each memory at
 * 2 GB/s.
 */
final class TinyMachine {
  private TinyMachine() {}

  static Machine build() {
    Machine.Builder b = Machine.builder("tiny");
    int n = b.node("n0");
    var cpu0 = b.processor(n, "cpu0", ProcessorKind.CPU, 1e9, 0);
    var cpu1 = b.processor(n, "cpu1", ProcessorKind.CPU, 1e9, 0);
    var gpu = b.processor(n, "gpu0", ProcessorKind.GPU, 1e12, 5_000);
    b.processor(n, "util0", ProcessorKind.UTILITY, 1e9, 0);
    var sys = b.memory(n, "sys", MemoryKind.SYSTEM, 1L << 30);
    var zc = b.memory(n, "zc", MemoryKind.ZERO_COPY, 1L << 28);
    var fb = b.memory(n, "gpu0.fb", MemoryKind.FRAMEBUFFER, 1L << 30);
    b.affinity(cpu0, sys, 1e9, 0).affinity(cpu1, sys, 1e9, 0).affinity(gpu, fb, 100e9, 0);
    b.duplex("sys-zc", sys, zc, ChannelKind.LOCAL, 10e9, 0);
    b.duplex("pcie", zc, fb, ChannelKind.PCIE, 1e9, 1_000);
    b.channel("sys.local", sys, sys, ChannelKind.LOCAL, 2e9, 0);
    b.channel("zc.local", zc, zc, ChannelKind.LOCAL, 2e9, 0);
    b.channel("fb.local", fb, fb, ChannelKind.LOCAL, 2e9, 0);
    return b.build();
  }
}
