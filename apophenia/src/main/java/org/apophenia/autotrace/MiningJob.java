package org.apophenia.autotrace;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * One launched FindRepeats job: a private copy of its window, where it stands in the stream, and its
 * result. Whoever claims it first runs it: the mining thread when its turn comes, or the application
 * thread at the job's ingestion point if the mining thread has not started it yet (a small window
 * only, see {@link TraceFinder}, which also mines such a window again rather than wait for a job the
 * mining thread has started: the window is only read). Mining is a pure function of the window, so
 * who ran it never changes the result. Thread-safe: the claim is one compare-and-set.
 *
 * @param index launch order
 * @param launchPosition the end of its window: the stream position at launch, or for a window caught
 *     up (launched later, see {@link BackOff}) the position at which it would have been launched
 * @param ingestPosition stream position at which the result is ingested
 * @param window the tokens mined (null for a job answered without mining)
 * @param windowLength tokens in the window
 * @param result completed by whoever runs the job (or cancelled when dropped)
 * @param claimed set by whoever runs the job, or when it is dropped
 * @param caughtUp launched after its window's end because the back-off had skipped it: it is often
 *     due at once, and a wait for it says nothing about how fast the mining thread is
 */
record MiningJob(long index, long launchPosition, long ingestPosition, long[] window, int windowLength,
    CompletableFuture<MiningResult> result, AtomicBoolean claimed, boolean caughtUp) {

  MiningJob(long index, long launchPosition, long ingestPosition, long[] window, boolean caughtUp) {
    this(index, launchPosition, ingestPosition, window, window.length, new CompletableFuture<>(), new AtomicBoolean(),
        caughtUp);
  }

  /** A job whose result is known without mining its window of {@code windowLength} tokens: born done and claimed. */
  static MiningJob answered(long index, long launchPosition, long ingestPosition, int windowLength,
      CompletableFuture<MiningResult> done) {
    return new MiningJob(index, launchPosition, ingestPosition, null, windowLength, done, CLAIMED, false);
  }

  /** The claim of every answered job: set for good (nobody runs them, and dropping one changes nothing). */
  private static final AtomicBoolean CLAIMED = new AtomicBoolean(true);

  /** Runs the job with {@code miner} unless someone claimed it already; returns whether it ran here. */
  boolean runIfUnclaimed(Function<long[], MiningResult> miner) {
    if (!claimed.compareAndSet(false, true)) {
      return false;
    }
    try {
      result.complete(miner.apply(window));
    } catch (Throwable t) {
      result.completeExceptionally(t);
    }
    return true;
  }

  /** Drops the job: nobody runs it from now on, and its result is cancelled if not done. */
  void drop() {
    claimed.set(true);
    result.cancel(false);
  }
}
