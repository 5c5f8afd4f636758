package org.apophenia.replay.template;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import org.apophenia.legion.tracing.TraceAnalysis;

/**
 * The one-time work of turning a captured trace into replayable commands: its {@link Translation}
 * into graph-calculus commands (dynamic tracing paper §IV-B), their transitive reduction and copy
 * propagation (§IV-C), and, for an idempotent recording, fence elision (§IV-F). A pure function of
 * the analyses, the runtime's {@link TraceAnalysis} and the accesses, so it may run on another thread:
 * by default on one daemon thread shared by every engine ({@value #THREAD_NAME}), which takes it off
 * the application's critical path the way Legion runs transitive reduction as a deferred meta-task.
 * {@link #result()} and {@link #elided()} wait for it; whichever thread computed it, the result is the
 * same.
 *
 * <p>Fence elision is only needed by back-to-back replays, and it costs more than the rest (it reduces
 * two unrolled copies of the commands), so it starts only when asked: {@link #startElision()} (the
 * engine calls it after the recording's first replay) or {@link #elided()}. A recording never
 * replayed twice in a row never pays for it.
 *
 * <p>Cost: the passes of {@link TransitiveReduction} once per recording, those of {@link FenceElision}
 * at most once. {@link #result()} is thread-safe; starting the elision is for one thread (the
 * engine's).
 */
public final class Optimisation {
  static final String THREAD_NAME = "apophenia-trace-optimiser";

  /**
   * The optimised commands.
   *
   * @param commands transitive reduction and copy propagation of the recorded commands
   * @param events bound on the local event names of {@code commands}
   * @param unoptimised how many commands the translation made
   */
  public record Result(List<Command> commands, int events, int unoptimised) {
    public Result {
      commands = List.copyOf(commands);
    }
  }

  /** One daemon thread, created on first use. */
  private static final class Background {
    static final Executor EXECUTOR = new OptimiserThread(THREAD_NAME);
  }

  private final CompletableFuture<Result> result;
  private final List<FenceElision.Access> accesses;
  private final boolean elide;
  private final boolean inline;
  /** The fence elision once started (null before; always null if not {@code elide}). */
  private CompletableFuture<FenceElision.Elided> elided;

  private Optimisation(CompletableFuture<Result> result, List<FenceElision.Access> accesses, boolean elide,
      boolean inline) {
    this.result = result;
    this.accesses = accesses;
    this.elide = elide;
    this.inline = inline;
  }

  /**
   * Translates and optimises a captured trace inline or in the background. The arguments must not
   * change afterwards.
   *
   * @param steps the analyses in issue order (see {@link Translation#translate})
   * @param captured what the runtime captured during the trace
   * @param base the first simulator event made during the recording
   * @param accesses per operation, the instance keys it reads and writes (used if {@code elide})
   * @param elide whether fence-elided commands can be asked for (idempotent recordings)
   */
  public static Optimisation start(List<Translation.Step> steps, TraceAnalysis captured, int base,
      List<FenceElision.Access> accesses, boolean elide, boolean inline) {
    List<FenceElision.Access> acc = List.copyOf(accesses);
    CompletableFuture<Result> r = inline ? CompletableFuture.completedFuture(run(steps, captured, base))
        : CompletableFuture.supplyAsync(() -> run(steps, captured, base), Background.EXECUTOR);
    return new Optimisation(r, acc, elide, inline);
  }

  private static Result run(List<Translation.Step> steps, TraceAnalysis captured, int base) {
    Translation.Result t = Translation.translate(steps, captured, base);
    return new Result(TransitiveReduction.optimise(t.commands(), t.events()), t.events(), t.commands().size());
  }

  /** Starts the fence elision if the recording has one and it has not started; never waits for it. */
  public void startElision() {
    if (!elide || elided != null) {
      return;
    }
    if (inline) {
      Result r = result();
      elided = CompletableFuture.completedFuture(FenceElision.apply(r.commands(), r.events(), accesses));
    } else {
      elided = result.thenApplyAsync(r -> FenceElision.apply(r.commands(), r.events(), accesses),
          Background.EXECUTOR);
    }
  }

  /** Whether the optimised commands are ready (no waiting in {@link #result()}). */
  public boolean isDone() {
    return result.isDone();
  }

  /** Whether the fence-elided commands are ready, or there are none (no waiting in {@link #elided()}). */
  public boolean isElisionDone() {
    return !elide || elided != null && elided.isDone();
  }

  /** The result, waiting for the background thread if it is not done; rethrows what it threw. */
  public Result result() {
    return join(result);
  }

  /** The fence-elided commands, or null if not idempotent; starts them if needed and waits for them. */
  public FenceElision.Elided elided() {
    if (!elide) {
      return null;
    }
    startElision();
    return join(elided);
  }

  private static <T> T join(CompletableFuture<T> f) {
    try {
      return f.join();
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
