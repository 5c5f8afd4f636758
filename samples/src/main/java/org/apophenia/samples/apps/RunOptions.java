package org.apophenia.samples.apps;

import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.IntConsumer;
import org.apophenia.autotrace.ApopheniaSettings;
import org.apophenia.autotrace.Collective;
import org.apophenia.autotrace.InterceptorListener;
import org.apophenia.autotrace.TraceSink;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.samples.adapter.ArrayOp;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.sim.Scheduler;
import org.apophenia.sim.SimulationListener;
import org.apophenia.sim.machine.Machine;

/**
 * How to run a sample. Immutable; build with {@link #of} and the {@code with...} methods.
 *
 * @param mode none, manual or auto
 * @param iterations maximum loop iterations (a sample may stop earlier when converged)
 * @param size problem size, or 0 for the sample's default
 * @param machine the simulated machine
 * @param costModel the simulated cost of the runtime's analysis
 * @param tiles row blocks per array (index launch width), or 0 for the machine's default
 * @param config Apophenia's settings ({@code auto} mode)
 * @param listener observer of Apophenia's mining ({@code auto} mode)
 * @param observer sees every operation and marker the runtime receives, or null
 * @param timeline sees the simulated execution, or null
 * @param progress called with the number of finished iterations, or null
 * @param collective how this run's Apophenia agrees with the other shards of a control-replicated run
 *     ({@code auto} mode; {@link Collective#single()} when it runs alone)
 * @param miningExecutor where Apophenia mines ({@code auto} mode), or null for its own thread
 * @param scheduler where a ready task runs: the mapper's processor ({@link Scheduler#MAPPED}, the
 *     default) or work stealing, live or replaying the steals recorded with each trace
 */
public record RunOptions(Mode mode, int iterations, int size, Machine machine, CostModel costModel, int tiles,
    ApopheniaSettings config, InterceptorListener listener, TraceSink<ArrayOp> observer, SimulationListener timeline,
    IntConsumer progress, Collective collective, Executor miningExecutor, Scheduler scheduler) {
  public RunOptions {
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(machine, "machine");
    Objects.requireNonNull(costModel, "costModel");
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(listener, "listener");
    Objects.requireNonNull(collective, "collective");
    Objects.requireNonNull(scheduler, "scheduler");
    if (iterations < 1) {
      throw new IllegalArgumentException("iterations must be at least 1, got " + iterations);
    }
    if (size < 0) {
      throw new IllegalArgumentException("size must be positive, got " + size);
    }
    if (tiles < 0) {
      throw new IllegalArgumentException("tiles must be positive, got " + tiles);
    }
  }

  /** Defaults: Apophenia's default settings, the sample's size, the machine's tiles, no observers. */
  public static RunOptions of(Mode mode, int iterations, Machine machine, CostModel costModel) {
    return new RunOptions(mode, iterations, 0, machine, costModel, 0, ApopheniaSettings.defaults(),
        InterceptorListener.NONE, null, null, null, Collective.single(), null, Scheduler.MAPPED);
  }

  public RunOptions withSize(int s) {
    return new RunOptions(mode, iterations, s, machine, costModel, tiles, config, listener, observer, timeline, progress,
        collective, miningExecutor, scheduler);
  }

  public RunOptions withTiles(int t) {
    return new RunOptions(mode, iterations, size, machine, costModel, t, config, listener, observer, timeline, progress,
        collective, miningExecutor, scheduler);
  }

  public RunOptions withMode(Mode m) {
    return new RunOptions(m, iterations, size, machine, costModel, tiles, config, listener, observer, timeline, progress,
        collective, miningExecutor, scheduler);
  }

  public RunOptions withConfig(ApopheniaSettings c) {
    return new RunOptions(mode, iterations, size, machine, costModel, tiles, c, listener, observer, timeline, progress,
        collective, miningExecutor, scheduler);
  }

  public RunOptions withObservers(InterceptorListener l, TraceSink<ArrayOp> o, SimulationListener t) {
    return new RunOptions(mode, iterations, size, machine, costModel, tiles, config, l, o, t, progress,
        collective, miningExecutor, scheduler);
  }

  public RunOptions withProgress(IntConsumer p) {
    return new RunOptions(mode, iterations, size, machine, costModel, tiles, config, listener, observer, timeline, p,
        collective, miningExecutor, scheduler);
  }

  /**
   * One shard of a control-replicated run: Apophenia agrees on ingestion through {@code c}, and mines
   * on {@code executor} (null: its own thread).
   */
  public RunOptions withReplica(Collective c, Executor executor) {
    return new RunOptions(mode, iterations, size, machine, costModel, tiles, config, listener, observer, timeline, progress,
        c, executor, scheduler);
  }

  public RunOptions withScheduler(Scheduler s) {
    return new RunOptions(mode, iterations, size, machine, costModel, tiles, config, listener, observer, timeline, progress,
        collective, miningExecutor, s);
  }
}
