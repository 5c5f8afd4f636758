package org.apophenia.autotrace;

import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * One lane of the {@link TraceFinder}'s mining jobs: the jobs launched and not ingested, in launch
 * order, which is also their ingestion order, chained on one executor so that they run in that order
 * whatever the executor. Application thread only (the chain's end is only read and replaced there).
 */
final class MiningLane {
  final ArrayDeque<MiningJob> jobs = new ArrayDeque<>();
  final Executor executor;
  /** The end of the chain of jobs handed to the executor: each runs after the previous one. */
  CompletableFuture<Void> last = CompletableFuture.completedFuture(null);

  MiningLane(Executor executor) {
    this.executor = executor;
  }
}
