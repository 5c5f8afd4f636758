package org.apophenia.cli.bench;

import java.util.ArrayList;
import java.util.List;
import org.apophenia.autotrace.accounting.Bucket;
import org.apophenia.samples.apps.IterationMarks;
import org.apophenia.samples.apps.RunResult;

/**
 * The per-op decomposition of sample runs as a table: one row per run and window (steady state, the
 * last quarter of iterations, and the whole run), real nanoseconds per op the program issued in each
 * {@link Bucket}, their sum and the issuing thread's wall time measured apart. Stateless.
 */
final class PerOpTable {
  private PerOpTable() {}

  /** An empty decomposition table. */
  static Table.Builder builder(String name, String title) {
    List<String> cols = new ArrayList<>(List.of("sample", "mode", "window", "iterations"));
    for (Bucket b : Bucket.values()) {
      cols.add(b.key() + " ns/op");
    }
    cols.add("sum ns/op");
    cols.add("wall ns/op");
    cols.add("total excl. kernel ns/op");
    return Table.builder(name, title, cols.toArray(String[]::new));
  }

  /** Adds {@code r}'s steady-state and whole-run rows. */
  static void rows(Table.Builder t, String sample, RunResult r) {
    row(t, sample, r.mode(), "steady", r.steadyState());
    row(t, sample, r.mode(), "whole", r.whole());
  }

  /** A whole-run row from an account's {@code nanos} (by bucket ordinal) over {@code ops} ops. */
  static void row(Table.Builder t, String sample, String mode, long[] nanos, long ops, long wallNanos, int iterations) {
    double[] perOp = new double[nanos.length];
    for (int i = 0; i < nanos.length; i++) {
      perOp[i] = (double) nanos[i] / Math.max(1, ops);
    }
    row(t, sample, mode, "whole", new IterationMarks.SteadyState(0, iterations, ops, 0, 0, 0,
        (double) wallNanos / Math.max(1, ops), perOp));
  }

  private static void row(Table.Builder t, String sample, String mode, String window, IterationMarks.SteadyState s) {
    List<Object> cells = new ArrayList<>(List.of(sample, mode, window));
    if (s == null) {
      cells.add("no ops");
      for (int i = 0; i < Bucket.values().length + 3; i++) {
        cells.add(null);
      }
    } else {
      cells.add(s.fromIteration() + "–" + (s.fromIteration() + s.iterations() - 1));
      double sum = 0;
      for (Bucket b : Bucket.values()) {
        cells.add(s.nanosPerOp(b));
        sum += s.nanosPerOp(b);
      }
      cells.add(sum);
      cells.add(s.wallNanosPerOp());
      cells.add(s.totalExcept(Bucket.KERNEL));
    }
    t.row(cells.toArray());
  }
}
