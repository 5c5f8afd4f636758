package org.apophenia.replay;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import org.apophenia.legion.CapturedTrace;

/**
 * The one-time work of turning a captured trace into replayable commands: its {@link Translation}
 * into graph-calculus commands (dynamic tracing paper §IV-B), their transitive reduction and copy
 * propagation (§IV-C), then, for an idempotent recording, fence elision (§IV-F). A pure function of
 * the analyses, the runtime's {@link CapturedTrace} and the accesses, so it may run on another thread: by default
 * on one daemon thread shared by every engine ({@value #THREAD_NAME}), which takes it off the
 * application's critical path the way Legion runs transitive reduction as a deferred meta-task.
 * {@link #result()} waits for it; whichever thread computed it, the result is the same.
 *
 * <p>Cost: the passes of {@link TransitiveReduction} (and of {@link FenceElision} if idempotent) once
 * per recording. Thread-safe.
 */
final class Optimisation {
  static final String THREAD_NAME = "apophenia-trace-optimiser";

  /**
   * The optimised commands.
   *
   * @param commands transitive reduction and copy propagation of the recorded commands
   * @param events bound on the local event names of {@code commands}
   * @param unoptimised how many commands the translation made
   * @param elided fence-elided commands for back-to-back replays, or null if the recording is not idempotent
   */
  record Result(List<Command> commands, int events, int unoptimised, FenceElision.Elided elided) {
    Result {
      commands = List.copyOf(commands);
    }
  }

  /** One daemon thread, created on first use: the application does not wait for it to exit. */
  private static final class Background {
    static final Executor EXECUTOR = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, THREAD_NAME);
      t.setDaemon(true);
      return t;
    });
  }

  private final CompletableFuture<Result> result;

  private Optimisation(CompletableFuture<Result> result) {
    this.result = result;
  }

  /**
   * Translates and optimises a captured trace inline or in the background. The arguments must not
   * change afterwards.
   *
   * @param steps the analyses in issue order (see {@link Translation#translate})
   * @param captured what the runtime captured during the trace
   * @param base the first simulator event made during the recording
   * @param accesses per operation, the instance keys it reads and writes (used if {@code elide})
   * @param elide whether to build fence-elided commands (idempotent recordings)
   */
  static Optimisation start(List<Translation.Step> steps, CapturedTrace captured, int base,
      List<FenceElision.Access> accesses, boolean elide, boolean inline) {
    List<FenceElision.Access> acc = List.copyOf(accesses);
    if (inline) {
      return new Optimisation(CompletableFuture.completedFuture(run(steps, captured, base, acc, elide)));
    }
    return new Optimisation(CompletableFuture.supplyAsync(() -> run(steps, captured, base, acc, elide),
        Background.EXECUTOR));
  }

  private static Result run(List<Translation.Step> steps, CapturedTrace captured, int base,
      List<FenceElision.Access> accesses, boolean elide) {
    Translation.Result t = Translation.translate(steps, captured, base);
    return optimise(t.commands(), t.events(), accesses, elide);
  }

  private static Result optimise(List<Command> commands, int events, List<FenceElision.Access> accesses,
      boolean elide) {
    List<Command> opt = TransitiveReduction.optimise(commands, events);
    return new Result(opt, events, commands.size(), elide ? FenceElision.apply(opt, events, accesses) : null);
  }

  /** Whether the result is ready (no waiting in {@link #result()}). */
  boolean isDone() {
    return result.isDone();
  }

  /** The result, waiting for the background thread if it is not done; rethrows what it threw. */
  Result result() {
    try {
      return result.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw e;
    }
  }
}
