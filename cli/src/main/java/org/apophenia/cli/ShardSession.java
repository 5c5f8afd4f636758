package org.apophenia.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import org.apophenia.autotrace.ApopheniaSettings;
import org.apophenia.autotrace.Collective;
import org.apophenia.autotrace.Interceptor;
import org.apophenia.autotrace.Knobs;
import org.apophenia.autotrace.TraceSink;
import org.apophenia.samples.adapter.ArrayOp;
import org.apophenia.samples.apps.RunOptions;
import org.apophenia.shards.DecisionLog;
import org.apophenia.shards.JGroupsCollective;
import org.apophenia.shards.ShardFailure;

/**
 * This process as one shard of a control-replicated run, from joining the group to the end: what the
 * command gives Apophenia (the collective, the settings, where it mines), the decision log it keeps,
 * and the agreement at the end, where the shards compare their logs' digests before any log is put in
 * place. Closing it without {@link #finish()} (a failure) leaves the group and deletes the unfinished
 * log. Application thread only.
 */
final class ShardSession implements AutoCloseable {
  private final JGroupsCollective group;
  private final Collective collective;
  private final ExecutorService miningExecutor;
  private final Path logFile;
  private DecisionLog<?> log;
  private boolean agreed;

  ShardSession(JGroupsCollective group, Collective collective, ExecutorService miningExecutor, Path logFile) {
    this.group = group;
    this.collective = collective;
    this.miningExecutor = miningExecutor;
    this.logFile = logFile;
  }

  /**
   * The settings a shard runs Apophenia with: {@code settings} with the wait interval doubling
   * whenever some shard had to wait (paper Section 5.1), the mechanism the agreement exists for.
   */
  static ApopheniaSettings settings(ApopheniaSettings settings) {
    return settings.toBuilder().set(Knobs.ADAPTIVE_WAIT, true).build();
  }

  /** Decisions reaching {@code next} (null: none) are logged; once per run. */
  <O> TraceSink<O> record(TraceSink<O> next) {
    if (log != null) {
      throw new IllegalStateException("a shard keeps one decision log");
    }
    DecisionLog<O> l = DecisionLog.open(logFile, next);
    log = l;
    return l;
  }

  /** An interceptor that agrees with the other shards (and mines where the test faults say). */
  <O> Interceptor.Builder<O> replicate(Interceptor.Builder<O> b) {
    b.collective(collective);
    if (miningExecutor != null) {
      b.executor(miningExecutor);
    }
    return b;
  }

  /** {@code b}, replicated as {@code shard} says, or as it is if {@code shard} is null (not a shard). */
  static <O> Interceptor.Builder<O> replicate(ShardSession shard, Interceptor.Builder<O> b) {
    return shard == null ? b : shard.replicate(b);
  }

  /** A sample run as this shard: the shard's settings and collective, its decisions logged. */
  RunOptions replicate(RunOptions o) {
    return o.withConfig(settings(o.config())).withReplica(collective, miningExecutor)
        .withObservers(o.listener(), record(o.observer()), o.timeline());
  }

  /**
   * The end of the run: the shards agree that their decision logs are identical (two all-reduces on
   * the first 64 bits of their SHA-256), then the log is put in place.
   *
   * @throws ShardFailure if a shard is lost before the agreement, or the logs differ (the log is then
   *     put in place all the same, to be compared)
   */
  void finish() {
    if (log == null) {
      record(null); // nothing was traced: the empty log
    }
    boolean same = group.allEqual(log.digestPrefix());
    log.commit();
    if (!same) {
      throw new ShardFailure(ShardFailure.Kind.DIVERGED, -1, "the shards' trace decisions differ: shard "
          + group.group().rank() + "'s decision log has SHA-256 " + log.sha256() + " and another shard's does not"
          + (log.file() == null ? "" : "; compare " + log.file() + " with the others'"));
    }
    agreed = true;
  }

  /**
   * Adds the shard's fields to the command's JSON: where it stands, the interceptor's all-reduces and
   * their time, the doublings of the wait interval, and its decision log.
   */
  void addTo(Map<String, Object> json, long ops, long waitIntervalDoublings) {
    json.put("shard", group.group().rank());
    json.put("shards", group.group().size());
    json.put("collectives", group.collectives());
    json.put("collectiveNanos", group.collectiveNanos());
    json.put("collectiveNanosPerOp", ops == 0 ? 0.0 : (double) group.collectiveNanos() / ops);
    json.put("waitIntervalDoublings", waitIntervalDoublings);
    json.put("decisionLogSha256", log.sha256());
    json.put("decisionMarkers", log.markers());
    json.put("decisionsAgreed", agreed);
    json.put("decisionLog", log.file() == null ? null : log.file().toString());
  }

  /** The same, as one line of the summary. */
  void print(PrintWriter w, long ops, long waitIntervalDoublings) {
    w.printf(Locale.ROOT, "shard %d of %d: %d collectives (all-reduces at ingestion points), %.1f ms of the issuing "
        + "thread in them (%.0f ns per op), %d doublings of the wait interval; decision log identical on every shard "
        + "(SHA-256 %s, %d markers)%s%n", group.group().rank(), group.group().size(), group.collectives(),
        group.collectiveNanos() / 1e6, ops == 0 ? 0.0 : (double) group.collectiveNanos() / ops, waitIntervalDoublings,
        log.sha256().substring(0, 16) + "...", log.markers(), log.file() == null ? "" : ", in " + log.file());
  }

  /** Leaves the group; without {@link #finish()}, deletes the unfinished log. Idempotent. */
  @Override
  public void close() {
    try {
      if (log != null) {
        log.close();
      }
    } finally {
      group.close();
      if (miningExecutor != null) {
        miningExecutor.shutdownNow();
      }
    }
  }
}
