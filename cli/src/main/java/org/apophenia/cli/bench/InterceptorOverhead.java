package org.apophenia.cli.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apophenia.autotrace.ApopheniaSettings;
import org.apophenia.autotrace.Interceptor;
import org.apophenia.autotrace.TokenHasher;
import org.apophenia.autotrace.Tokenizer;
import org.apophenia.autotrace.TraceSink;

/**
 * Group 1: what Apophenia adds on the application thread per operation, against a sink that does
 * nothing but fold the operation into a checksum. The stream is the JMH benchmark's (a task id and
 * three region arguments, hashed as Legion does; a loop of {@code period} launches where each launch
 * is fresh with a small probability), endless, fed in batches; batches alternate between the bare
 * sink and the interceptor so both see the same machine conditions. Reports the median over batches
 * and the mean (which includes the rare waits at ingestion points).
 */
final class InterceptorOverhead implements BenchGroup {
  @Override public int number() { return 1; }
  @Override public String id() { return "interceptor"; }
  @Override public String title() { return "Interceptor overhead: ops/s through a no-op sink, with and without Apophenia"; }

  /** A launch as the runtime would hand it over: task id and three (region, fields, privilege) arguments. */
  record Op(int task, long r0, long r1, long r2) {
    static final Tokenizer<Op> TOKENIZER = op -> TokenHasher.start().putInt(op.task)
        .putLong(op.r0).putInt(1).putInt(1).putLong(op.r1).putInt(3).putInt(2).putLong(op.r2).putInt(1).putInt(3)
        .token();
  }

  /** {@code n} operations: a loop of {@code period} launches, each fresh with probability {@code fresh}. */
  static Op[] stream(int n, int period, double fresh, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Op[] body = new Op[period];
    for (int i = 0; i < period; i++) {
      body[i] = new Op(i % 7, rnd.nextLong(), rnd.nextLong(), rnd.nextLong());
    }
    Op[] ops = new Op[n];
    for (int i = 0; i < n; i++) {
      ops[i] = rnd.nextDouble() < fresh ? new Op(i % 7, rnd.nextLong(), rnd.nextLong(), rnd.nextLong()) : body[i % period];
    }
    return ops;
  }

  /** The no-op sink: folds what it receives into a checksum so nothing is optimised away. */
  static final class Sink implements TraceSink<Op> {
    long checksum;

    @Override public void op(Op op) { checksum = checksum * 31 + op.r0; }
    @Override public void beginTrace(long id) { checksum += id; }
    @Override public void endTrace(long id) { checksum -= id; }
  }

  @Override
  public GroupResult run(BenchSettings s) {
    int batch = s.pick(50_000, 200_000);
    int warm = s.pick(4, 6);
    int measured = s.pick(6, 15);
    Table.Builder t = Table.builder("interceptor-overhead",
        "ns per operation through a no-op sink (" + measured + " batches of " + batch + " ops after " + warm + " warm-up)",
        "stream", "settings", "sink ns/op (median batch)", "Apophenia ns/op (median batch)",
        "Apophenia ns/op (mean)", "Apophenia M ops/s", "added ns/op (median batch)", "added ns/op (mean)",
        "traced ops %", "waits for mining (measured batches)", "windows backed off",
        "windows without repeats (not mined)");
    List<Double> added = new ArrayList<>();
    long sinkChecksum = 0;
    // a pure loop (the steady state: every op inside a known trace), a stream that never repeats
    // (searching: no trace is ever known), and two mixes
    for (int[] stream : new int[][] {{64, 0}, {64, 100}, {64, 5}, {500, 2}}) {
      Op[] ops = stream(1 << 20, stream[0], stream[1] / 100.0, 42);
      for (String settings : List.of("defaults", "legion")) {
        ApopheniaSettings c = settings.equals("legion") ? ApopheniaSettings.legion() : s.apophenia();
        Sink bare = new Sink();
        Sink through = new Sink();
        long[] traced = new long[2];
        TraceSink<Op> counting = new TraceSink<>() {
          boolean open;
          @Override public void op(Op op) { through.op(op); traced[0]++; if (open) traced[1]++; }
          @Override public void beginTrace(long id) { open = true; through.beginTrace(id); }
          @Override public void endTrace(long id) { open = false; through.endTrace(id); }
        };
        double[] base = new double[measured];
        double[] apo = new double[measured];
        int next = 0;
        long waits;
        long backedOff;
        long answered;
        try (Interceptor<Op> in = Interceptor.builder(Op.TOKENIZER, counting).settings(c).build()) {
          long waits0 = 0;
          for (int b = 0; b < warm + measured; b++) {
            if (b == warm) {
              waits0 = in.stats().waits();
            }
            long t0 = System.nanoTime();
            for (int i = 0; i < batch; i++) {
              bare.op(ops[(next + i) & (ops.length - 1)]);
            }
            long t1 = System.nanoTime();
            for (int i = 0; i < batch; i++) {
              in.execute(ops[(next + i) & (ops.length - 1)]);
            }
            long t2 = System.nanoTime();
            next += batch;
            if (b >= warm) {
              base[b - warm] = (t1 - t0) / (double) batch;
              apo[b - warm] = (t2 - t1) / (double) batch;
            }
          }
          waits = in.stats().waits() - waits0;
          backedOff = in.stats().jobsBackedOff();
          answered = in.stats().windowsWithoutRepeats();
        }
        sinkChecksum += bare.checksum + through.checksum;
        double med = Stats.median(apo);
        double addMed = med - Stats.median(base);
        added.add(addMed);
        String name = stream[1] == 0 ? "loop of " + stream[0] + " (steady state)"
            : stream[1] == 100 ? "never repeats (searching)" : "period " + stream[0] + ", " + stream[1] + "% fresh";
        t.row(name, settings, Stats.median(base), med, Stats.mean(apo), 1e3 / med, addMed,
            Stats.mean(apo) - Stats.mean(base), 100.0 * traced[1] / Math.max(1, traced[0]), waits, backedOff,
            answered);
        s.progress("  interceptor %s, period %d: +%.0f ns/op", settings, stream[0], addMed);
      }
    }
    String cmp = String.format(Locale.ROOT,
        "in the paper Apophenia raises Legion's launch overhead from 7 to 12 µs per task (+5 µs); here it adds "
            + "%s–%s ns per operation (median batch, waits included) on the application thread, before any runtime work.",
        Table.format(added.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN)),
        Table.format(added.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN)));
    List<String> notes = List.of("a batch's ns/op is its total time over its operations, so it includes the "
        + "application thread's waits at ingestion points; the median is over batches, not over single "
        + "operations (JMH's per-operation median in the apophenia section above is lower). Sink checksum "
        + Long.toHexString(sinkChecksum) + " (printed so that no batch is optimised away).");
    return new GroupResult(List.of(t.build()), List.of(), notes, cmp);
  }
}
