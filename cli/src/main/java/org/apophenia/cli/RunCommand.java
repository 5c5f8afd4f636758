package org.apophenia.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apophenia.autotrace.ApopheniaSettings;
import org.apophenia.autotrace.accounting.Bucket;
import org.apophenia.autotrace.accounting.TimeAccount;
import org.apophenia.cli.profile.ProfileOptions;
import org.apophenia.cli.profile.ProfileSession;
import org.apophenia.cli.output.FileSet;
import org.apophenia.samples.apps.IterationMarks;
import org.apophenia.samples.apps.RunOptions;
import org.apophenia.samples.apps.RunResult;
import org.apophenia.samples.apps.Sample;
import org.apophenia.samples.apps.SampleCheckException;
import org.apophenia.samples.apps.SampleRunner;
import org.apophenia.samples.apps.Samples;
import org.apophenia.samples.adapter.Mode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code apophenia run SAMPLE}: runs one sample array program on the runtime and the simulated machine
 * in one tracing mode and reports what was traced, the checksum of its results and the times: where
 * the issuing thread's real time went per op, by bucket, in the steady state and over the whole run.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    modelTransformer = RunCommand.IterationsHelp.class,
    description = "Run a sample array program (SAMPLE below) with tracing off, hand-placed or automatic.")
final class RunCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "SAMPLE", arity = "0..1", description = "One of: ${COMPLETION-CANDIDATES} (or --class).",
      completionCandidates = SampleNames.class)
  String sample;

  /** {@code --class NAME --classpath JAR|DIR}: a program of the user's own instead of SAMPLE. */
  @Mixin ProgramOptions program;

  @Option(names = "--mode", paramLabel = "MODE", defaultValue = "auto",
      description = "none, manual (the sample's hand-placed traces) or auto (Apophenia); default ${DEFAULT-VALUE}.")
  String mode;

  /** The help states the heap's bound on this JVM ({@link IterationsHelp}). */
  @Option(names = "--iterations", paramLabel = "N")
  Integer iterations;

  @Option(names = "--size", paramLabel = "N", description = "Problem size (default: the sample's).")
  Integer size;

  @Option(names = "--tiles", paramLabel = "N",
      description = "Row blocks per array (default: the machine's GPUs, or CPUs up to 16; at least 4).")
  Integer tiles;

  @Option(names = "--machine", paramLabel = "PRESET|FILE", defaultValue = "workstation",
      description = "A preset such as perlmutter:4 (see 'apophenia machines') or a machine file; "
          + "default ${DEFAULT-VALUE}.")
  String machine;

  @Option(names = "--cost-model", paramLabel = "MODEL", defaultValue = "legion",
      description = "Simulated cost of the runtime's own work: none, legion (analysis by requirements, "
          + "region-tree nodes, fields and points, replay per task and per trace, on each node's utility "
          + "processors; the output lists its parameters) or measured (real analysis time); default ${DEFAULT-VALUE}.")
  String costModel;

  @Mixin SchedulerFlags scheduling;

  @Option(names = "--json", description = "Print one JSON object instead of a summary.")
  boolean json;

  @Option(names = "--out", paramLabel = "DIR",
      description = "Write Apophenia's dumps (summary.json, traces.json, trace-search.csv/png, mining.csv) and the "
          + "simulated timeline (timeline.json for Perfetto, timeline.paje for ViTE), and manifest.json naming them: "
          + "all of them appear at the end, or none (default: no files).")
  Path out;

  /** {@code --settings} and a flag per knob of Apophenia's registry ({@code --mode auto}). */
  @Mixin ApopheniaFlags apophenia;

  @Option(names = "--explain",
      description = "For every operation not replayed, say why (warming up, untraceable kind, short run, candidate "
          + "not yet promoted, cut by a break, trace diverged, precondition failed, pending queue flushed, first "
          + "occurrence): counts in the summary; with --out, explain.csv and the reasons in timeline.json.")
  boolean explain;

  /** {@code --profile DIR} and its settings: the event recorder, for the measured run only. */
  @Mixin ProfileOptions profile;
  /** {@code --shards N}: control-replicated shards as processes ({@link ShardsOption}). */
  @Mixin ShardsOption shards;

  @Option(names = "--jit-warmup", paramLabel = "N", defaultValue = "0",
      description = "Run the sample N more times first in this JVM, discarding those runs, so that the reported "
          + "run's real times are of compiled code rather than of the JIT compiler at work (JMH's warm-up "
          + "iterations), then collect their garbage; traces and results do not depend on it. The JIT settles "
          + "after some 10^5 operations in all: about 100 runs of jacobi or stencil, a few of cfd; default "
          + "${DEFAULT-VALUE}.")
  int jitWarmup;

  /**
   * Operations issued in one JVM after which the real times are mostly of compiled code: where
   * Apophenia's and the runtime's buckets settle on the samples (BENCHMARKS.md, "Figures once kept in
   * the code's comments"). A run with fewer says so and suggests the {@code --jit-warmup} that reaches
   * it.
   */
  static final long COMPILED_AFTER_OPS = 100_000;

  /** Operations issued in this JVM by the warm-up runs and the measured one. */
  private long issuedInJvm(RunResult r) {
    return r.ops() * (jitWarmup + 1L);
  }

  static final class SampleNames implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return Samples.names().iterator();
    }
  }

  @Override
  public Integer call() throws IOException {
    // Everything is checked before the sample starts: a mistake costs no time and writes nothing.
    ProgramOptions.Program p = program.resolve(sample);
    Sample s = p.create();
    String name = s.name();
    Mode m = Mode.parse(mode);
    ApopheniaSettings config = apophenia.settings();
    int n = iterations == null ? s.defaultIterations() : Limits.ITERATIONS.check(iterations);
    Limits.size(name).check(size);
    Limits.TILES.check(tiles);
    if (tiles != null && tiles > (size == null ? s.defaultSize() : size)) {
      throw new UserError("--tiles " + tiles + " cannot cut " + (size == null ? s.defaultSize() : size)
          + " rows (--size) into row blocks; give at most one tile per row");
    }
    RunOptions o = RunOptions.of(m, n, SampleRunSupport.machine(machine), SampleRunSupport.costModel(costModel))
        .withScheduler(scheduling.scheduler()).withConfig(config);
    // the simulation keeps every event: a run too long for this heap is refused now, not after minutes
    RunBudget.check(name, n, tiles != null ? tiles : SampleRunner.defaultTiles(o.machine()), tiles != null);
    Path target = OutputPaths.directory("--out", out, explain ? SampleRunSupport.withExplain() : SampleRunSupport.RUN_FILES);
    if (target != null) {
      OutputPaths.temporaryDirectory("run --out keeps per-operation records there while it runs");
    }
    OutputPaths.directory("--profile", profile.dir(), ProfileOptions.FILES);
    profile.settings();
    if (size != null) {
      o = o.withSize(size);
    }
    if (tiles != null) {
      o = o.withTiles(tiles);
    }
    Limits.JIT_WARMUP.check(jitWarmup);
    shards.check();
    if (shards.launching()) {
      return ShardLauncher.launch(spec, shards, out);
    }
    try (ShardSession shard = shards.join(spec, out)) {
      return run(p, s, m, o, shard, target);
    }
  }

  /**
   * Runs the sample (after {@code --jit-warmup} runs), as one shard if {@code shard} is not null, and
   * reports; {@code p} is the program {@code s} came from, {@code target} the checked {@code --out}
   * directory, or null.
   */
  private int run(ProgramOptions.Program p, Sample s, Mode m, RunOptions o, ShardSession shard, Path target)
      throws IOException {
    String name = s.name();
    PrintWriter err = spec.commandLine().getErr();
    RunResult r;
    ExplainLog<org.apophenia.samples.adapter.ArrayOp> why = null;
    Map<String, Object> profiled = null;
    RunOptions measured = shard == null ? o : shard.replicate(o);
    try {
      for (int i = 0; i < jitWarmup; i++) {
        if (System.console() != null) {
          err.printf("JIT warm-up run %d of %d%n", i + 1, jitWarmup);
        }
        SampleRunSupport.run(p.create(), o, null, null);
      }
      if (jitWarmup > 0) {
        // the warm-up runs' garbage is not the measured run's: collect it now, so that the measured
        // run's own allocation decides when a collection pauses it (the pauses are reported: gcPause)
        System.gc();
      }
      ProfileSession recording = profile.start(); // the measured run only, not the warm-up runs
      try (FileSet set = target == null ? null : FileSet.open(target)) {
        java.io.Writer explainCsv = explain && set != null ? set.writer("explain.csv") : null;
        why = explain ? new ExplainLog<>(null, explainCsv, org.apophenia.samples.adapter.ArrayTokenizer.INSTANCE::token) : null;
        try {
          r = SampleRunSupport.run("run", s, measured, set, System.console() != null ? err : null, why);
          if (explainCsv != null) {
            explainCsv.close(); // the file joins the set
          }
        } finally {
          if (recording != null) {
            recording.stop();
          }
        }
        if (recording != null) {
          profiled = recording.finish(err);
        }
        if (set != null) {
          set.commit();
        }
      }
    } catch (SampleCheckException e) {
      err.println("apophenia run: " + name + " computed wrong numbers: " + e.getMessage());
      return 1;
    } catch (UserError e) {
      throw e;
    } catch (org.apophenia.samples.adapter.TraceMismatchException e) {
      throw ProgramOptions.annotationMismatch(m, s, e);
    } catch (RuntimeException e) {
      throw p.failure().apply(e); // a program of one's own: its exception at its own frame
    }
    if (shard != null) {
      shard.finish();
    }
    PrintWriter w = spec.commandLine().getOut();
    for (org.apophenia.samples.array.PoolGrowth.Warning lw : r.lifetimeWarnings()) {
      err.println("apophenia run: warning: " + lw.message()); // also under --json: counted there
    }
    if (json) {
      java.util.Map<String, Object> j = SampleRunSupport.summary(r, measured);
      if (shard != null) {
        shard.addTo(j, r.ops(), r.mining().waitIntervalDoublings());
      }
      j.put("jitWarmupRuns", jitWarmup);
      j.put("compiled", issuedInJvm(r) >= COMPILED_AFTER_OPS);
      j.put("costModel", costModel);
      j.put("costModelParameters", o.costModel().describe());
      j.put("clockReadNanos", TimeAccount.clockReadNanos());
      if (profiled != null) {
        j.put("profile", profiled);
      }
      if (why != null) {
        why.retired(r.tracesRetired());
        j.put("explain", why.summary());
      }
      w.println(new ObjectMapper().writeValueAsString(j));
    } else {
      w.println(Provenance.header(SampleRunSupport.provenance("run", o)));
      w.printf("%s, %s mode, on %s (%d tiles, size %d): %d iterations, %d ops%n", r.sample(), r.mode(), r.machine(),
          r.tiles(), r.size(), r.iterations(), r.ops());
      w.printf("traced %d ops (%.1f%%), replayed %d; %s (%d never replayed), %s; every iteration "
          + "replayed from %s%n", r.tracedOps(), 100 * r.coverage(), r.replayedOps(),
          SampleRunSupport.plural(r.tracesRecorded(), "trace"), r.tracesNeverReplayed(),
          SampleRunSupport.plural(r.replays(), "replay"),
          r.warmupIterations() < 0 ? "(never)" : "iteration " + r.warmupIterations());
      if (r.tracesRetired() > 0) {
        w.printf("%d traces retired from automatic tracing: more than %d of their last %d replays failed (their "
            + "precondition, or their operations diverged from the recording)%n", r.tracesRetired(),
            o.config().get(org.apophenia.autotrace.Knobs.RETIRE_AFTER_FAILURES),
            o.config().get(org.apophenia.autotrace.Knobs.RETIREMENT_WINDOW));
      }
      w.printf("analysis %.1f ms (%.1f us/op), Apophenia %.1f ms, wall %.1f ms, simulated makespan %.3f ms%n",
          r.analysisNanos() / 1e6, r.analysisNanos() / 1e3 / Math.max(1, r.ops()), r.apopheniaNanos() / 1e6,
          r.wallNanos() / 1e6, r.simulatedMakespanNanos() / 1e6);
      IterationMarks.SteadyState st = r.steadyState();
      if (st != null) {
        w.printf("steady state (last %d iterations, %d-%d, %d ops%s): simulated %.2f us/op, front door %.2f us/op, "
            + "Apophenia %.2f us/op%n", st.iterations(), st.fromIteration(), st.fromIteration() + st.iterations() - 1,
            st.ops(), r.steadyStateWarm() || r.mode().equals("none") ? "" : ", not all replayed yet", st.simulatedNanosPerOp() / 1e3,
            st.frontDoorNanosPerOp() / 1e3, st.apopheniaNanosPerOp() / 1e3);
        printPerOp(w, "steady", st);
        StringBuilder reads = new StringBuilder();
        for (Bucket k : Bucket.values()) {
          if (st.clockReadsPerOp(k) > 0) {
            reads.append(String.format(java.util.Locale.ROOT, " %s %.1f", k.key(), st.clockReadsPerOp(k)));
          }
        }
        w.printf(java.util.Locale.ROOT, "clock reads per op, steady (each about %d ns, half in each bucket it borders):%s%n",
            TimeAccount.clockReadNanos(), reads);
      }
      printPerOp(w, "whole", r.whole());
      if (r.mining().jobs() > 0) {
        w.printf(java.util.Locale.ROOT, "mining (background thread): %d jobs, %d tokens, %.0f CPU ns per op, %.1f%% of "
            + "one core; the issuing thread waited %d times; %d windows backed off, %d without repeats not mined%n",
            r.mining().jobs(), r.mining().tokensMined(), r.mining().cpuNanosPerOp(r.ops()),
            100 * r.mining().coreFraction(r.wallNanos()), r.mining().waits(), r.mining().backedOff(),
            r.mining().withoutRepeats());
      }
      if (jitWarmup > 0) {
        w.printf("real times are of the last of %d runs in this JVM (--jit-warmup %d)%n", jitWarmup + 1, jitWarmup);
      }
      long issuedInJvm = issuedInJvm(r);
      if (issuedInJvm < COMPILED_AFTER_OPS) {
        w.printf("real times are partly of code the JIT compiler had not compiled yet: %d ops in this JVM, about "
            + "%d needed; %s%n", issuedInJvm, COMPILED_AFTER_OPS, jitAdvice(r.ops()));
      }
      SampleRunSupport.printScheduling(w, r.scheduling());
      if (shard != null) {
        shard.print(w, r.ops(), r.mining().waitIntervalDoublings());
      }
      if (why != null) {
        why.retired(r.tracesRetired());
        w.print(why.words());
      }
      w.printf("check: %s; checksum %s%n", r.check(), r.checksum());
      w.printf("simulated times under the cost model %s%n", o.costModel().describe());
      if (out != null) {
        w.printf("wrote %s/{summary.json,traces.json,trace-search.csv,trace-search.png,mining.csv,timeline.json,"
            + "timeline.paje}%n", out);
      }
    }
    return 0;
  }

  /**
   * The {@code --jit-warmup} that reaches {@link #COMPILED_AFTER_OPS} operations in this JVM, only if
   * the flag accepts it; otherwise what does reach them (more iterations at the flag's maximum).
   */
  static String jitAdvice(long opsPerRun) {
    long runs = Math.max(1, (COMPILED_AFTER_OPS + opsPerRun - 1) / Math.max(1, opsPerRun) - 1);
    if (runs <= Limits.JIT_WARMUP.max()) {
      return "--jit-warmup " + runs + " measures compiled code";
    }
    long perRun = (COMPILED_AFTER_OPS + Limits.JIT_WARMUP.max()) / (Limits.JIT_WARMUP.max() + 1);
    return "this run is too short for --jit-warmup (at most " + Limits.JIT_WARMUP.max() + ") to reach them: "
        + "--jit-warmup " + Limits.JIT_WARMUP.max() + " with more --iterations (about " + perRun
        + " ops a run) measures compiled code";
  }

  /** One line of the per-op decomposition: real ns per op in each bucket, their sum and the wall. */
  private static void printPerOp(PrintWriter w, String window, IterationMarks.SteadyState s) {
    if (s == null) {
      return;
    }
    StringBuilder b = new StringBuilder();
    double sum = 0;
    for (Bucket k : Bucket.values()) {
      b.append(String.format(java.util.Locale.ROOT, " %s %.0f", k.key(), s.nanosPerOp(k)));
      sum += s.nanosPerOp(k);
    }
    w.printf(java.util.Locale.ROOT, "real ns/op, %s:%s = %.0f (wall %.0f; GC pauses %.0f, inside the buckets)%n",
        window, b, sum, s.wallNanosPerOp(), s.gcPauseNanosPerOp());
  }

  /** Writes the bound {@link RunBudget} sets on this heap into the help of {@code --iterations}. */
  static final class IterationsHelp implements picocli.CommandLine.IModelTransformer {
    @Override
    public picocli.CommandLine.Model.CommandSpec transform(picocli.CommandLine.Model.CommandSpec command) {
      // picocli applies a command's own transformer instead of its mixins': ApopheniaFlags' goes first
      new ApopheniaFlags.Install().transform(command);
      picocli.CommandLine.Model.OptionSpec o = command.findOption("--iterations");
      command.remove(o);
      command.addOption(o.toBuilder().description("Main-loop iterations (default: the sample's); 1.."
          + Limits.ITERATIONS.max() + ", and within the heap with the tiles: the simulation keeps every event, so on "
          + "4 tiles and this JVM's " + (Runtime.getRuntime().maxMemory() >> 20) + " MiB heap at most "
          + RunBudget.describe(4) + ", and on 16 tiles " + RunBudget.describe(16) + " (more with JAVA_OPTS=-Xmx...).")
          .build());
      return command;
    }
  }
}
