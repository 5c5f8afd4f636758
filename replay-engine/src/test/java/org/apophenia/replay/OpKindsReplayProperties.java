package org.apophenia.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apophenia.legion.AnalyzeAll;
import org.apophenia.legion.tracing.OpKind;
import org.apophenia.legion.tracing.TraceEngine;
import org.apophenia.replay.MixedKindsProgram.Copy;
import org.apophenia.replay.MixedKindsProgram.Fill;
import org.apophenia.replay.MixedKindsProgram.IndexTask;
import org.apophenia.replay.MixedKindsProgram.Step;
import org.apophenia.replay.MixedKindsProgram.Task;
import org.apophenia.replay.stats.TracingStatistics;
import org.junit.jupiter.api.Test;

/**
 * Every kind of operation a trace can hold is replayed (dynamic tracing paper §3–4: the same pre- and
 * postcondition rules for all of them): on random loops mixing tasks, index launches, fills, copies,
 * reduction copies and execution fences, the replayed run's data is bit-identical to the analysed
 * run's, both runs keep every dependence of the program (each pair of operations that interfere, or
 * that a fence separates, runs in order in simulated time), and the engine's own statistics show
 * operations of every kind replayed. An engine that always analyses fails the law (checked below).
 */
class OpKindsReplayProperties {
  /**
   * The law on one program. {@code replayed} reads the engine's replayed operations of a kind after
   * the run.
   */
  static void checkLaw(MixedKindsProgram prog, TraceEngine engine, ToLongFunction<OpKind> replayed) {
    MixedKindsRunner analysed = new MixedKindsRunner(prog, null);
    MixedKindsRunner traced = new MixedKindsRunner(prog, engine);
    for (int f = 0; f < MixedKindsProgram.FIELDS; f++) {
      assertThat(traced.data[f]).as("field f%d of %s", f, prog).containsExactly(analysed.data[f]);
    }
    List<int[]> deps = dependences(prog);
    assertThat(unordered(analysed, deps)).as("dependences the analysed run breaks, %s", prog).isEmpty();
    assertThat(unordered(traced, deps)).as("dependences the replayed run breaks, %s", prog).isEmpty();
    for (OpKind k : OpKind.values()) {
      assertThat(replayed.applyAsLong(k)).as("%s operations the engine replayed, %s", k, prog).isPositive();
    }
  }

  @Property(tries = 60)
  void everyKindIsReplayedWithTheAnalysedDataAndDependences(@ForAll long seed,
      @ForAll @IntRange(min = 3, max = 6) int iterations, @ForAll @IntRange(min = 0, max = 6) int extra,
      @ForAll boolean elision) {
    MixedKindsProgram prog = MixedKindsProgram.random(seed, iterations, extra);
    DynamicTracing engine = new DynamicTracing(TracingOptions.defaults().withFenceElision(elision));
    checkLaw(prog, engine, k -> engine.stats().replayed(k));
    TracingStatistics s = engine.stats();
    assertThat(s.replayedByKind().values().stream().mapToLong(Long::longValue).sum()).as("%s", s)
        .isEqualTo(s.replayedOps());
    assertThat(s.unreplayable()).as("%s", s).isZero();
  }

  /** A test of the test: an engine that never memoizes keeps data and dependences but fails the law. */
  @Test
  void anEngineThatAlwaysAnalysesFailsTheLaw() {
    MixedKindsProgram prog = MixedKindsProgram.random(42, 4, 2);
    AnalyzeAll stub = new AnalyzeAll();
    assertThatThrownBy(() -> checkLaw(prog, stub, k -> 0)).isInstanceOf(AssertionError.class)
        .hasMessageContaining("operations the engine replayed");
  }

  /**
   * A fill's value is part of what a replay compares: a recording that filled with one value is never
   * replayed for a fill with another (it would write the recorded value).
   */
  @Test
  void aFillWithAnotherValueIsNotReplayedFromTheRecordingOfTheFirst() {
    MixedKindsProgram prog = new MixedKindsProgram(List.of(new Task(0, 0, 1, 5),
        new Fill(1, 1, 7, true), new Copy(1, 1, 0, 2, false), new Task(2, 2, 1, 3)), 8);
    DynamicTracing engine = new DynamicTracing();
    MixedKindsRunner analysed = new MixedKindsRunner(prog, null);
    MixedKindsRunner traced = new MixedKindsRunner(prog, engine);
    for (int f = 0; f < MixedKindsProgram.FIELDS; f++) {
      assertThat(traced.data[f]).as("field f%d", f).containsExactly(analysed.data[f]);
    }
    TracingStatistics s = engine.stats();
    assertThat(s.replayed(OpKind.FILL)).as("%s", s).isPositive();
    assertThat(s.recordings()).as("one recording per value at least, %s", s).isGreaterThanOrEqualTo(2);
  }

  /** One traced operation of the program: its accesses (region, field, writes) or, for a fence, none. */
  private record Access(boolean fence, List<int[]> uses) {}

  /**
   * The program's dependences as pairs of traced operation indices (issue order, index-launch points
   * apart): two operations that use overlapping data, one writing it, or any two a fence separates
   * (the fence included).
   */
  static List<int[]> dependences(MixedKindsProgram prog) {
    List<Access> ops = new ArrayList<>();
    for (int it = 0; it < prog.iterations(); it++) {
      for (Step s : prog.body()) {
        if (s instanceof Task t) {
          ops.add(new Access(false, List.of(new int[] {t.region(), t.rw(), 1}, new int[] {t.region(), t.ro(), 0})));
        } else if (s instanceof IndexTask t) {
          for (int i = 0; i < MixedKindsProgram.PIECES; i++) {
            ops.add(new Access(false, List.of(new int[] {1 + i, t.rw(), 1}, new int[] {1 + i, t.ro(), 0})));
          }
        } else if (s instanceof Fill f) {
          ops.add(new Access(false, List.<int[]>of(new int[] {f.region(), f.field(), 1})));
        } else if (s instanceof Copy c) {
          ops.add(new Access(false, List.of(new int[] {c.src(), c.sf(), 0}, new int[] {c.dst(), c.df(), 1})));
        } else {
          ops.add(new Access(true, List.of()));
        }
      }
    }
    List<int[]> deps = new ArrayList<>();
    int lastFence = -1;
    for (int b = 0; b < ops.size(); b++) {
      for (int a = 0; a < b; a++) {
        if (a <= lastFence || ops.get(b).fence() || interfere(ops.get(a), ops.get(b))) {
          deps.add(new int[] {a, b});
        }
      }
      if (ops.get(b).fence()) {
        lastFence = b;
      }
    }
    return deps;
  }

  private static boolean interfere(Access a, Access b) {
    for (int[] x : a.uses()) {
      for (int[] y : b.uses()) {
        boolean overlap = x[0] == y[0] || x[0] == 0 || y[0] == 0;
        if (overlap && x[1] == y[1] && (x[2] == 1 || y[2] == 1)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The dependences {@code run} broke: the later operation started before the earlier one ended. */
  static List<String> unordered(MixedKindsRunner run, List<int[]> deps) {
    List<String> bad = new ArrayList<>();
    for (int[] d : deps) {
      MixedKindsRunner.Timed a = run.ops.get(d[0]);
      MixedKindsRunner.Timed b = run.ops.get(d[1]);
      if (a.end() < 0 || b.end() < 0 || b.start() < a.end()) {
        bad.add(d[0] + " " + a + " -> " + d[1] + " " + b);
      }
    }
    return bad;
  }
}
