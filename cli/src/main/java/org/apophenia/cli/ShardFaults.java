package org.apophenia.cli;

import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apophenia.autotrace.Collective;
import org.apophenia.shards.JGroupsCollective;

/**
 * Faults a test injects into one shard through hidden flags, and the watch a launched shard keeps on
 * its launcher. {@code --shard-test-slow-mining K:MS} delays each of shard K's mining jobs by a random
 * 0..MS ms before its mining thread starts it (what a loaded node does), so that shard K reaches
 * ingestion points with jobs unfinished where the others have them done;
 * {@code --shard-test-die K:N} makes shard K halt at its N-th collective, as if killed: no goodbye to
 * the group, no shutdown hook, its sockets closed by the kernel; {@code --shard-test-stall K:N} makes
 * it stop at its N-th collective and never contribute, alive. Not for users: README documents none.
 */
final class ShardFaults implements Collective {
  /** The exit code of a shard halted by {@code --shard-test-die}: not one the command line gives. */
  static final int DIED = 99;

  private final Collective inner;
  private final long dieAt;
  private final long stallAt;
  private long calls;

  private ShardFaults(Collective inner, long dieAt, long stallAt) {
    this.inner = inner;
    this.dieAt = dieAt;
    this.stallAt = stallAt;
  }

  /** Checks the fault flags' syntax (exit code 2). */
  static void check(ShardsOption o) {
    for (String[] f : new String[][] {{"--shard-test-slow-mining", o.slowMining}, {"--shard-test-die", o.die},
        {"--shard-test-stall", o.stall}}) {
      if (f[1] != null) {
        parse(f[0], f[1]);
      }
    }
  }

  /** {@code K:N} as two numbers, K a shard and N at least 0. */
  private static long[] parse(String flag, String value) {
    String[] kn = value.split(":", -1);
    try {
      long[] r = {Integer.parseInt(kn[0]), Long.parseLong(kn[1])};
      if (kn.length == 2 && r[0] >= 0 && r[1] >= 0) {
        return r;
      }
    } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
      // below
    }
    throw new UserError(flag + " must be K:N, two numbers at least 0, got '" + value + "'");
  }

  /** The value of {@code flag} for shard {@code k}, or -1 if it names another shard or is not given. */
  private static long forShard(String flag, String value, int k) {
    if (value == null) {
      return -1;
    }
    long[] kn = parse(flag, value);
    return kn[0] == k ? kn[1] : -1;
  }

  /** {@code c}, with the faults the flags inject into this shard (or {@code c} itself if none). */
  static Collective of(ShardsOption o, JGroupsCollective c) {
    long die = forShard("--shard-test-die", o.die, o.shard);
    long stall = forShard("--shard-test-stall", o.stall, o.shard);
    return die < 0 && stall < 0 ? c : new ShardFaults(c, die, stall);
  }

  /**
   * Where this shard mines: a thread that waits a random 0..MS ms before each job, if the flags slow
   * this shard's mining; else null (Apophenia's own thread). The caller shuts it down.
   */
  static ExecutorService miningExecutor(ShardsOption o) {
    long ms = forShard("--shard-test-slow-mining", o.slowMining, o.shard);
    if (ms < 0) {
      return null;
    }
    Random rnd = new Random(o.shard);
    ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "apophenia-mining-slowed");
      t.setDaemon(true);
      return t;
    });
    // the delay is drawn and slept on the mining thread, before the job: the job stays unclaimed
    // meanwhile, so the application thread may mine a small one itself, as it would on a busy node
    return new java.util.concurrent.AbstractExecutorService() {
      @Override
      public void execute(Runnable job) {
        thread.execute(() -> {
          LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(rnd.nextInt((int) Math.min(ms, Integer.MAX_VALUE - 1) + 1)));
          job.run();
        });
      }

      @Override
      public void shutdown() {
        thread.shutdown();
      }

      @Override
      public java.util.List<Runnable> shutdownNow() {
        return thread.shutdownNow();
      }

      @Override
      public boolean isShutdown() {
        return thread.isShutdown();
      }

      @Override
      public boolean isTerminated() {
        return thread.isTerminated();
      }

      @Override
      public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return thread.awaitTermination(timeout, unit);
      }
    };
  }

  /**
   * A shard started by the launcher ({@code --shard-launcher PID}) halts when the launcher is gone,
   * however it went: shards left running would wait for a run nobody reads.
   */
  static void watch(Long launcher) {
    if (launcher == null) {
      return;
    }
    ProcessHandle.of(launcher).ifPresentOrElse(
        h -> h.onExit().thenRun(() -> Runtime.getRuntime().halt(DIED)),
        () -> Runtime.getRuntime().halt(DIED));
  }

  @Override
  public long allReduceMin(long value) {
    long n = calls++;
    if (n == dieAt) {
      Runtime.getRuntime().halt(DIED);
    }
    if (n == stallAt) {
      stall();
    }
    return inner.allReduceMin(value);
  }

  /** Alive and silent until the launcher stops this process. */
  private static void stall() {
    while (true) {
      LockSupport.park();
    }
  }
}
