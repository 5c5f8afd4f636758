package org.apophenia.cli.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apophenia.autotrace.accounting.TimeAccount;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.legion.api.DefaultMapper;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.legion.api.DefaultMapper;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.replay.DynamicTracing;
import org.apophenia.replay.stats.TracingStatistics;
import org.apophenia.samples.adapter.RuntimeAdapter;
import org.apophenia.samples.apps.Sample;
import org.apophenia.samples.apps.SampleRunner;
import org.apophenia.samples.apps.Samples;
import org.apophenia.samples.array.ArrayContext;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.Presets;

/**
 * Group 2: real time per operation in the runtime's front door for the hand-placed traces of
 * {@code jacobi}, {@code stencil} and {@code s3d}: full dependence analysis (mode {@code none}, the same
 * windows of the loop), the first recording, and replays. The sample is driven as
 * {@link SampleRunner} drives it, with our own {@link DynamicTracing} engine installed so each trace
 * instance can be classified from the engine's counters (recorded, replayed, or analysed because its
 * recording could not be replayed). One warm-up run per sample and mode precedes the measured one.
 */
final class AnalysisVsReplay implements BenchGroup {
  static final List<String> SAMPLES = List.of("jacobi", "stencil", "s3d");

  @Override public int number() { return 2; }
  @Override public String id() { return "analysis-replay"; }
  @Override public String title() { return "Analysis vs record vs replay per operation (hand-placed traces)"; }

  /** Per-operation front-door nanoseconds of each trace window, by what the engine did with it. */
  record Windows(List<Double> analysed, List<Double> recorded, List<Double> replayed, long opsPerTrace,
      long[] bucketNanos, long opsIssued, long wallNanos, int iterations) {}

  @Override
  public GroupResult run(BenchSettings s) {
    Machine machine = Presets.machine(EndToEnd.MACHINE);
    int tiles = SampleRunner.defaultTiles(machine);
    Table.Builder t = Table.builder("analysis-replay",
        "µs per operation in the runtime's front door (" + EndToEnd.MACHINE + ", " + tiles
            + " point tasks per index launch)",
        "sample", "ops per trace", "analysis µs/op", "record µs/op", "replay µs/op (median)", "record/analysis",
        "analysis/replay", "recordings", "replays", "other");
    Table.Builder perOp = PerOpTable.builder("analysis-replay-per-op",
        "Where the issuing thread's real time goes per op over the measured runs (whole run)");
    List<String> notes = new ArrayList<>();
    List<Double> speedups = new ArrayList<>();
    for (String name : SAMPLES) {
      if (!Samples.names().contains(name)) {
        notes.add(name + ": skipped: not a registered sample");
        continue;
      }
      try {
        int iterations = s.pick(30, 120);
        drive(name, Mode.NONE, iterations, machine, tiles); // JIT warm-up: the same loop, once
        drive(name, Mode.MANUAL, iterations, machine, tiles);
        s.progress("  %s: analysis, then record/replay, %d iterations", name, iterations);
        Windows none = drive(name, Mode.NONE, iterations, machine, tiles);
        Windows man = drive(name, Mode.MANUAL, iterations, machine, tiles);
        PerOpTable.row(perOp, name, "none", none.bucketNanos(), none.opsIssued(), none.wallNanos(), iterations);
        PerOpTable.row(perOp, name, "manual", man.bucketNanos(), man.opsIssued(), man.wallNanos(), iterations);
        double analysis = Stats.median(micros(none.analysed()));
        double record = Stats.mean(micros(man.recorded()));
        double replay = Stats.median(micros(man.replayed()));
        speedups.add(analysis / replay);
        t.row(name, man.opsPerTrace(), analysis, record, replay, record / analysis, analysis / replay,
            (long) man.recorded().size(), (long) man.replayed().size(), (long) man.analysed().size());
      } catch (RuntimeException e) {
        notes.add(name + ": skipped: " + e);
      }
    }
    notes = new ArrayList<>(notes);
    notes.add("analysis is the median over the same loop windows run untraced; record is the mean over the "
        + "instances the engine recorded (the first, and any re-recording); replay the median over replayed ones");
    if (s.quick()) {
      notes.add("quick: 30 iterations after one warm-up run of the same length, so a few replays on a JIT that "
          + "has not reached its steady state; not the same measurement as the full run's 120 iterations, and "
          + "replay can come out slower than analysis here when it does not in the full run");
    }
    String cmp = String.format(Locale.ROOT,
        "dynamic tracing makes the runtime's per-task cost about 10× smaller when a trace is replayed; here replay "
            + "is %s–%s× cheaper than analysis.",
        Table.format(speedups.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN)),
        Table.format(speedups.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN)));
    return new GroupResult(List.of(t.build(), perOp.build()), List.of(), notes, cmp);
  }

  private static double[] micros(List<Double> nanos) {
    return nanos.stream().mapToDouble(v -> v / 1e3).toArray();
  }

  /** Runs {@code name}'s loop; in {@code none} mode the windows are where manual traces would be. */
  static Windows drive(String name, Mode mode, int iterations, Machine machine, int tiles) {
    Sample sample = Samples.create(name);
    LegionRuntime rt = new LegionRuntime(machine, new DefaultMapper(), CostModel.none());
    RuntimeAdapter adapter = RuntimeAdapter.builder(rt, mode).build();
    ArrayContext np = ArrayContext.create(adapter, tiles);
    DynamicTracing engine = mode == Mode.MANUAL ? adapter.traceEngine() : null;
    sample.setup(np, sample.defaultSize());
    int period = sample.manualTraceIterations();
    int first = sample.manualTraceStart();
    List<Double> analysed = new ArrayList<>();
    List<Double> recorded = new ArrayList<>();
    List<Double> replayed = new ArrayList<>();
    long nanos0 = 0;
    long ops0 = 0;
    long opsPerTrace = 0;
    TracingStatistics st0 = null;
    for (int i = 0; i < iterations; i++) {
      int phase = i - first;
      boolean window = phase >= 0 && i - phase % period + period <= iterations;
      if (window && phase % period == 0) {
        nanos0 = adapter.stats().frontDoorNanos();
        ops0 = adapter.stats().ops();
        st0 = engine == null ? null : engine.stats();
        if (mode == Mode.MANUAL) {
          adapter.beginManualTrace(0);
        }
      }
      sample.step(np, i);
      if (window && phase % period == period - 1) {
        if (mode == Mode.MANUAL) {
          adapter.endManualTrace(0);
        }
        long ops = adapter.stats().ops() - ops0;
        opsPerTrace = ops;
        double perOp = (adapter.stats().frontDoorNanos() - nanos0) / (double) Math.max(1, ops);
        if (engine == null) {
          analysed.add(perOp);
        } else {
          TracingStatistics st = engine.stats();
          if (st.replays() > st0.replays()) {
            replayed.add(perOp);
          } else if (st.recordings() > st0.recordings()) {
            recorded.add(perOp);
          } else {
            analysed.add(perOp);
          }
        }
      }
      sample.monitor(np, i); // periodic checks, outside the windows; the loop runs its full length
    }
    adapter.close();
    long wall = System.nanoTime() - adapter.createdNanos();
    return new Windows(analysed, recorded, replayed, opsPerTrace, adapter.account().snapshot(TimeAccount.newSnapshot()),
        adapter.opsIssued(), wall, iterations);
  }
}
