package org.apophenia.cli.figures;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.apophenia.autotrace.ApopheniaSettings;
import org.apophenia.autotrace.Knobs;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.samples.apps.RunOptions;
import org.apophenia.samples.apps.RunResult;
import org.apophenia.samples.apps.SampleRunner;
import org.apophenia.samples.apps.Samples;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.sim.Category;
import org.apophenia.sim.SimulationListener;
import org.apophenia.sim.Span;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Presets;
import org.apophenia.sim.machine.ProblemScale;
import org.apophenia.sim.machine.Processor;
import org.apophenia.sim.machine.ProcessorKind;

/**
 * Runs {@link FigureRun}s under the {@code legion} cost model and measures their steady state. Each run
 * is independent and deterministic (a fresh runtime, simulated time only), so runs may go in parallel
 * on {@code jobs} threads and the results do not depend on it. Not thread-safe itself.
 *
 * <p>Steady state: iterations per simulated second over the last third of the run's iterations, the
 * same iterations in every mode ({@link SteadyWindow}). A traced run whose warm-up (the iteration from
 * which every loop-body operation was replayed) is not before that window keeps its measured
 * throughput but is reported as not warm (its status says why).
 */
final class FigureRunner {
  private final CostModel costs;
  private final int jobs;
  private final Consumer<String> progress;
  private final Map<String, FigurePoint> done = new LinkedHashMap<>();

  FigureRunner(CostModel costs, int jobs, Consumer<String> progress) {
    this.costs = costs;
    this.jobs = Math.max(1, jobs);
    this.progress = progress;
  }

  CostModel costs() {
    return costs;
  }

  /** The points of {@code runs}, in order; configurations already run are not run again. */
  List<FigurePoint> run(List<FigureRun> runs) {
    List<FigureRun> todo = new ArrayList<>();
    for (FigureRun r : runs) {
      if (!done.containsKey(r.key()) && todo.stream().noneMatch(t -> t.key().equals(r.key()))) {
        todo.add(r);
      }
    }
    if (jobs == 1) {
      for (FigureRun r : todo) {
        done.put(r.key(), measure(r));
      }
    } else {
      ExecutorService pool = Executors.newFixedThreadPool(jobs, t -> {
        Thread th = new Thread(t, "figures");
        th.setDaemon(true);
        return th;
      });
      try {
        List<Future<FigurePoint>> fs = new ArrayList<>();
        for (FigureRun r : todo) {
          fs.add(pool.submit(() -> measure(r)));
        }
        for (int i = 0; i < todo.size(); i++) {
          done.put(todo.get(i).key(), fs.get(i).get());
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      } catch (ExecutionException e) {
        if (e.getCause() instanceof Error err) {
          throw err; // out of memory in a run is the command's, reported as such
        }
        throw new IllegalStateException(e.getCause());
      } finally {
        pool.shutdownNow();
      }
    }
    List<FigurePoint> out = new ArrayList<>();
    for (FigureRun r : runs) {
      out.add(done.get(r.key()));
    }
    return out;
  }

  private FigurePoint measure(FigureRun r) {
    Machine m = ProblemScale.of(Presets.machine(r.preset() + ":" + r.nodes()), r.scale());
    Mode mode = Mode.parse(r.mode().startsWith("auto") ? "auto" : r.mode());
    ApopheniaSettings config = ApopheniaSettings.defaults();
    if (r.maxTraceLength() > 0) {
      config = config.toBuilder().set(Knobs.MAX_TRACE_LENGTH, r.maxTraceLength()).build();
    }
    long t0 = System.nanoTime();
    TaskTimes times = new TaskTimes();
    RunOptions o = RunOptions.of(mode, r.iterations(), m, costs).withSize(r.proxySize()).withTiles(r.gpus())
        .withConfig(config).withObservers(org.apophenia.cli.report.MiningLog.counting(), null, times);
    RunResult res;
    try {
      res = SampleRunner.run(Samples.create(r.sample()), o);
    } catch (RuntimeException e) {
      String why = e.getMessage() == null ? e.toString() : e.getMessage();
      progress.accept("  " + r.key() + " failed: " + why);
      return new FigurePoint(r, Double.NaN, -1, -1, Double.NaN, "failed: " + why, false);
    }
    SteadyWindow w = SteadyWindow.of(res.marks().simulatedNanos(), res.marks().ops(), res.marks().opsIssued(),
        mode != Mode.NONE, res.warmupIterations());
    FigurePoint p = new FigurePoint(r, w.iterationsPerSecond(), res.warmupIterations(), w.from(), times.meanMicros(),
        w.status(res.warmupIterations()), w.warm());
    progress.accept(String.format(java.util.Locale.ROOT, "  %-7s %-6s %-8s %2d node%s %2d GPU%s: %8.2f it/s, "
        + "warm-up %s%s, mean GPU task %.0f us (%.1f s)", r.sample(), r.size(), r.mode(), r.nodes(), r.nodes() == 1 ? " " : "s",
        r.gpus(), r.gpus() == 1 ? " " : "s", w.iterationsPerSecond(), res.warmupIterations() < 0 ? (mode == Mode.NONE ? "none (untraced)" : "never")
            : String.valueOf(res.warmupIterations()), w.warm() ? "" : " (not warm)", times.meanMicros(),
        (System.nanoTime() - t0) / 1e9));
    return p;
  }

  /** Mean duration of the tasks that ran on GPUs: the task granularity of a run. */
  private static final class TaskTimes implements SimulationListener {
    private long sum;
    private long count;

    @Override
    public void onSpan(Span s) {
      if (s.category() == Category.TASK && s.resource() instanceof Processor p && p.kind() == ProcessorKind.GPU) {
        sum += s.duration();
        count++;
      }
    }

    double meanMicros() {
      return count == 0 ? Double.NaN : sum / 1e3 / count;
    }
  }
}
