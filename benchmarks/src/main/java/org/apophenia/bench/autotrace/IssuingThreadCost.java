package org.apophenia.bench.autotrace;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executor;
import org.apophenia.autotrace.ApopheniaSettings;
import org.apophenia.autotrace.Interceptor;
import org.apophenia.autotrace.InterceptorStats;
import org.apophenia.autotrace.Knobs;
import org.apophenia.autotrace.TraceSink;
import org.apophenia.autotrace.accounting.TimeAccount;

/**
 * The application thread's own cost per operation (tokenize, match, issue, ingest), with mining run
 * inline on the same thread and its time taken out: one thread, so another process on the machine
 * changes the figure far less than a run whose mining thread competes with the application thread for
 * two cores, and the decisions are the same as with mining in the background (results are ingested
 * at the same positions either way). It is the figure to compare two versions of the issuing path
 * by; the whole-stream figures ({@code analyze --json}) still include the waits and the competition.
 *
 * <p>Usage: {@code java -cp benchmarks.jar org.apophenia.bench.autotrace.IssuingThreadCost [OPS [REPS
 * [accounted] [run1]]]}; {@code accounted} keeps the sampled time account {@code analyze} keeps (its
 * cost is then inside the figure); {@code run1} runs the former default, {@code backOffResetRun} 1.
 * Streams: a clean loop of 64; a 300-task and a 12-task loop with 0.5% of tasks inserted and 0.2%
 * dropped (tools/noisy-stream.py's model); loops of 64 and 500 with 5% and 2% fresh tasks (bench group 1's
 * streams). Prints, per stream, the smallest of {@code REPS} runs (each a fresh interceptor over the
 * whole stream) of: the thread's CPU time less the mining jobs' CPU time, per operation; and the
 * mining jobs' CPU time per operation (the two smallest need not come from the same run); tokens
 * mined per operation; and the decisions' counts, checked equal in every run (mining inline or not,
 * the same stream gives the same decisions).
 */
public final class IssuingThreadCost {
  private IssuingThreadCost() {}

  /** Whether the interceptor keeps analyze's sampled time account (chunks of 256 ops, one a span). */
  private static boolean accounted;
  /** The defaults, or with {@code run1} the former default's reset run of 1. */
  private static ApopheniaSettings settings;

  public static void main(String[] args) {
    int ops = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    int reps = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    List<String> flags = Arrays.asList(args).subList(Math.min(2, args.length), args.length);
    accounted = flags.contains("accounted");
    settings = flags.contains("run1")
        ? ApopheniaSettings.defaults().toBuilder().set(Knobs.BACK_OFF_RESET_RUN, 1).build()
        : ApopheniaSettings.defaults();
    System.out.printf("%-26s %12s %12s %13s %9s %7s %9s%n", "stream", "issue ns/op", "mining ns/op",
        "tokens mined", "coverage", "traces", "replays");
    run("loop of 64", BenchOp.loop(ops, 64, 0.0, 42), reps);
    run("noisy 300 (+0.5% -0.2%)", noisy(ops, 300, 0.005, 0.002, 1), reps);
    run("noisy 12 (+0.5% -0.2%)", noisy(ops, 12, 0.005, 0.002, 1), reps);
    run("period 64, 5% fresh", BenchOp.loop(ops, 64, 0.05, 42), reps);
    run("period 500, 2% fresh", BenchOp.loop(ops, 500, 0.02, 42), reps);
  }

  /** A loop of {@code period} launches with a fresh launch inserted before each with probability {@code insert}, each dropped with probability {@code drop}. */
  static BenchOp[] noisy(int n, int period, double insert, double drop, long seed) {
    Random rnd = new Random(seed);
    BenchOp[] body = BenchOp.loop(period, period, 1.0, seed + 1);
    BenchOp[] ops = new BenchOp[n];
    int k = 0;
    for (int i = 0; k < n; i++) {
      if (rnd.nextDouble() < insert) {
        ops[k++] = BenchOp.loop(1, 1, 1.0, rnd.nextLong())[0];
        if (k == n) {
          break;
        }
      }
      if (rnd.nextDouble() >= drop) {
        ops[k++] = body[i % period];
      }
    }
    return ops;
  }

  private static void run(String name, BenchOp[] ops, int reps) {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    double best = Double.MAX_VALUE;
    double bestMining = Double.MAX_VALUE;
    InterceptorStats last = null;
    for (int r = 0; r < reps; r++) {
      long[] mining = new long[1];
      Executor inline = job -> {
        long t0 = mx.getCurrentThreadCpuTime();
        job.run();
        mining[0] += mx.getCurrentThreadCpuTime() - t0;
      };
      InterceptorStats stats;
      Sink sink = new Sink();
      long t0 = mx.getCurrentThreadCpuTime();
      TimeAccount account = accounted ? TimeAccount.sampling(32, 8192) : TimeAccount.OFF;
      try (Interceptor<BenchOp> a = Interceptor.builder(BenchOp.TOKENIZER, sink)
          .settings(settings).executor(inline).account(account).build()) {
        for (int i = 0; i < ops.length; i++) {
          if ((i & 255) == 0) {
            if (i > 0) {
              account.endSpan();
            }
            account.beginSpan();
          }
          a.execute(ops[i]);
        }
        account.endSpan();
        a.flush();
        stats = a.stats();
      }
      long cpu = mx.getCurrentThreadCpuTime() - t0;
      if (last != null && (last.tracesRecorded() != stats.tracesRecorded() || last.reissues() != stats.reissues()
          || last.tokensMined() != stats.tokensMined() || last.tracedOps() != stats.tracedOps())) {
        throw new IllegalStateException(name + ": run " + r + " decided differently from run " + (r - 1));
      }
      last = stats;
      best = Math.min(best, (double) (cpu - mining[0]) / ops.length);
      bestMining = Math.min(bestMining, (double) mining[0] / ops.length);
      if (sink.count != ops.length) {
        throw new IllegalStateException("the sink got " + sink.count + " of " + ops.length + " operations");
      }
    }
    System.out.printf("%-26s %12.0f %12.0f %13.2f %9.4f %7d %9d%n", name, best, bestMining,
        (double) last.tokensMined() / ops.length, last.coverage(), last.tracesRecorded(), last.reissues());
  }

  /** Counts what reaches it, so that nothing is optimised away and every operation is accounted for. */
  private static final class Sink implements TraceSink<BenchOp> {
    long count;

    @Override
    public void op(BenchOp op) {
      count++;
    }

    @Override
    public void beginTrace(long id) {}

    @Override
    public void endTrace(long id) {}
  }
}
