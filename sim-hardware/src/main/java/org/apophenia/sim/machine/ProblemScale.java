package org.apophenia.sim.machine;

import java.util.Locale;

/**
 * A machine on which a small proxy problem costs what a problem {@code k} times bigger would: every
 * processor computes {@code k} times slower and reaches its memories at {@code 1/k} of their bandwidth
 * (a task's roofline work, flops and bytes, grows {@code k}-fold), and every channel carries
 * {@code 1/sqrt(k)} of its bandwidth (a copy of a 2-D tile's halo grows with the tile's side, {@code
 * sqrt(k)}). Latencies, launch overheads, capacities and the topology are unchanged, and so is the
 * runtime's own work, which is charged in time, not in flops. Stateless.
 *
 * <p>Why: the samples compute on real data in this JVM, so their grids are small (thousands of points
 * per GPU); the papers' problems hold millions of points per GPU, and their task granularity, which
 * decides whether the runtime's overhead is hidden, is what the figures vary. The proxy keeps the
 * program, its operation stream and its dependences exactly; only the simulated durations grow.
 * Not modelled: a halo copy whose size does not follow the 2-D rule (1-D and 3-D decompositions), and
 * capacity limits of the bigger problem.
 */
public final class ProblemScale {
  private ProblemScale() {}

  /** {@code m} with its work scaled by {@code k} (k = 1: {@code m} itself); IllegalArgumentException if {@code k < 1}. */
  public static Machine of(Machine m, double k) {
    if (!(k >= 1) || Double.isInfinite(k)) {
      throw new IllegalArgumentException("problem scale must be a finite number >= 1, got " + k);
    }
    if (k == 1) {
      return m;
    }
    double side = Math.sqrt(k);
    Machine.Builder b = Machine.builder(String.format(Locale.ROOT, "%s x%.3g", m.name(), k))
        .description(m.description() + String.format(Locale.ROOT, "; work per task x%.3g, copy bandwidth / %.3g "
            + "(each proxy point stands for %.3g points)", k, side, k));
    for (int n = 0; n < m.nodeCount(); n++) {
      b.node(m.nodeName(n));
    }
    Processor[] procs = new Processor[m.processors().size()];
    for (Processor p : m.processors()) {
      procs[p.id()] = b.processor(p.node(), p.name(), p.kind(), p.flopsPerSecond() / k, p.launchOverheadNanos());
    }
    Memory[] mems = new Memory[m.memories().size()];
    for (Memory x : m.memories()) {
      mems[x.id()] = b.memory(x.node(), x.name(), x.kind(), x.capacityBytes());
    }
    for (Affinity a : m.affinities()) {
      b.affinity(procs[a.processor()], mems[a.memory()], a.bytesPerSecond() / k, a.latencyNanos());
    }
    for (Channel c : m.channels()) {
      b.channel(c.name(), mems[c.from()], mems[c.to()], c.kind(), c.bytesPerSecond() / side, c.latencyNanos());
    }
    return b.build();
  }
}
